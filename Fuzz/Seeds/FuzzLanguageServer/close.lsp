Content-Length: 96

{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///f"}}}Content-Length: 167

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///g","version":1,"text":"mediator wrapper as T\nparticipant A\nA -> T: hi\n"}}}