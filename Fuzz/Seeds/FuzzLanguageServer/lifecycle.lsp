Content-Length: 44

{"jsonrpc":"2.0","id":1,"method":"shutdown"}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}