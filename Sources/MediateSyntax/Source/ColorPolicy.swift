#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Whether diagnostics (standard error) and diffs (standard output) are coloured: only when the
/// stream is a terminal, and never when the environment variable `NO_COLOR` is set and not
/// empty (no-color.org).
public struct ColorPolicy: Hashable, Sendable {
    /// Whether standard output (diffs) is coloured.
    public var standardOutput: Bool
    /// Whether standard error (diagnostics) is coloured.
    public var standardError: Bool

    /// Colour on the streams given; none by default.
    public init(standardOutput: Bool = false, standardError: Bool = false) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// No colour anywhere: files, pipes and tests.
    public static let none = ColorPolicy()

    /// Decides from the environment and whether file descriptors 1 and 2 are terminals.
    public static func detect(environment: [String: String], isTerminal: (Int32) -> Bool = isTerminal(_:)) -> ColorPolicy {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        return ColorPolicy(standardOutput: isTerminal(1), standardError: isTerminal(2))
    }

    /// Whether the file descriptor is a terminal: `detect`'s default, a function of its own so
    /// that the C library's `isatty` stays behind an internal import.
    @usableFromInline static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }
}

/// ANSI styles for the few places that use colour.
package enum ANSI {
    package static func paint(_ text: String, _ code: String, when enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A unified diff as a person reads it: control and bidirectional characters written `\u{X}`
    /// (see `String.visible`), and when `enabled`, removed lines red, added green, hunk headers
    /// cyan, file headers bold.
    package static func diff(_ diff: String, when enabled: Bool) -> String {
        // Split at every LF byte: Swift reads CRLF as one character, which would hide the break.
        diff.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line -> String in
            let text = String(decoding: line, as: UTF8.self).visible()
            guard enabled else { return text }
            if text.hasPrefix("---") || text.hasPrefix("+++") { return paint(text, "1", when: true) }
            if text.hasPrefix("@@") { return paint(text, "36", when: true) }
            if text.hasPrefix("-") { return paint(text, "31", when: true) }
            if text.hasPrefix("+") { return paint(text, "32", when: true) }
            return text
        }.joined(separator: "\n")
    }
}
