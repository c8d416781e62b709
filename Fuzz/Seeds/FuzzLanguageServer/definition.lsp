Content-Length: 141

{"jsonrpc":"2.0","id":1,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///f"},"position":{"line":3,"character":0}}}Content-Length: 180

{"jsonrpc":"2.0","id":2,"method":"textDocument/references","params":{"textDocument":{"uri":"file:///f"},"position":{"line":0,"character":12},"context":{"includeDeclaration":true}}}