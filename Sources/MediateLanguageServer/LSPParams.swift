/// The `params` of the methods the language server knows, as LSP 3.17 defines them, with the
/// fields it reads; others (`languageId`, formatting's `options`, progress tokens) are ignored.
///
/// Their `Decodable` conformances are synthesized: a field that is missing, `null` where LSP
/// allows no `null`, or of another type fails the whole message, as ``ResponseError/invalidParams(_:_:)``
/// for a request and a logged drop for a notification. An optional field may be missing or `null`;
/// when it is there it must have its type.
enum LSPParams {
    /// `TextDocumentIdentifier`.
    struct DocumentID: Decodable {
        var uri: String
    }

    /// `VersionedTextDocumentIdentifier`; without a version, the server counts on from its own.
    struct VersionedDocumentID: Decodable {
        var uri: String
        var version: Int?
    }

    /// `TextDocumentItem`; without a version, the document starts at 0.
    struct DocumentItem: Decodable {
        var uri: String
        var version: Int?
        var text: String
    }

    /// The params of `textDocument/documentSymbol`, `textDocument/formatting` and
    /// `textDocument/didClose`: which document.
    struct Document: Decodable {
        var textDocument: DocumentID
    }

    /// `TextDocumentPositionParams`, of completion, hover and definition: a place in a document.
    struct DocumentPosition: Decodable {
        var textDocument: DocumentID
        var position: LSPPosition
    }

    /// `ReferenceParams`: a place, and whether its declaration is one of the references (not
    /// without `context`).
    struct References: Decodable {
        struct Context: Decodable {
            var includeDeclaration: Bool?
        }

        var textDocument: DocumentID
        var position: LSPPosition
        var context: Context?

        var includeDeclaration: Bool { context?.includeDeclaration ?? false }
    }

    /// `DidOpenTextDocumentParams`.
    struct DidOpen: Decodable {
        var textDocument: DocumentItem
    }

    /// `DidChangeTextDocumentParams`: the changes in the order they apply.
    struct DidChange: Decodable {
        var textDocument: VersionedDocumentID
        var contentChanges: [TextDocument.Change]
    }
}
