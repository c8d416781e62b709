/// Formats diagnostics as the language specifies:
/// `PATH:LINE:COLUMN: error: MESSAGE` (or `warning:`), the source line, a caret under the token,
/// then notes.
package enum DiagnosticPrinter {
    /// Lines up to this many bytes are shown whole; a longer one is shown as a window around the
    /// token, cut with `…`, so that a diagnostic on a megabyte-long line stays a few lines long.
    static let widestLine = 200
    /// How much of a long line a window shows before the token, and from the token on, in bytes.
    static let windowBefore = 60
    static let windowAfter = 100

    /// Renders every diagnostic of `file`, sorted by position, each ending in a newline;
    /// `colored` paints `error:` red, `warning:` yellow, the caret green and notes cyan, for a terminal.
    package static func render(_ diagnostics: [Diagnostic], in file: SourceFile, colored: Bool = false) -> String {
        diagnostics
            .sorted { ($0.range.lowerBound, $0.message) < ($1.range.lowerBound, $1.message) }
            .map { render($0, in: file, colored: colored) }
            .joined()
    }

    /// Renders one diagnostic: header, source line, caret line, notes.
    package static func render(_ diagnostic: Diagnostic, in file: SourceFile, colored: Bool = false) -> String {
        let word =
            diagnostic.severity == .error
            ? ANSI.paint("error:", "1;31", when: colored) : ANSI.paint("warning:", "1;33", when: colored)
        return render(diagnostic, word: word, in: file, colored: colored)
    }

    /// Renders a note about a run at `range` as a diagnostic is, with `note:` for its word: it
    /// says nothing is wrong with the file, only why the run wrote what it did.
    package static func renderNote(_ message: String, at range: SourceRange, in file: SourceFile, colored: Bool = false) -> String {
        render(Diagnostic(message, at: range), word: ANSI.paint("note:", "1;36", when: colored), in: file, colored: colored)
    }

    private static func render(_ diagnostic: Diagnostic, word: String, in file: SourceFile, colored: Bool) -> String {
        let start = diagnostic.range.lowerBound
        var out =
            ANSI.paint("\(visible(file.path)):\(start.line):\(start.column): ", "1", when: colored)
            + word + ANSI.paint(" \(visible(diagnostic.message))", "1", when: colored) + "\n"
        let lineBytes = file.byteRange(ofLine: start.line)
        if lineBytes.count <= widestLine {
            let line = file.lineText(start.line)
            out += visible(line) + "\n"
            out += ANSI.paint(caretLine(under: diagnostic.range, lineText: line), "32", when: colored) + "\n"
        } else {
            out += window(of: diagnostic.range, in: file, line: lineBytes)
        }
        for note in diagnostic.notes {
            out += ANSI.paint("\(note.kind.rawValue):", "1;36", when: colored) + " \(visible(note.message))\n"
        }
        return out
    }

    /// Spaces (tabs kept, so the caret lines up) up to the token, `^`, then `~` for the rest of
    /// the token on this line.
    static func caretLine(under range: SourceRange, lineText: String) -> String {
        let width = range.upperBound.line == range.lowerBound.line ? range.upperBound.column - range.lowerBound.column : 1
        return caretLine(column: range.lowerBound.column, width: width, lineText: lineText)
    }

    private static func caretLine(column startColumn: Int, width: Int, lineText: String) -> String {
        let characters = Array(lineText)
        var caret = ""
        for index in 0..<max(0, startColumn - 1) {
            guard index < characters.count else { caret.append(" "); continue }
            caret += characters[index] == "\t" ? "\t" : String(repeating: " ", count: visible(characters[index]).count)
        }
        caret.append("^")
        let token = characters.dropFirst(max(0, startColumn - 1)).prefix(width)
        let shown = token.isEmpty ? width : token.reduce(0) { $0 + visible($1).count } + max(0, width - token.count)
        if shown > 1 { caret.append(String(repeating: "~", count: shown - 1)) }
        return caret
    }

    /// `line` as a terminal may show it: control characters but tab, and the bidirectional
    /// controls that reorder text (U+202A–U+202E, U+2066–U+2069), written `\u{X}`, so that a
    /// hostile file can neither drive the terminal nor disguise the line. `--format log` never
    /// comes here: it prints the program's own text as it is.
    static func visible(_ line: String) -> String {
        line.visible()
    }

    private static func visible(_ character: Character) -> String {
        String(character).visible()
    }

    /// The source line and caret line for a token on a line longer than ``widestLine``: the bytes
    /// from ``windowBefore`` before the token to ``windowAfter`` after its start, widened to whole
    /// UTF-8 sequences, with `…` where the line goes on.
    private static func window(of range: SourceRange, in file: SourceFile, line: Range<Int>) -> String {
        let bytes = file.bytes
        let token = min(max(range.lowerBound.offset, line.lowerBound), line.upperBound)
        var from = max(line.lowerBound, token - windowBefore)
        while from > line.lowerBound, bytes[from] & 0xC0 == 0x80 { from -= 1 }
        var to = min(line.upperBound, token + windowAfter)
        while to < line.upperBound, bytes[to] & 0xC0 == 0x80 { to += 1 }
        let lead = from > line.lowerBound ? "…" : ""
        let raw = lead + String(decoding: bytes[from..<to], as: UTF8.self) + (to < line.upperBound ? "…" : "")
        let column = (lead + String(decoding: bytes[from..<token], as: UTF8.self)).count + 1
        let shownWidth = String(decoding: bytes[token..<to], as: UTF8.self).count
        var width = range.upperBound.line == range.lowerBound.line ? range.upperBound.column - range.lowerBound.column : 1
        width = max(1, min(width, shownWidth))
        return visible(raw) + "\n" + caretLine(column: column, width: width, lineText: raw) + "\n"
    }
}
