/// A static error found in a scenario: where, what, and what to do about it.
///
/// Diagnostics are data; ``DiagnosticPrinter`` formats them.
public struct Diagnostic: Hashable, Sendable {
    /// The offending token or node.
    public var range: SourceRange
    /// The message after `error: `.
    public var message: String
    /// `note:` and `help:` lines, printed in order under the caret.
    public var notes: [Note]

    public init(_ message: String, at range: SourceRange, notes: [Note] = []) {
        self.range = range
        self.message = message
        self.notes = notes
    }

    /// A line printed under a diagnostic's caret.
    public struct Note: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable { case note, help }
        public var kind: Kind
        public var message: String

        public init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }

        public static func help(_ message: String) -> Note { Note(.help, message) }
        public static func note(_ message: String) -> Note { Note(.note, message) }
    }
}
