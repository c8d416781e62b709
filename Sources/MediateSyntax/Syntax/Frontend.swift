/// The front end's entry points: from a scenario file to a checked ``Script``.
///
/// The front end knows the designs a scenario may name only by their names (`designNames`, in
/// order of registration); the runtime layer's `DesignRegistry` passes its own.
public enum Frontend {
    /// Lexes and parses; diagnostics from lexer and parser, in source order, at most
    /// ``Diagnostics/limit`` of them (the parser stops early once it has that many). `designNames`
    /// only lists the names in the help under a missing design name.
    ///
    /// - Parameters:
    ///   - file: The source.
    ///   - designNames: The design names a missing name's help lists; nil lists none.
    /// - Returns: The script, with what could not be parsed left out, and the syntax errors.
    public static func parse(_ file: SourceFile, designNames: [String]? = nil) -> (script: Script, diagnostics: [Diagnostic]) {
        var parser = Parser(file: file, kindSpellings: designNames.map(spellings(of:)))
        let script = parser.parseScript()
        return (script, sortedByPosition(parser.lexicalDiagnostics + parser.diagnostics.items))
    }

    /// Parses and checks: the script when the file has no error, with its warnings
    /// (``Script/warnings``), else every error (sorted by position), or the first
    /// ``Diagnostics/limit`` of them; a file with errors reports no warnings. `mediator KIND` must name one of `designNames`; with none given, any name passes (the
    /// formatter's case).
    ///
    /// - Parameters:
    ///   - file: The source.
    ///   - designNames: The names `mediator KIND` may use; nil lets any name pass.
    /// - Returns: The checked script, or its errors.
    public static func load(_ file: SourceFile, designNames: [String]? = nil) -> Result<Script, Diagnostics> {
        let (script, syntactic) = parse(file, designNames: designNames)
        return check(script, syntactic: syntactic, in: file, designNames: designNames)
    }

    /// Checks a parsed script, given the lexer's and parser's diagnostics. A file that already has
    /// ``Diagnostics/limit`` syntax errors is not checked.
    package static func check(
        _ script: Script, syntactic: [Diagnostic], in file: SourceFile,
        designNames: [String]?
    ) -> Result<Script, Diagnostics> {
        let full = syntactic.count >= Diagnostics.limit
        let (checked, warnings) = full ? (DiagnosticList(), []) : Checker.check(script, designNames: designNames)
        let diagnostics = sortedByPosition(syntactic + checked.items)
        guard diagnostics.isEmpty else {
            let truncated = full || checked.dropped > 0 || diagnostics.count > Diagnostics.limit
            return .failure(Diagnostics(file: file, items: Array(diagnostics.prefix(Diagnostics.limit)), truncated: truncated))
        }
        var checkedScript = script
        checkedScript.warnings = sortedByPosition(script.warnings + warnings)
        return .success(checkedScript)
    }

    /// Sorts by start position, keeping the order of diagnostics that start at the same place.
    private static func sortedByPosition(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
    }

    /// Every name quoted and joined by commas, in order: for help and error messages.
    package static func spellings(of names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
