/// A position as LSP counts it: a 0-based line, and a 0-based offset in UTF-16 code units along it.
package struct LSPPosition: Hashable, Sendable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    package var json: JSON { ["line": JSON(line), "character": JSON(character)] }

}

extension LSPPosition: Decodable {
    private enum CodingKeys: String, CodingKey {
        case line, character
    }

    /// Reads `{"line": N, "character": N}`, both whole numbers of at least 0.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), character: try container.decode(Int.self, forKey: .character))
        guard line >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .line, in: container, debugDescription: "a line is a whole number ≥ 0")
        }
        guard character >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .character, in: container, debugDescription: "a character is a whole number ≥ 0")
        }
    }
}

/// UTF-8 text split into lines, converting between byte offsets and LSP positions.
///
/// A line ends at LF; a CR just before the LF belongs to the line ending, not to the line (so
/// CRLF text has the same positions as LF text, as editors count them). A CR alone is not a line
/// end: the scenario language has none (the lexer reports it), and the server counts as it does.
package struct LineIndex: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    package private(set) var lineStarts: [Int]

    package init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for offset in buffer.indices where buffer[offset] == 0x0A { starts.append(offset + 1) }
        }
        lineStarts = starts
    }

    /// The bytes of 0-based `line`, without its line ending.
    package func contentRange(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start, line + 1 < lineStarts.count, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The byte offset of `position`: a line past the last is the end of the text, a character
    /// past the line's end is its end (as LSP asks), and one inside a surrogate pair is the
    /// start of its scalar.
    package func offset(of position: LSPPosition, in bytes: [UInt8]) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let range = contentRange(ofLine: position.line, in: bytes)
        var offset = range.lowerBound
        var units = 0
        while offset < range.upperBound {
            let (length, width) = Self.scalarSize(bytes[offset])
            guard units + width <= position.character else { break }
            units += width
            offset = min(offset + length, range.upperBound)
        }
        return offset
    }

    /// The LSP position of byte `offset` (clamped to the text).
    package func position(ofOffset offset: Int, in bytes: [UInt8]) -> LSPPosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return LSPPosition(line: low, character: Self.utf16Count(bytes[lineStarts[low]..<offset]))
    }

    /// UTF-16 code units in well-formed UTF-8 bytes: one per scalar, two for a scalar past U+FFFF.
    package static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var units = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            units += byte >= 0xF0 ? 2 : 1
        }
        return units
    }

    /// A scalar's length in bytes from its first byte, and its width in UTF-16 code units.
    private static func scalarSize(_ lead: UInt8) -> (bytes: Int, units: Int) {
        switch lead {
        case 0xF0...: return (4, 2)
        case 0xE0...: return (3, 1)
        case 0xC0...: return (2, 1)
        default: return (1, 1)
        }
    }
}

/// A document as the editor has it: its text (the server works on this, never on the file on
/// disk), its version, and its lines.
package struct TextDocument: Sendable {
    package var uri: String
    package private(set) var version: Int
    package private(set) var bytes: [UInt8]
    package private(set) var lines: LineIndex

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        lines = LineIndex(bytes)
    }

    /// One entry of `didChange`'s `contentChanges`: a range and its new text, or, without a
    /// range, the whole new text.
    package struct Change: Sendable {
        package var range: (start: LSPPosition, end: LSPPosition)?
        package var text: String

        package init(range: (start: LSPPosition, end: LSPPosition)?, text: String) {
            self.range = range
            self.text = text
        }
    }

    /// Applies `changes` in order and takes `version`. A range whose end is before its start is
    /// an error: nothing is applied.
    package mutating func apply(_ changes: [Change], version: Int) -> Bool {
        guard changes.allSatisfy({ $0.range.map { $0.start <= $0.end } ?? true }) else { return false }
        for change in changes {
            if let range = change.range {
                let start = lines.offset(of: range.start, in: bytes)
                let end = max(start, lines.offset(of: range.end, in: bytes))
                bytes.replaceSubrange(start..<end, with: change.text.utf8)
            } else {
                bytes = Array(change.text.utf8)
            }
            lines = LineIndex(bytes)
        }
        self.version = version
        return true
    }

    /// The position just past the text's end.
    package var endPosition: LSPPosition { lines.position(ofOffset: bytes.count, in: bytes) }
}

extension TextDocument.Change: Decodable {
    private enum CodingKeys: String, CodingKey {
        case range, text
    }

    private enum RangeKeys: String, CodingKey {
        case start, end
    }

    /// Reads `{"range": {"start": …, "end": …}, "text": …}`, or `{"text": …}` for the whole text.
    /// A `range` of `null` is no range at all, not the whole text: the change is refused.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        guard container.contains(.range) else {
            range = nil
            return
        }
        let range = try container.nestedContainer(keyedBy: RangeKeys.self, forKey: .range)
        self.range = (try range.decode(LSPPosition.self, forKey: .start), try range.decode(LSPPosition.self, forKey: .end))
    }
}
