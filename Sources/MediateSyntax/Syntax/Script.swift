/// A whole scenario file. Outside this package a script is opaque, made only by the front end:
/// one from ``Frontend/load(_:designNames:)`` has passed the checker, whose guarantees the
/// interpreter relies on.
public struct Script: Hashable, Sendable {
    package var statements: [Statement]
    package var range: SourceRange
    /// The checker's warnings, in source order: what the file does that it may not mean (a
    /// reaction written below a send it changes). They never stop it from running.
    public internal(set) var warnings: [Diagnostic] = []
    /// The names on the lines that did not parse, from where each line's error stopped it: such a
    /// line may have declared one (`particpant Alice`), so the checker reports no use of them as
    /// unknown.
    package var unparsedWords: Set<String> = []

    package init(statements: [Statement], range: SourceRange) {
        self.statements = statements
        self.range = range
    }
}
