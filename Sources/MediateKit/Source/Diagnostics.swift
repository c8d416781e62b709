/// Every static error of one file: what ``Frontend/load(_:)`` fails with.
public struct Diagnostics: Error, Sendable {
    /// The file the diagnostics are about.
    public var file: SourceFile
    /// The diagnostics, sorted by position.
    public var items: [Diagnostic]

    public init(file: SourceFile, items: [Diagnostic]) {
        self.file = file
        self.items = items
    }

    /// The diagnostics as the language prints them; see ``DiagnosticPrinter``.
    public var rendered: String { DiagnosticPrinter.render(items, in: file) }
}
