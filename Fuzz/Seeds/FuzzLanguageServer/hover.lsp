Content-Length: 137

{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///f"},"position":{"line":0,"character":13}}}Content-Length: 136

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///f"},"position":{"line":3,"character":9}}}