/// Splits a scenario file into tokens, reporting every lexical error.
///
/// The lexer works on the file's UTF-8 bytes. Columns are counted in characters: on a line that
/// is ASCII up to a token, a column is a byte count; past a non-ASCII byte a ``ColumnCounter``
/// counts characters as the lexer moves along the line, agreeing with
/// ``SourceFile/location(ofOffset:)`` at the cost of each byte once.
package struct Lexer {
    private let bytes: [UInt8]
    private var position = 0
    /// The current 1-based line and the offset at which it starts.
    private var line = 1
    private var lineStart = 0
    /// The offset of the first non-ASCII byte seen on the current line, `Int.max` if none.
    private var firstNonASCII = Int.max
    /// Character counters for lines with a non-ASCII byte, made on the first such line: kept out
    /// of the lexer's own fields so that ASCII lines never touch them.
    private var counters: Counters?
    /// The lexical errors found so far, up to ``Diagnostics/limit``.
    private var found = DiagnosticList()
    /// The pieces of every string that is not plain (see ``plainText(of:)``), by its start offset.
    private var escapedStrings: [Int: [StringPiece]] = [:]
    private var words: WordCache

    /// The lexical errors found so far, in source order (at most ``Diagnostics/limit``).
    package var diagnostics: [Diagnostic] { found.items }

    /// Warnings, in source order (at most ``Diagnostics/limit``): numbers whose digits the
    /// transcript cannot write back (see ``inexactNumber(_:_:at:)``).
    package private(set) var warnings: [Diagnostic] = []

    /// How many lexical errors were found so far, those past the limit included.
    var diagnosticCount: Int { found.items.count + found.dropped }

    /// The strings left unterminated so far, by their 1-based line (a string runs to the end of
    /// its line, so a line holds at most one): where each starts; the offset of the first string
    /// on its line, where the quotes may have started to pair wrongly; and whether it holds a `}`
    /// that closes no interpolation, which was likely meant to close a block.
    private(set) var unterminatedStrings: [Int: (start: SourceLocation, lineFirstString: Int, swallowsBrace: Bool)] = [:]
    /// The offset of the first string on the current line; before `lineStart` when it has none.
    private var lineFirstString = -1

    /// A lexer at the start of `file`.
    package init(_ file: SourceFile) {
        self.bytes = file.bytes
        self.words = WordCache(forBytes: file.bytes.count)
    }

    /// Every token of `file`, ending with one `.endOfFile`, and the lexical errors in source order.
    package static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(file)
        var tokens: [Token] = []
        repeat {
            tokens.append(lexer.next())
        } while tokens.last!.kind != .endOfFile
        return (tokens, lexer.diagnostics)
    }

    /// The next token; at the end of the file, `.endOfFile` every time.
    package mutating func next() -> Token {
        let lexeme = nextLexeme()
        return Token(kind(of: lexeme), lexeme.range)
    }

    /// The next token without its text, as the parser reads it; see ``next()``.
    mutating func nextLexeme() -> Lexeme {
        while position < bytes.count {
            let start = position
            let byte = bytes[start]
            if byte == .space || byte == .tab {
                position += 1
                continue
            }
            // The counters are only used past a non-ASCII byte.
            if firstNonASCII != .max { counters?.markTokenStart() }
            // The commonest tokens first; the switch then holds only single bytes, as a jump table.
            if byte.isIdentifierStart { return lexIdentifier() }
            if byte.isDigit { return lexNumber() }
            switch byte {
            case .newline:
                let location = self.location(start)
                let end = SourceLocation(line: line, column: location.column + 1, offset: start + 1)
                position += 1
                line += 1
                lineStart = position
                firstNonASCII = .max
                return Lexeme(.newline, location..<end)
            case .hash:
                skipComment()
            case .quote:
                return lexString()
            case .minus:
                let next = start + 1 < bytes.count ? bytes[start + 1] : 0
                if next.isDigit { return lexNumber() }
                return next == .greaterThan ? punctuation(.arrow, width: 2) : punctuation(.minus, width: 1)
            case .colon: return punctuation(.colon, width: 1)
            case .comma: return punctuation(.comma, width: 1)
            case .semicolon: return punctuation(.semicolon, width: 1)
            case .star: return punctuation(.star, width: 1)
            case .leftBrace: return punctuation(.leftBrace, width: 1)
            case .rightBrace: return punctuation(.rightBrace, width: 1)
            case .leftParen: return punctuation(.leftParen, width: 1)
            case .rightParen: return punctuation(.rightParen, width: 1)
            case .dot: return punctuation(.dot, width: 1)
            case .equal:
                if start + 1 < bytes.count, bytes[start + 1] == .equal {
                    return punctuation(.equalEqual, width: 2)
                }
                return punctuation(.equal, width: 1)
            case .bang where start + 1 < bytes.count && bytes[start + 1] == .equal:
                return punctuation(.notEqual, width: 2)
            case .lessThan, .greaterThan:
                let orEqual = start + 1 < bytes.count && bytes[start + 1] == .equal
                if byte == .lessThan { return punctuation(orEqual ? .lessEqual : .less, width: orEqual ? 2 : 1) }
                return punctuation(orEqual ? .greaterEqual : .greater, width: orEqual ? 2 : 1)
            case .plus: return punctuation(.plus, width: 1)
            case .slash: return punctuation(.slash, width: 1)
            default:
                return lexUnexpectedCharacter()
            }
        }
        let end = location(bytes.count)
        return Lexeme(.endOfFile, end..<end)
    }

    // MARK: Text

    /// The kind of a token as ``next()`` hands it out, with the text of `lexeme`.
    mutating func kind(of lexeme: Lexeme) -> Token.Kind {
        switch lexeme.kind {
        case .identifier: return .identifier(text(of: lexeme))
        case .keyword(let keyword): return .keyword(keyword)
        case .string: return .string(pieces(of: lexeme))
        case .number(let number): return .number(number)
        case .arrow: return .arrow
        case .colon: return .colon
        case .comma: return .comma
        case .semicolon: return .semicolon
        case .star: return .star
        case .leftBrace: return .leftBrace
        case .rightBrace: return .rightBrace
        case .leftParen: return .leftParen
        case .rightParen: return .rightParen
        case .equal: return .equal
        case .equalEqual: return .equalEqual
        case .notEqual: return .notEqual
        case .dot: return .dot
        case .minus: return .minus
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .plus: return .plus
        case .slash: return .slash
        case .newline: return .newline
        case .endOfFile: return .endOfFile
        case .invalid: return .invalid
        }
    }

    /// The source text of `lexeme`, as written; an identifier's string is made once per file
    /// (``WordCache``).
    mutating func text(of lexeme: Lexeme) -> String {
        guard lexeme.kind == .identifier else { return spelling(of: lexeme) }
        return bytes.withUnsafeBufferPointer { all in
            words.string(all, from: lexeme.range.lowerBound.offset, to: lexeme.range.upperBound.offset)
        }
    }

    /// The source text of `lexeme`, as written, decoded anew.
    func spelling(of lexeme: Lexeme) -> String {
        String(decoding: bytes[lexeme.range.lowerBound.offset..<lexeme.range.upperBound.offset], as: UTF8.self)
    }

    /// Whether `lexeme` is spelt with a leading `-`, as a negative number is.
    func startsWithMinus(_ lexeme: Lexeme) -> Bool {
        bytes[lexeme.range.lowerBound.offset] == .minus
    }

    /// The text of a string lexeme without escapes, braces or non-ASCII bytes; nil for any other
    /// string, whose pieces ``pieces(of:)`` gives.
    func plainText(of lexeme: Lexeme) -> String? {
        guard isPlain(lexeme) else { return nil }
        // Between the quotes.
        return String(decoding: bytes[lexeme.range.lowerBound.offset + 1..<lexeme.range.upperBound.offset - 1], as: UTF8.self)
    }

    /// Whether a string lexeme has a ``plainText(of:)``, without making it.
    func isPlain(_ lexeme: Lexeme) -> Bool {
        escapedStrings.isEmpty || escapedStrings[lexeme.range.lowerBound.offset] == nil
    }

    /// The pieces of a string lexeme.
    func pieces(of lexeme: Lexeme) -> [StringPiece] {
        guard let text = plainText(of: lexeme) else { return escapedStrings[lexeme.range.lowerBound.offset]! }
        return text.isEmpty ? [] : [.text(text)]
    }

    // MARK: Locations

    /// The location of `offset`, which must lie on the current line at or before `position`.
    @inline(__always)
    private mutating func location(_ offset: Int) -> SourceLocation {
        if offset > firstNonASCII { return locationPastNonASCII(offset) }
        // Without overflow checks: offsets and columns are below 2^24 (files are at most 8 MiB).
        return SourceLocation(line: line, column: offset &- lineStart &+ 1, offset: offset)
    }

    @inline(never)
    private mutating func locationPastNonASCII(_ offset: Int) -> SourceLocation {
        if counters == nil { counters = Counters() }
        let column = counters!.column(at: offset, lineStart: lineStart, in: bytes)
        return SourceLocation(line: line, column: column, offset: offset)
    }

    /// Counts the current line's characters up to the last location asked for, and as it was at
    /// the start of the current token, where a location behind the counter starts again. A
    /// counter whose offset is before the line's start is an earlier line's.
    private final class Counters {
        private var columns = ColumnCounter(lineStart: 0)
        private var tokenColumns = ColumnCounter(lineStart: 0)

        // Never inlined, here and below: the column counter's layout is opaque, and a caller that
        // inlined it would ask for its type metadata on every token.
        @inline(never)
        func markTokenStart() { tokenColumns = columns }

        @inline(never)
        func column(at offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
            if offset < columns.offset || columns.offset < lineStart {
                let tokenCounterHelps = tokenColumns.offset >= lineStart && tokenColumns.offset <= offset
                columns = tokenCounterHelps ? tokenColumns : ColumnCounter(lineStart: lineStart)
            }
            return columns.column(at: offset, in: bytes)
        }
    }

    @inline(__always)
    private mutating func range(_ start: Int, _ end: Int) -> SourceRange {
        let lower = location(start)
        return lower..<location(end)
    }

    private mutating func noteNonASCII(at offset: Int) {
        if firstNonASCII == .max { firstNonASCII = offset }
    }

    // MARK: Simple tokens

    private mutating func punctuation(_ kind: Lexeme.Kind, width: Int) -> Lexeme {
        position += width
        return Lexeme(kind, range(position - width, position))
    }

    private mutating func lexIdentifier() -> Lexeme {
        let start = position
        position += 1
        while position < bytes.count, bytes[position].isIdentifierContinue { position += 1 }
        let end = position
        // Every keyword is lowercase.
        let keyword = bytes[start] >= 0x61 ? Keyword.spelt(by: bytes, from: start, to: end) : nil
        return Lexeme(keyword.map { .keyword($0) } ?? .identifier, range(start, end))
    }

    /// Lexes `-?[0-9]+(\.[0-9]+)?`; a run of letters straight after it makes the whole an error.
    private mutating func lexNumber() -> Lexeme {
        let start = position
        if bytes[position] == .minus { position += 1 }
        while position < bytes.count, bytes[position].isDigit { position += 1 }
        var isWhole = true
        if position + 1 < bytes.count, bytes[position] == .dot, bytes[position + 1].isDigit {
            isWhole = false
            position += 1
            while position < bytes.count, bytes[position].isDigit { position += 1 }
        }
        if position < bytes.count, bytes[position].isIdentifierContinue {
            while position < bytes.count,
                bytes[position].isIdentifierContinue || bytes[position] == .dot
            {
                position += 1
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            return invalid(.invalidNumber(text, at: range(start, position)), start)
        }
        let value: Double
        let digitCount = position - start
        if isWhole, digitCount <= 15 {
            var whole = 0
            var index = start
            let negative = bytes[index] == .minus
            if negative { index += 1 }
            while index < position {
                whole = whole * 10 + Int(bytes[index] - .zero)
                index += 1
            }
            value = Double(negative ? -whole : whole)
        } else {
            value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .infinity
        }
        guard value.isFinite else {
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            return invalid(.numberTooLarge(text, at: range(start, position)), start)
        }
        // Fifteen significant digits always read back: only a longer number can lose some.
        if digitCount > 15, warnings.count < Diagnostics.limit,
            let warning = Self.inexactNumber(String(decoding: bytes[start..<position], as: UTF8.self), value, at: range(start, position))
        {
            warnings.append(warning)
        }
        return Lexeme(.number(value), range(start, position))
    }

    /// A warning when `literal` is written back with other digits than it has: numbers are
    /// doubles, exact for whole numbers up to 2^53 and to about 15 significant digits, so
    /// `9007199254740993` is written `9007199254740992`. Zeros that change nothing (`007`,
    /// `1.50`) do not count.
    static func inexactNumber(_ literal: String, _ value: Double, at range: SourceRange) -> Diagnostic? {
        let negative = literal.hasPrefix("-")
        let parts = literal.dropFirst(negative ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
        var whole = parts[0].drop { $0 == "0" }
        if whole.isEmpty { whole = "0" }
        var fraction = parts.count > 1 ? parts[1] : ""
        while fraction.last == "0" { fraction = fraction.dropLast() }
        let plain = whole + (fraction.isEmpty ? "" : "." + fraction)
        let written = Value.canonical(value)
        guard written != (negative && plain != "0" ? "-" + plain : plain) else { return nil }
        return .inexactNumber(literal, written: written, at: range)
    }

    /// Records `diagnostic` and returns an `.invalid` token from `start` to the current position.
    private mutating func invalid(_ diagnostic: Diagnostic, _ start: Int) -> Lexeme {
        found.append(diagnostic)
        return Lexeme(.invalid, range(start, position))
    }

    private mutating func lexUnexpectedCharacter() -> Lexeme {
        let start = position
        let byte = bytes[start]
        guard let length = utf8Length(at: start) else {
            noteNonASCII(at: start)
            position += 1
            return invalid(.invalidUTF8(byte, at: range(start, position)), start)
        }
        if byte >= 0x80 { noteNonASCII(at: start) }
        position += length
        let scalar = String(decoding: bytes[start..<position], as: UTF8.self).unicodeScalars.first!
        return invalid(.unexpectedCharacter(scalar, at: range(start, position)), start)
    }

    // MARK: Comments

    /// Skips `#` to the end of the line, checking that the comment is valid UTF-8. Never inlined:
    /// its error path would weigh on every token's call to ``nextLexeme()``.
    @inline(never)
    private mutating func skipComment() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == .newline { return }
            if byte < 0x80 {
                position += 1
            } else {
                stepOverNonASCII()
            }
        }
    }

    /// Steps over one non-ASCII character and returns its bytes, or reports an invalid byte,
    /// steps over it alone and returns nil.
    @discardableResult
    private mutating func stepOverNonASCII() -> Range<Int>? {
        let start = position
        noteNonASCII(at: start)
        guard let length = utf8Length(at: start) else {
            position += 1
            found.append(.invalidUTF8(bytes[start], at: range(start, position)))
            return nil
        }
        position += length
        return start..<position
    }

    // MARK: Strings

    /// Lexes a string; one that is not plain is split into text pieces and the raw content of
    /// unescaped `{…}`, kept for ``pieces(of:)``.
    private mutating func lexString() -> Lexeme {
        let start = position
        if lineFirstString < lineStart { lineFirstString = start }
        position += 1
        if let plain = plainStringEnd(from: position) {
            // No escape, brace or non-ASCII byte: the bytes are the text.
            position = plain + 1
            return Lexeme(.string, range(start, position))
        }
        var pieces: [StringPiece] = []
        var text: [UInt8] = []
        /// Where an unescaped `{` opened an interpolation that is not closed yet, and its content.
        var openBrace: Int?
        var content: [UInt8] = []

        func flush(_ text: inout [UInt8], into pieces: inout [StringPiece]) {
            if !text.isEmpty {
                pieces.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
        }

        // The errors of an unterminated string's content are dropped: where it was meant to end
        // is not known, and its one error says what to do.
        let mark = found.mark
        scanning: while true {
            guard position < bytes.count, bytes[position] != .newline else {
                let whole = range(start, position)
                found.rollBack(to: mark)
                found.append(.unterminatedString(at: whole))
                let swallowsBrace = pieces.contains { if case .strayBrace("}", _) = $0 { true } else { false } }
                unterminatedStrings[whole.lowerBound.line] = (whole.lowerBound, lineFirstString, swallowsBrace)
                break scanning
            }
            let byte = bytes[position]
            switch byte {
            case .quote:
                position += 1
                break scanning
            case .leftBrace where openBrace == nil:
                flush(&text, into: &pieces)
                openBrace = position
                content.removeAll(keepingCapacity: true)
                position += 1
            case .rightBrace:
                if let brace = openBrace {
                    position += 1
                    let raw = String(decoding: content, as: UTF8.self)
                    pieces.append(.interpolation(raw, range: range(brace, position)))
                    openBrace = nil
                } else {
                    flush(&text, into: &pieces)
                    pieces.append(.strayBrace("}", range: range(position, position + 1)))
                    position += 1
                }
            case .backslash where openBrace == nil:
                lexEscape(into: &text)
            default:
                if byte < 0x80 {
                    if openBrace == nil { text.append(byte) } else { content.append(byte) }
                    position += 1
                } else if let character = stepOverNonASCII() {
                    if openBrace == nil {
                        text.append(contentsOf: bytes[character])
                    } else {
                        content.append(contentsOf: bytes[character])
                    }
                }
            }
        }
        if let brace = openBrace {
            pieces.append(.strayBrace("{", range: range(brace, brace + 1)))
            text = content
        }
        flush(&text, into: &pieces)
        escapedStrings[start] = pieces
        return Lexeme(.string, range(start, position))
    }

    /// The offset of the closing quote of a string whose content starts at `offset`, if the
    /// content is printable ASCII without a backslash or a brace.
    private func plainStringEnd(from offset: Int) -> Int? {
        var index = offset
        while index < bytes.count {
            switch bytes[index] {
            case .quote: return index
            case .backslash, .leftBrace, .rightBrace, .newline: return nil
            case 0x20...0x7E, .tab: index += 1
            default: return nil
            }
        }
        return nil
    }

    /// Lexes the escape at `position` (a backslash) and appends what it stands for.
    private mutating func lexEscape(into text: inout [UInt8]) {
        let start = position
        guard start + 1 < bytes.count, bytes[start + 1] != .newline else {
            position += 1  // The string is unterminated; the caller reports it.
            return
        }
        let resolved: UInt8
        switch bytes[start + 1] {
        case .quote: resolved = .quote
        case .backslash: resolved = .backslash
        case UInt8(ascii: "n"): resolved = .newline
        case UInt8(ascii: "t"): resolved = .tab
        case .leftBrace: resolved = .leftBrace
        case .rightBrace: resolved = .rightBrace
        case UInt8(ascii: "u"):
            lexUnicodeEscape(into: &text)
            return
        default:
            position += 1
            if bytes[position] < 0x80 {
                position += 1
            } else {
                stepOverNonASCII()
            }
            let escape = String(decoding: bytes[start..<position], as: UTF8.self)
            found.append(.invalidEscape(escape, at: range(start, position)))
            return
        }
        text.append(resolved)
        position += 2
    }

    /// Lexes `\u{X…}` with 1 to 8 hex digits naming a Unicode scalar value.
    private mutating func lexUnicodeEscape(into text: inout [UInt8]) {
        let start = position
        position += 2
        guard position < bytes.count, bytes[position] == .leftBrace else {
            found.append(.malformedUnicodeEscape(at: range(start, position)))
            return
        }
        position += 1
        var value: UInt32 = 0
        var digits = 0
        while position < bytes.count, let digit = bytes[position].hexDigitValue {
            value = digits < 8 ? value << 4 | digit : value
            digits += 1
            position += 1
        }
        let closed = position < bytes.count && bytes[position] == .rightBrace
        if closed { position += 1 }
        guard closed, (1...8).contains(digits) else {
            found.append(.malformedUnicodeEscape(at: range(start, position)))
            return
        }
        guard let scalar = Unicode.Scalar(value) else {
            let escape = String(decoding: bytes[start..<position], as: UTF8.self)
            found.append(.invalidUnicodeScalar(escape, at: range(start, position)))
            return
        }
        UTF8.encode(scalar) { text.append($0) }
    }

    // MARK: UTF-8

    /// The length of the valid UTF-8 sequence at `offset`, or nil if the bytes there are invalid.
    private func utf8Length(at offset: Int) -> Int? {
        func continuation(_ index: Int, _ allowed: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index < bytes.count && allowed.contains(bytes[index])
        }
        switch bytes[offset] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(offset + 1) ? 2 : nil
        case 0xE0: return continuation(offset + 1, 0xA0...0xBF) && continuation(offset + 2) ? 3 : nil
        case 0xED: return continuation(offset + 1, 0x80...0x9F) && continuation(offset + 2) ? 3 : nil
        case 0xE1...0xEF: return continuation(offset + 1) && continuation(offset + 2) ? 3 : nil
        case 0xF0:
            return continuation(offset + 1, 0x90...0xBF) && continuation(offset + 2)
                && continuation(offset + 3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(offset + 1) && continuation(offset + 2) && continuation(offset + 3)
                ? 4 : nil
        case 0xF4:
            return continuation(offset + 1, 0x80...0x8F) && continuation(offset + 2)
                && continuation(offset + 3) ? 4 : nil
        default: return nil
        }
    }
}

