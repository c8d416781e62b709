/// A JSON-RPC error the language server answers a message with: a code a client acts on, and a
/// message for the person reading the log.
struct ResponseError: Error {
    /// JSON-RPC's codes and LSP's own.
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// InvalidParams (-32602) for the `params` of `method` that did not decode, naming the field:
    /// "invalid params for 'textDocument/hover': params.position.line: expected a whole number,
    /// found a string".
    static func invalidParams(_ method: LSPMethod, _ error: any Error) -> ResponseError {
        ResponseError(.invalidParams, "invalid params for '\(method.rawValue)': \(describe(error))")
    }

    /// What a `DecodingError` found, with the field's path from `params`.
    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            "\(error)"
        }
    }

    /// `params.contentChanges[0].range`: the coding path of a value in the message.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? (path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)")
        }
    }
}
