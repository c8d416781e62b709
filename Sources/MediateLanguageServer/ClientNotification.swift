/// A notification the language server acts on, with its parameters decoded.
enum ClientNotification {
    case exit
    case didOpen(LSPParams.DidOpen)
    case didChange(LSPParams.DidChange)
    case didClose(LSPParams.Document)
    /// `initialized`, `$/cancelRequest` (every request is answered before the next is read),
    /// `$/setTrace`, `workspace/didChangeConfiguration` …: nothing to do.
    case ignored

    /// The notification `name` is, with `params` decoded as its method needs them.
    ///
    /// - Throws: why it cannot be used, for the log (a notification is never answered): a
    ///   request's method, or params that are not the method's.
    init(_ name: String, params: any Decoder) throws(ResponseError) {
        guard let method = LSPMethod(rawValue: name) else {
            self = .ignored
            return
        }
        func decoded<Params: Decodable>() throws(ResponseError) -> Params {
            do { return try Params(from: params) } catch { throw .invalidParams(method, error) }
        }
        switch method {
        case .exit: self = .exit
        case .initialized: self = .ignored
        case .didOpen: self = .didOpen(try decoded())
        case .didChange: self = .didChange(try decoded())
        case .didClose: self = .didClose(try decoded())
        case .initialize, .shutdown, .completion, .hover, .definition, .references, .documentSymbol, .formatting:
            throw ResponseError(.invalidRequest, "'\(name)' is a request: it needs an id")
        }
    }
}
