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
        scan(file).comments
    }

    /// Every comment of `file`, and its `{` and `}`, from one pass of the lexer that keeps no
    /// other token: all the formatter needs of a file's tokens.
    ///
    /// The lexer skips only spaces, tabs and comments, and a comment runs to the end of its line,
    /// so the first `#` in a gap between two tokens starts a comment that ends where the gap does.
    /// Strings are tokens, so a `#` inside one is never taken for a comment.
    static func scan(_ file: SourceFile) -> (comments: [Comment], braces: [Lexeme]) {
        var lexer = Lexer(file)
        var comments: [Comment] = []
        var braces: [Lexeme] = []
        var gapStart = 0
        var previous: Lexeme.Kind?
        while true {
            let token = lexer.nextLexeme()
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
                        isTrailing: previous.map { $0 != .newline } ?? false))
            }
            if token.kind == .leftBrace || token.kind == .rightBrace { braces.append(token) }
            if token.kind == .endOfFile { break }
            gapStart = token.range.upperBound.offset
            previous = token.kind
        }
        return (comments, braces)
    }
}
