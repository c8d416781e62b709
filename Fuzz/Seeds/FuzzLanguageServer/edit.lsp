Content-Length: 227

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///f","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":0},"end":{"line":3,"character":1}},"text":"\ud83d\ude00B"}]}}Content-Length: 136

{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///f"},"position":{"line":3,"character":3}}}