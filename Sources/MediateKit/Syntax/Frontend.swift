/// The front end's entry points: from a scenario file to a checked ``Script``.
public enum Frontend {
    /// Lexes and parses; diagnostics from lexer and parser, in source order.
    public static func parse(_ file: SourceFile) -> (script: Script, diagnostics: [Diagnostic]) {
        var parser = Parser(file: file)
        let script = parser.parseScript()
        return (script, sortedByPosition(parser.lexicalDiagnostics + parser.diagnostics))
    }

    /// Parses and checks: the script when the file has no error, else every diagnostic (sorted by position).
    public static func load(_ file: SourceFile) -> Result<Script, Diagnostics> {
        let (script, syntactic) = parse(file)
        let diagnostics = sortedByPosition(syntactic + Checker.check(script))
        guard diagnostics.isEmpty else {
            return .failure(Diagnostics(file: file, items: diagnostics))
        }
        return .success(script)
    }

    /// Sorts by start position, keeping the order of diagnostics that start at the same place.
    private static func sortedByPosition(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
    }
}