extension Keyword {
    /// The keyword spelt by `bytes[start..<end]`, found without building a string: every keyword
    /// is 2 to 11 lowercase ASCII letters, so a word's packed bytes are compared with those of the
    /// keywords of its length.
    fileprivate static func spelt(by bytes: [UInt8], from start: Int, to end: Int) -> Keyword? {
        let count = end - start
        guard count >= 2, count <= 11 else { return nil }
        let word = bytes.withUnsafeBufferPointer { PackedWord($0, from: start, to: end) }
        let table = spellings
        for index in table.firstOfLength[count]..<table.firstOfLength[count + 1]
        where table.spellings[index] == word {
            return table.keywords[index]
        }
        return nil
    }

    /// The keywords and their packed spellings, shortest first; those of length `n` are at
    /// `firstOfLength[n]..<firstOfLength[n + 1]`.
    private static let spellings: (keywords: [Keyword], spellings: [PackedWord], firstOfLength: [Int]) = {
        let keywords = Keyword.allCases.sorted { $0.rawValue.utf8.count < $1.rawValue.utf8.count }
        let spellings = keywords.map { keyword in
            Array(keyword.rawValue.utf8).withUnsafeBufferPointer { PackedWord($0, from: 0, to: $0.count) }
        }
        let firstOfLength = (0...12).map { length in keywords.firstIndex { $0.rawValue.utf8.count >= length } ?? keywords.count }
        return (keywords, spellings, firstOfLength)
    }()
}

