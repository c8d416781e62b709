Content-Length: 141

{"jsonrpc":"2.0","id":1,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///f"},"position":{"line":3,"character":8}}}Content-Length: 141

{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///f"},"position":{"line":2,"character":3}}}