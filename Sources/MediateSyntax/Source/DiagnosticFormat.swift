import Foundation

/// How diagnostics are written: for people (`text`, the language's format with the source line
/// and caret), for tools (`json`, one object per line), or as GitHub Actions annotations
/// (`github`, `::error file=…,line=…,col=…::…`, or `::warning …` for a warning).
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// The source line with a caret under the error, and its notes.
    case text
    /// One JSON object per diagnostic, one per line.
    case json
    /// GitHub Actions `::error` annotations.
    case github

    /// Renders `diagnostics` of `file`, sorted by position, each ending in a newline; `colored`
    /// only affects `text`.
    ///
    /// - Parameters:
    ///   - diagnostics: Errors and warnings found in `file`.
    ///   - file: The source they point into, for the quoted line and its caret.
    ///   - colored: Whether `text` carries ANSI colours.
    /// - Returns: Every diagnostic in this format.
    public func render(_ diagnostics: [Diagnostic], in file: SourceFile, colored: Bool = false) -> String {
        switch self {
        case .text:
            return DiagnosticPrinter.render(diagnostics, in: file, colored: colored)
        case .json, .github:
            return
                diagnostics
                .sorted { ($0.range.lowerBound, $0.message) < ($1.range.lowerBound, $1.message) }
                .map {
                    line(
                        path: file.path, start: $0.range.lowerBound, end: $0.range.upperBound,
                        message: $0.message, notes: $0.notes, severity: $0.severity.rawValue)
                }
                .joined()
        }
    }

    /// Renders an error about a whole file (one that cannot be read), with no position, or at
    /// the 1-based `line` alone.
    public func renderFileError(
        path: String, line: Int? = nil, message: String, notes: [Diagnostic.Note] = [], colored: Bool = false
    ) -> String {
        switch self {
        case .text:
            // The path and the message (which may quote paths) escaped as source text is.
            let location = line.map { "\(path.visible()):\($0)" } ?? path.visible()
            return ANSI.paint("\(location): ", "1", when: colored) + ANSI.paint("error:", "1;31", when: colored)
                + " \(message.visible())\n"
                + notes.map { ANSI.paint("\($0.kind.rawValue):", "1;36", when: colored) + " \($0.message.visible())\n" }.joined()
        case .json, .github:
            return self.line(path: path, fileLine: line, start: nil, end: nil, message: message, notes: notes)
        }
    }

    /// Renders a note about a run of `file` at `range`: why it wrote a line, when nothing is
    /// wrong with the file (`note:` in text, `"severity":"note"` in JSON, `::notice` for GitHub).
    package func renderNote(_ message: String, at range: SourceRange, in file: SourceFile, colored: Bool = false) -> String {
        switch self {
        case .text:
            return DiagnosticPrinter.renderNote(message, at: range, in: file, colored: colored)
        case .json, .github:
            return line(
                path: file.path, start: range.lowerBound, end: range.upperBound, message: message, notes: [], severity: "note")
        }
    }

    /// One diagnostic as JSON or a GitHub annotation; `severity` is `error`, `warning` or `note`.
    private func line(
        path: String, fileLine: Int? = nil, start: SourceLocation?, end: SourceLocation?, message: String,
        notes: [Diagnostic.Note], severity: String = "error"
    ) -> String {
        switch self {
        case .text:
            return ""
        case .json:
            let record = JSONRecord(
                file: path, line: start?.line ?? fileLine, column: start?.column, endLine: end?.line, endColumn: end?.column,
                severity: severity, message: message,
                notes: notes.map { JSONRecord.Note(kind: $0.kind.rawValue, message: $0.message) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Self.escapingHiddenControls(String(decoding: (try? encoder.encode(record)) ?? Data(), as: UTF8.self)) + "\n"
        case .github:
            // GitHub's log shows ANSI escapes: paths and texts are escaped as source text is.
            var properties = "file=\(Self.escapeProperty(path.visible()))"
            if let start {
                properties += ",line=\(start.line),col=\(start.column)"
            } else if let fileLine {
                properties += ",line=\(fileLine)"
            }
            if let end { properties += ",endLine=\(end.line),endColumn=\(end.column)" }
            let text = ([message] + notes.map { "\($0.kind.rawValue): \($0.message)" }).map { $0.visible() }.joined(separator: "\n")
            // GitHub's word for a note is `notice`.
            return "::\(severity == "note" ? "notice" : severity) \(properties)::\(Self.escapeData(text))\n"
        }
    }

    /// `json` with every control and bidirectional character that JSONEncoder leaves as it is
    /// (DEL, C1, U+202A–U+202E, U+2066–U+2069) written `\uXXXX`: the same value, but one that a
    /// terminal showing it neither obeys nor reorders.
    static func escapingHiddenControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: \.isHiddenControl) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if scalar.isHiddenControl {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// GitHub's escaping of an annotation's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping of an annotation's property values.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private struct JSONRecord: Encodable {
        struct Note: Encodable {
            var kind: String
            var message: String
        }

        var file: String
        var line: Int?
        var column: Int?
        var endLine: Int?
        var endColumn: Int?
        var severity: String
        var message: String
        var notes: [Note]
    }
}