/// The first 16 bytes of a word, packed little-end first: two words of at most 16 bytes, neither
/// holding a zero byte, are equal when their packed bytes are.
private struct PackedWord: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init() {}

    /// Packs `bytes[start..<end]`, reading 16 bytes at once where the buffer holds them.
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        let count = min(end - start, 16)
        guard start + 16 <= bytes.count else {
            for index in 0..<count {
                let byte = UInt64(bytes[start + index])
                if index < 8 { low |= byte << (8 * index) } else { high |= byte << (8 * (index - 8)) }
            }
            return
        }
        let raw = UnsafeRawPointer(bytes.baseAddress! + start)
        low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if count < 8 {
            low &= (1 &<< (8 * count)) &- 1
            high = 0
        } else if count < 16 {
            high &= (1 &<< (8 * (count - 8))) &- 1
        }
    }
}

/// The strings of identifiers of at most 16 bytes, each made once and then handed out again: a
/// file names the same participants and messages on line after line, and comparing two integers
/// costs far less than decoding a string. A direct-mapped table: a word replaces the one in its
/// slot.
private struct WordCache {
    /// The number of slots is 2 to this power.
    private let slotBits: Int
    private var slots: [(word: PackedWord, text: String)]

    /// A cache sized for a file of `byteCount` bytes: a slot per 64 bytes, from 64 to 4,096
    /// slots, so that a small file does not fill a large table.
    init(forBytes byteCount: Int) {
        slotBits = min(12, max(6, Int.bitWidth - (byteCount / 64).leadingZeroBitCount))
        slots = Array(repeating: (PackedWord(), ""), count: 1 << slotBits)
    }

