/// A `#` comment as written in a scenario file: what the lexer skips, kept for `mediate fmt`.
package struct Comment: Hashable, Sendable {
    /// The text from `#` to the end of its line, trailing spaces and tabs removed.
    package var text: String
    /// 0-based byte offset of the `#` in the file's normalised bytes.
    package var offset: Int
    /// 1-based line.
    package var line: Int
    /// Whether code comes before the comment on its line (`leave Bob  # gone`).
    package var isTrailing: Bool

    package init(text: String, offset: Int, line: Int, isTrailing: Bool) {
        self.text = text
        self.offset = offset
        self.line = line
        self.isTrailing = isTrailing
    }

    /// Every comment of `file`, in source order.
    package static func all(in file: SourceFile) -> [Comment] {
        all(in: file, tokens: Lexer.tokenize(file).tokens)
    }

    /// Every comment of `file`, found between its `tokens` (as ``Lexer/tokenize(_:)`` returns them).
    ///
    /// The lexer skips only spaces, tabs and comments, and a comment runs to the end of its line,
    /// so the first `#` in a gap between two tokens starts a comment that ends where the gap does.
    /// Strings are tokens, so a `#` inside one is never taken for a comment.
    static func all(in file: SourceFile, tokens: [Token]) -> [Comment] {
        var comments: [Comment] = []
        var gapStart = 0
        var previous: Token?
        for token in tokens {
            let gapEnd = token.range.lowerBound.offset
            if let hash = file.bytes[gapStart..<gapEnd].firstIndex(of: UInt8(ascii: "#")) {
                var end = gapEnd
                while end > hash, file.bytes[end - 1] == UInt8(ascii: " ") || file.bytes[end - 1] == UInt8(ascii: "\t") {
                    end -= 1
                }
                comments.append(
                    Comment(
                        text: String(decoding: file.bytes[hash..<end], as: UTF8.self), offset: hash,
                        line: token.range.lowerBound.line,
                        isTrailing: previous.map { $0.kind != .newline } ?? false))
            }
            gapStart = token.range.upperBound.offset
            previous = token
        }
        return comments
    }
}
