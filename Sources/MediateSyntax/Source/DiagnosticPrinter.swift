/// Formats diagnostics as the language specifies:
/// `PATH:LINE:COLUMN: error: MESSAGE`, the source line, a caret under the token, then notes.
package enum DiagnosticPrinter {
    /// Lines up to this many bytes are shown whole; a longer one is shown as a window around the
    /// token, cut with `…`, so that a diagnostic on a megabyte-long line stays a few lines long.
    static let widestLine = 200
    /// How much of a long line a window shows before the token, and from the token on, in bytes.
    static let windowBefore = 60
    static let windowAfter = 100

    /// Renders every diagnostic of `file`, sorted by position, each ending in a newline;
    /// `colored` paints `error:` red, the caret green and notes cyan, for a terminal.
    package static func render(_ diagnostics: [Diagnostic], in file: SourceFile, colored: Bool = false) -> String {
        diagnostics
            .sorted { ($0.range.lowerBound, $0.message) < ($1.range.lowerBound, $1.message) }
            .map { render($0, in: file, colored: colored) }
            .joined()
    }

    /// Renders one diagnostic: header, source line, caret line, notes.
    package static func render(_ diagnostic: Diagnostic, in file: SourceFile, colored: Bool = false) -> String {
        let start = diagnostic.range.lowerBound
        var out = ANSI.paint("\(file.path):\(start.line):\(start.column): ", "1", when: colored)
            + ANSI.paint("error:", "1;31", when: colored) + ANSI.paint(" \(diagnostic.message)", "1", when: colored) + "\n"
        let lineBytes = file.byteRange(ofLine: start.line)
        if lineBytes.count <= widestLine {
            let line = file.lineText(start.line)
            out += line + "\n"
            out += ANSI.paint(caretLine(under: diagnostic.range, lineText: line), "32", when: colored) + "\n"
        } else {
            out += window(of: diagnostic.range, in: file, line: lineBytes)
        }
        for note in diagnostic.notes {
            out += ANSI.paint("\(note.kind.rawValue):", "1;36", when: colored) + " \(note.message)\n"
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
            caret.append(index < characters.count && characters[index] == "\t" ? "\t" : " ")
        }
        caret.append("^")
        if width > 1 { caret.append(String(repeating: "~", count: width - 1)) }
        return caret
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
        let text = lead + String(decoding: bytes[from..<to], as: UTF8.self) + (to < line.upperBound ? "…" : "")
        let column = (lead + String(decoding: bytes[from..<token], as: UTF8.self)).count + 1
        let shownWidth = String(decoding: bytes[token..<to], as: UTF8.self).count
        var width = range.upperBound.line == range.lowerBound.line ? range.upperBound.column - range.lowerBound.column : 1
        width = max(1, min(width, shownWidth))
        return text + "\n" + caretLine(column: column, width: width, lineText: text) + "\n"
    }
}
