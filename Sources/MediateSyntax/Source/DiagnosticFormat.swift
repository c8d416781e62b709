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
                        message: $0.message, notes: $0.notes, severity: $0.severity)
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
            let location = line.map { "\(path):\($0)" } ?? path
            return ANSI.paint("\(location): ", "1", when: colored) + ANSI.paint("error:", "1;31", when: colored) + " \(message)\n"
                + notes.map { ANSI.paint("\($0.kind.rawValue):", "1;36", when: colored) + " \($0.message)\n" }.joined()
        case .json, .github:
            return self.line(path: path, fileLine: line, start: nil, end: nil, message: message, notes: notes)
        }
    }

    private func line(
        path: String, fileLine: Int? = nil, start: SourceLocation?, end: SourceLocation?, message: String,
        notes: [Diagnostic.Note], severity: Diagnostic.Severity = .error
    ) -> String {
        switch self {
        case .text:
            return ""
        case .json:
            let record = JSONRecord(
                file: path, line: start?.line ?? fileLine, column: start?.column, endLine: end?.line, endColumn: end?.column,
                severity: severity.rawValue, message: message,
                notes: notes.map { JSONRecord.Note(kind: $0.kind.rawValue, message: $0.message) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(record)) ?? Data(), as: UTF8.self) + "\n"
        case .github:
            var properties = "file=\(Self.escapeProperty(path))"
            if let start {
                properties += ",line=\(start.line),col=\(start.column)"
            } else if let fileLine {
                properties += ",line=\(fileLine)"
            }
            if let end { properties += ",endLine=\(end.line),endColumn=\(end.column)" }
            let text = ([message] + notes.map { "\($0.kind.rawValue): \($0.message)" }).joined(separator: "\n")
            return "::\(severity.rawValue) \(properties)::\(Self.escapeData(text))\n"
        }
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
