/// A scenario file's text, normalised as the language asks: a byte-order mark skipped, CRLF read as LF.
public struct SourceFile: Sendable {
    /// The path as the user gave it; it is the only path that may reach an output.
    public let path: String
    /// The normalised UTF-8 bytes.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    /// Normalises `bytes`: skips a UTF-8 byte-order mark and turns CRLF into LF.
    ///
    /// - Parameters:
    ///   - path: The path that diagnostics name.
    ///   - bytes: The file's contents, as read.
    public init(path: String, bytes: some Collection<UInt8>) {
        self.path = path
        var normalised = Array(bytes)
        if normalised.starts(with: [0xEF, 0xBB, 0xBF]) { normalised.removeFirst(3) }
        if normalised.contains(0x0D) {
            var kept = 0
            for index in normalised.indices {
                let isCRBeforeLF = normalised[index] == 0x0D && index + 1 < normalised.count && normalised[index + 1] == 0x0A
                if !isCRBeforeLF {
                    normalised[kept] = normalised[index]
                    kept += 1
                }
            }
            normalised.removeLast(normalised.count - kept)
        }
        self.bytes = normalised
        var starts = [0]
        normalised.withUnsafeBufferPointer { buffer in
            for offset in buffer.indices where buffer[offset] == 0x0A {
                starts.append(offset + 1)
            }
        }
        self.lineStarts = starts
    }

    /// A file made from text, for tests and generated scenarios.
    ///
    /// - Parameters:
    ///   - path: The path that diagnostics name.
    ///   - text: The scenario's text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of 1-based line `line`, without its newline.
    public func lineText(_ line: Int) -> String {
        String(decoding: bytes[byteRange(ofLine: line)], as: UTF8.self)
    }

    /// The byte offsets of 1-based line `line`, without its newline; empty for a line not in the file.
    public func byteRange(ofLine line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return 0..<0 }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return start..<max(start, end)
    }

    /// The location of byte `offset`: its line by binary search, its column in characters.
    public func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        let prefix = bytes[start..<min(offset, bytes.count)]
        let column: Int
        if prefix.allSatisfy({ $0 < 0x80 }) {
            column = prefix.count + 1
        } else {
            column = String(decoding: prefix, as: UTF8.self).count + 1
        }
        return SourceLocation(line: low + 1, column: column, offset: offset)
    }
}
