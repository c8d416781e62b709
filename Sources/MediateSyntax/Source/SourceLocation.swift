/// A position in a scenario file: 1-based line, 1-based column in characters, and 0-based byte offset.
///
/// Stored in 32 bits each (files are at most 8 MiB), so that a range is 24 bytes: every token
/// and syntax node carries one, and the parser copies them by the million on large files.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    /// 1-based line number.
    public var line: Int { Int(storedLine) }
    /// 1-based column, counted in characters (grapheme clusters).
    public var column: Int { Int(storedColumn) }
    /// 0-based offset in the file's UTF-8 bytes (after a byte-order mark is skipped).
    public var offset: Int { Int(storedOffset) }

    /// Each value must fit in 32 bits, as every value in a file of at most 8 MiB does.
    @inline(__always)
    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
        storedOffset = UInt32(truncatingIfNeeded: offset)
    }

    /// Earlier in the file, by byte offset.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.storedOffset < rhs.storedOffset
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
