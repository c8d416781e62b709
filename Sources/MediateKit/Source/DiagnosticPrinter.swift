/// Formats diagnostics as the language specifies:
/// `PATH:LINE:COLUMN: error: MESSAGE`, the source line, a caret under the token, then notes.
public enum DiagnosticPrinter {
    /// Renders every diagnostic of `file`, sorted by position, each ending in a newline;
    /// `colored` paints `error:` red, the caret green and notes cyan, for a terminal.
    public static func render(_ diagnostics: [Diagnostic], in file: SourceFile, colored: Bool = false) -> String {
        diagnostics
            .sorted { ($0.range.lowerBound, $0.message) < ($1.range.lowerBound, $1.message) }
            .map { render($0, in: file, colored: colored) }
            .joined()
    }

    /// Renders one diagnostic: header, source line, caret line, notes.
    public static func render(_ diagnostic: Diagnostic, in file: SourceFile, colored: Bool = false) -> String {
        let start = diagnostic.range.lowerBound
        var out = ANSI.paint("\(file.path):\(start.line):\(start.column): ", "1", when: colored)
            + ANSI.paint("error:", "1;31", when: colored) + ANSI.paint(" \(diagnostic.message)", "1", when: colored) + "\n"
        let line = file.lineText(start.line)
        out += line + "\n"
        out += ANSI.paint(caretLine(under: diagnostic.range, lineText: line), "32", when: colored) + "\n"
        for note in diagnostic.notes {
            out += ANSI.paint("\(note.kind.rawValue):", "1;36", when: colored) + " \(note.message)\n"
        }
        return out
    }

    /// Spaces (tabs kept, so the caret lines up) up to the token, `^`, then `~` for the rest of
    /// the token on this line.
    static func caretLine(under range: SourceRange, lineText: String) -> String {
        let characters = Array(lineText)
        let startColumn = range.lowerBound.column
        var caret = ""
        for index in 0..<max(0, startColumn - 1) {
            caret.append(index < characters.count && characters[index] == "\t" ? "\t" : " ")
        }
        caret.append("^")
        if range.upperBound.line == range.lowerBound.line {
            let width = range.upperBound.column - startColumn
            if width > 1 { caret.append(String(repeating: "~", count: width - 1)) }
        }
        return caret
    }
}