    /// The string of `bytes[start..<end]`, an identifier (ASCII letters, digits and `_`).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        guard end - start <= 16 else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        let word = PackedWord(bytes, from: start, to: end)
        // Fibonacci hashing: the top bits of the product.
        let slot = Int(truncatingIfNeeded: ((word.low ^ word.high) &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
        if slots[slot].word == word { return slots[slot].text }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        slots[slot] = (word, text)
        return text
    }
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let bang = UInt8(ascii: "!")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let star = UInt8(ascii: "*")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let zero = UInt8(ascii: "0")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate static let equal = UInt8(ascii: "=")
    fileprivate static let greaterThan = UInt8(ascii: ">")
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let leftParen = UInt8(ascii: "(")
    fileprivate static let rightParen = UInt8(ascii: ")")
    fileprivate static let leftBrace = UInt8(ascii: "{")
    fileprivate static let rightBrace = UInt8(ascii: "}")

    fileprivate var isDigit: Bool { self &- 0x30 < 10 }

    /// A letter or `_`; setting bit 5 makes an ASCII letter lowercase.
    fileprivate var isIdentifierStart: Bool { (self | 0x20) &- 0x61 < 26 || self == 0x5F }

    fileprivate var isIdentifierContinue: Bool { isIdentifierStart || isDigit }

    fileprivate var hexDigitValue: UInt32? {
        switch self {
        case 0x30...0x39: return UInt32(self - 0x30)
        case 0x41...0x46: return UInt32(self - 0x41 + 10)
        case 0x61...0x66: return UInt32(self - 0x61 + 10)
        default: return nil
        }
    }
}

// MARK: - Messages

extension Diagnostic {
    static func unterminatedString(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "unterminated string", at: range,
            notes: [.help("close the string with '\"' on the same line")])
    }

