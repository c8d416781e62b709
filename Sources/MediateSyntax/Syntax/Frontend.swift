/// The front end's entry points: from a scenario file to a checked ``Script``.
public enum Frontend {
    /// Lexes and parses; diagnostics from lexer and parser, in source order, at most
    /// ``Diagnostics/limit`` of them (the parser stops early once it has that many). `designs`
    /// only lists the names in the help under a missing design name.
    public static func parse(_ file: SourceFile, designs: DesignRegistry? = nil) -> (script: Script, diagnostics: [Diagnostic]) {
        var parser = Parser(file: file, kindSpellings: designs?.spellings)
        let script = parser.parseScript()
        return (script, sortedByPosition(parser.lexicalDiagnostics + parser.diagnostics.items))
    }

    /// Parses and checks: the script when the file has no error, else every diagnostic (sorted by
    /// position), or the first ``Diagnostics/limit`` of them. `mediator KIND` must name one of `designs`; with none given, any name passes (the
    /// formatter's case).
    public static func load(_ file: SourceFile, designs: DesignRegistry? = nil) -> Result<Script, Diagnostics> {
        let (script, syntactic) = parse(file, designs: designs)
        return check(script, syntactic: syntactic, in: file, designs: designs)
    }

    /// Checks a parsed script, given the lexer's and parser's diagnostics. A file that already has
    /// ``Diagnostics/limit`` syntax errors is not checked.
    static func check(_ script: Script, syntactic: [Diagnostic], in file: SourceFile,
                      designs: DesignRegistry?) -> Result<Script, Diagnostics> {
        let full = syntactic.count >= Diagnostics.limit
        let checked = full ? DiagnosticList() : Checker.check(script, designs: designs)
        let diagnostics = sortedByPosition(syntactic + checked.items)
        guard diagnostics.isEmpty else {
            let truncated = full || checked.dropped > 0 || diagnostics.count > Diagnostics.limit
            return .failure(Diagnostics(file: file, items: Array(diagnostics.prefix(Diagnostics.limit)), truncated: truncated))
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
