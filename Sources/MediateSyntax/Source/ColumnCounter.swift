/// Counts the characters (grapheme clusters) of one line's UTF-8 bytes from the line's start, as
/// far as it has been asked, so that columns along a line cost each byte once rather than the
/// whole line each time.
///
/// It agrees with `String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1`: an
/// ill-formed sequence counts as the one U+FFFD per maximal subpart that `String` repairs it to,
/// and clusters are found by the standard library's own grapheme breaking.
struct ColumnCounter {
    /// The byte offset counted up to: a scalar boundary at or after the line's start.
    private(set) var offset: Int
    /// Characters between the line's start and `offset`.
    private var characters = 0
    private var recognizer = Unicode._CharacterRecognizer()

    init(lineStart: Int) {
        offset = lineStart
    }

    /// The 1-based column of byte `target`, which must be at or after `offset`, on the same line;
    /// counts up to it.
    mutating func column(at target: Int, in bytes: [UInt8]) -> Int {
        while offset < target {
            let (scalar, length) = Self.scalar(in: bytes, at: offset)
            if offset + length > target {
                // `target` cuts an ill-formed sequence: what lies before it repairs to one U+FFFD.
                var peek = recognizer
                return characters + (peek.hasBreak(before: "\u{FFFD}") ? 1 : 0) + 1
            }
            if recognizer.hasBreak(before: scalar) { characters += 1 }
            offset += length
        }
        return characters + 1
    }

    /// The scalar starting at `index` and its length in bytes, or U+FFFD and the length of the
    /// maximal subpart of an ill-formed sequence (the longest start of a well-formed one, at least 1).
    static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return ("\u{FFFD}", 1)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        var count = 1
        while count < length, index + count < bytes.count {
            let byte = bytes[index + count]
            guard (count == 1 ? second : 0x80...0xBF).contains(byte) else { break }
            value = value << 6 | UInt32(byte & 0x3F)
            count += 1
        }
        guard count == length, let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", count) }
        return (scalar, count)
    }
}