    static func invalidEscape(_ escape: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "invalid escape '\(escape)' in a string", at: range,
            notes: [.help(#"the escapes are \" \\ \n \t \{ \} and \u{…}"#)])
    }

    static func malformedUnicodeEscape(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "invalid Unicode escape", at: range,
            notes: [.help(#"write '\u{' then 1 to 8 hexadecimal digits and '}', e.g. '\u{1F604}'"#)])
    }

    static func invalidUnicodeScalar(_ escape: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("'\(escape)' is not a valid Unicode scalar", at: range)
    }

    static func invalidNumber(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "invalid number '\(text)'", at: range,
            notes: [.help("write digits with an optional fraction, e.g. '10', '-3' or '1099.99'")])
    }

    static func numberTooLarge(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("number '\(text)' is too large", at: range)
    }

    /// The number's warning. A number longer than ``quotedDigits`` is quoted by its start and
    /// length, so that a long one is not printed three times over (the source line shows it).
    static func inexactNumber(_ literal: String, written: String, at range: SourceRange) -> Diagnostic {
        func quoted(_ number: String) -> String {
            number.count <= quotedDigits ? number : "\(number.prefix(quotedDigits))… (\(number.count) characters)"
        }
        let short = literal.count <= quotedDigits
        return Diagnostic(
            "the number \(quoted(literal)) is written \(quoted(written)): it has more digits than a number keeps", at: range,
            notes: [
                .note(
                    "numbers are 64-bit floating-point values: whole numbers are exact up to 2^53 (9007199254740992), others to about 15 significant digits"
                ),
                .help("write it with fewer digits, or as a string (\(short ? "\"\(literal)\"" : "in quotes")) if every digit matters"),
            ], severity: .warning)
    }

    /// The most characters of a number literal that its warning quotes whole.
    static let quotedDigits = 40

    static func unexpectedCharacter(_ scalar: Unicode.Scalar, at range: SourceRange) -> Diagnostic {
        let shown =
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            : "'\(scalar)'"
        return Diagnostic("unexpected character \(shown)", at: range)
    }

    static func invalidUTF8(_ byte: UInt8, at range: SourceRange) -> Diagnostic {
        let hex = String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        return Diagnostic("invalid UTF-8 byte 0x\(hex)", at: range)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
