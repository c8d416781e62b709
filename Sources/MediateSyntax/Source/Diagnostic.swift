/// A static error found in a scenario: where, what, and what to do about it.
///
/// Diagnostics are data; `DiagnosticPrinter` formats them.
public struct Diagnostic: Hashable, Sendable {
    /// The offending token or node.
    public var range: SourceRange
    /// The message after `error: `.
    public var message: String
    /// `note:` and `help:` lines, printed in order under the caret.
    public var notes: [Note]

    /// An error reading `message` at `range`, with `notes` under it.
    public init(_ message: String, at range: SourceRange, notes: [Note] = []) {
        self.range = range
        self.message = message
        self.notes = notes
    }

    /// A line printed under a diagnostic's caret.
    public struct Note: Hashable, Sendable {
        /// The word a note starts with.
        public enum Kind: String, Hashable, Sendable {
            /// More about the error.
            case note
            /// What to do about it.
            case help
        }
        /// `note:` or `help:`.
        public var kind: Kind
        /// The text after the word.
        public var message: String

        /// A note of `kind` reading `message`.
        public init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }

        /// A `help:` line: what to do.
        public static func help(_ message: String) -> Note { Note(.help, message) }
        /// A `note:` line: more about the error.
        public static func note(_ message: String) -> Note { Note(.note, message) }
    }
}
