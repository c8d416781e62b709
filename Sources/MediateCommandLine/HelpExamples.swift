import Foundation

/// The examples that end a command's help, kept whole at any terminal width.
///
/// ArgumentParser wraps a discussion at its spaces to the terminal's width and has no
/// preformatted text: an example longer than the width was cut across two lines, its indentation
/// lost. So an example's spaces are no-break spaces, at which it does not wrap, and ``printable(_:)``
/// makes them spaces again in what `mediate` prints (help, the man page's source, completions).
/// Examples end their discussion: past an unbreakable line, the wrapper looks for the next space.
enum HelpExamples {
    /// What stands for a space inside an example: a no-break space.
    static let space = "\u{A0}"

    /// A blank line, `Example:` or `Examples:`, then each example on its own line, indented by
    /// two spaces; for the end of a discussion.
    static func block(_ examples: String...) -> String {
        let title = examples.count == 1 ? "Example:" : "Examples:"
        return "\n\n" + title + examples.map { unbreakable("\n  " + $0) }.joined()
    }

    /// `text` with its spaces no-break spaces: a scalar map, as every command's help is built at
    /// start-up and Foundation's `replacingOccurrences` cost each run a few million instructions.
    private static func unbreakable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.map { $0 == " " ? "\u{A0}" : $0 })
        return String(scalars)
    }

    /// `message` with every no-break space a space again.
    static func printable(_ message: String) -> String {
        message.replacingOccurrences(of: space, with: " ")
    }

    /// The examples in `discussion`, as a shell reads them: one command line each.
    static func examples(in discussion: String) -> [String] {
        discussion.split(separator: "\n").filter { $0.hasPrefix(space + space) }.map {
            printable(String($0)).trimmingCharacters(in: .whitespaces)
        }
    }
}
