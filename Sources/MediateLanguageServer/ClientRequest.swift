/// A request the language server answers, with its parameters decoded.
enum ClientRequest {
    /// `initialize`: its params (the client's capabilities) are not read.
    case initialize
    case shutdown
    case completion(LSPParams.DocumentPosition)
    case hover(LSPParams.DocumentPosition)
    case definition(LSPParams.DocumentPosition)
    case references(LSPParams.References)
    case documentSymbol(LSPParams.Document)
    case formatting(LSPParams.Document)

    /// The request `name` asks for, with `params` decoded as its method needs them.
    ///
    /// - Throws: MethodNotFound (-32601) for a method the server does not know or a notification's
    ///   method; InvalidParams (-32602) for params that are not the method's.
    init(_ name: String, params: any Decoder) throws(ResponseError) {
        guard let method = LSPMethod(rawValue: name) else {
            throw ResponseError(.methodNotFound, "unknown method '\(name)'")
        }
        func decoded<Params: Decodable>() throws(ResponseError) -> Params {
            do { return try Params(from: params) } catch { throw .invalidParams(method, error) }
        }
        switch method {
        case .initialize: self = .initialize
        case .shutdown: self = .shutdown
        case .completion: self = .completion(try decoded())
        case .hover: self = .hover(try decoded())
        case .definition: self = .definition(try decoded())
        case .references: self = .references(try decoded())
        case .documentSymbol: self = .documentSymbol(try decoded())
        case .formatting: self = .formatting(try decoded())
        case .initialized, .exit, .didOpen, .didChange, .didClose:
            throw ResponseError(.methodNotFound, "'\(name)' is a notification: it is sent without an id and never answered")
        }
    }
}
