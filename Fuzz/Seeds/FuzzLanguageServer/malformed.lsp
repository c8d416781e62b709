Content-Length: 5

{bad}Content-Type: x

Content-Length: 5

[1,2]Content-Length: 38

{"jsonrpc":"2.0","id":{},"method":"x"}