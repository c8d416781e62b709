/// Where one kind's transcript first differs from that of the scenario's own kind.
public struct TranscriptDifference: Hashable, Sendable, Codable {
    /// 1-based line number in the transcripts.
    public var line: Int
    /// The own kind's line, or nil where its transcript had already ended.
    public var expected: String?
    /// This kind's line, or nil where its transcript had already ended.
    public var actual: String?

    /// Compares two transcripts line by line, reading only as far as the first difference. The
    /// header's `mediator KIND` line (line 2) names the kind and is not counted as a difference.
    ///
    /// - Parameters:
    ///   - expected: The own kind's transcript, line by line.
    ///   - actual: The other kind's transcript, line by line.
    /// - Returns: The first line that differs, or nil when they are equal.
    public static func first<E: Sequence, A: Sequence>(expected: E, actual: A) -> TranscriptDifference?
    where E.Element: StringProtocol, A.Element: StringProtocol {
        var left = expected.makeIterator()
        var right = actual.makeIterator()
        var line = 0
        while true {
            line += 1
            let l = left.next().map { String($0) }
            let r = right.next().map { String($0) }
            if l == nil && r == nil { return nil }
            if line != 2, l != r { return TranscriptDifference(line: line, expected: l, actual: r) }
        }
    }

    /// Always writes all three keys; a transcript that had ended is `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(expected, forKey: .expected)
        try container.encode(actual, forKey: .actual)
    }
}
