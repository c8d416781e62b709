public import MediateRuntime
import MediateSyntax

/// Writes events as transcript version 1 lines (docs/LANGUAGE.md), two spaces per depth.
///
/// Text written as it is (a title, a `log` text, an expectation) keeps each event on one line:
/// its control characters but tab become the language's escapes (see `oneLine`).
public enum TranscriptFormatter {
    /// The transcript line for `event`, without its newline.
    ///
    /// - Parameter event: One event of a run.
    /// - Returns: Its line, indented two spaces per depth.
    public static func line(for event: TranscriptEvent) -> String {
        switch event {
        case .scenario(let title):
            return "scenario \(oneLine(title))"
        case .mediator(let kind, _, let name):
            return "mediator \(kind.rawValue)" + (name.map { " as \($0)" } ?? "")
        case .participant(let name, let type, let weak):
            return "+ \(name) : \(type)" + (weak ? " weak" : "")
        case .send(let number, let sender, let targets, let message, let depth):
            let numberText = number.map(String.init).joined(separator: ".")
            return indent(depth) + "\(numberText) \(sender) -> \(targets) \(message.written)"
        case .delivery(let receiver, let sender, let message, let depth):
            return indent(depth) + "\(receiver) <- \(sender) \(message.written)"
        case .log(let text, let depth):
            return indent(depth) + "log \(oneLine(text))"
        case .set(let participant, let property, let value, let depth):
            return indent(depth) + "set \(participant).\(property) = \(value.written)"
        case .guardPassed(let text, let depth):
            return indent(depth) + oneLine(text)
        case .error(let error, let depth):
            return indent(depth) + "! \(error.written)"
        case .leave(let name, let depth):
            return indent(depth) + "leave \(name)"
        case .release(let name, let depth):
            return indent(depth) + "release \(name)"
        case .lifetime(let name, let deallocated, let depth):
            return indent(depth) + name + (deallocated ? " deallocated" : " still alive")
        case .together(let kind, let synchronous):
            return TranscriptEvent.togetherText(kind: kind, synchronous: synchronous)
        case .expectation(let text, let got, let intended):
            return oneLine(text) + TranscriptEvent.outcome(got: got, intended: intended)
        case .end(let sends, let deliveries, let errors, let failed):
            return "end: \(sends) sends, \(deliveries) deliveries, \(errors) errors, \(failed) failed expectations"
        case .leaked(let names):
            return "leaked: " + (names.isEmpty ? "none" : names.joined(separator: ", "))
        }
    }

    /// `text` for a transcript line: a line feed as `\n` and the other ASCII control characters
    /// (U+0000 to U+001F, U+007F) as `\u{X}`, as the language writes them; tab, backslash and
    /// every other character as they are, as transcript version 1 writes them. A backslash is not
    /// escaped, so `\n` in the line may also be a backslash and `n` in the text.
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 != 0x09 && Unicode.Scalar($0).isASCIIControl }) else { return text }
        var line = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCIIControl, scalar != "\t" {
                line += Value.escaped(control: scalar)
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// Two spaces per level of `depth`.
    static func indent(_ depth: Int) -> String {
        depth < indents.count ? indents[depth] : String(repeating: "  ", count: depth)
    }

    /// The indentation of the usual depths, made once.
    private static let indents = (0..<16).map { String(repeating: "  ", count: $0) }
}
