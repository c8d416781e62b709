/// The methods the language server knows, by their LSP names; any other is unknown to it.
enum LSPMethod: String, CaseIterable {
    case initialize
    case initialized
    case shutdown
    case exit
    case didOpen = "textDocument/didOpen"
    case didChange = "textDocument/didChange"
    case didClose = "textDocument/didClose"
    case completion = "textDocument/completion"
    case hover = "textDocument/hover"
    case definition = "textDocument/definition"
    case references = "textDocument/references"
    case documentSymbol = "textDocument/documentSymbol"
    case formatting = "textDocument/formatting"

    /// Whether LSP sends it as a notification (without an id, never answered) rather than as a
    /// request.
    var isNotification: Bool {
        switch self {
        case .initialized, .exit, .didOpen, .didChange, .didClose: true
        case .initialize, .shutdown, .completion, .hover, .definition, .references, .documentSymbol, .formatting: false
        }
    }
}
