/// A position in a scenario file: 1-based line, 1-based column in characters, and 0-based byte offset.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters (grapheme clusters).
    public var column: Int
    /// 0-based offset in the file's UTF-8 bytes (after a byte-order mark is skipped).
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }

    /// `LINE:COLUMN`, as tree dumps and diagnostics write it.
    public var description: String { "\(line):\(column)" }
}

/// The half-open range of source a token or syntax node covers.
public typealias SourceRange = Range<SourceLocation>

extension Range where Bound == SourceLocation {
    /// `@L:C-L:C`, as tree dumps write it.
    public var dumpDescription: String { "@\(lowerBound)-\(upperBound)" }
}
