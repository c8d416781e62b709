/// A static error found in a scenario, or a warning: where, what, and what to do about it.
///
/// Diagnostics are data; `DiagnosticPrinter` formats them.
public struct Diagnostic: Hashable, Sendable {
    /// The offending token or node.
    public var range: SourceRange
    /// The message after `error: ` or `warning: `.
    public var message: String
    /// `note:` and `help:` lines, printed in order under the caret.
    public var notes: [Note]
    /// Whether the file cannot run (an error) or runs but may not do what it says (a warning).
    public var severity: Severity

    /// A diagnostic reading `message` at `range`, with `notes` under it: an error unless
    /// `severity` says otherwise.
    public init(_ message: String, at range: SourceRange, notes: [Note] = [], severity: Severity = .error) {
        self.range = range
        self.message = message
        self.notes = notes
        self.severity = severity
    }

    /// How serious a diagnostic is; the word its line starts with.
    public enum Severity: String, Hashable, Sendable {
        /// The file cannot run: nothing runs, and the tool exits 2.
        case error
        /// The file runs, but may not do what it says. A warning never changes the exit code or
        /// any output file.
        case warning
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
