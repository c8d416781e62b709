/// A word of the scenario language; no participant, type, property or parameter can be named so.
package enum Keyword: String, CaseIterable, Hashable, Sendable {
    case scenario, mediator, participant, weak, leave, release, on, receives, sends, set, log
    case expect, received, alive, deallocated
    /// `self`, spelt `selfName` because `.self` is taken in Swift.
    case selfName = "self"
    case sender, message, any, all
    case `true`, `false`

    /// The keywords that begin a statement only allowed at the top level of a file.
    ///
    /// One of these at the start of a line inside an unclosed block means the block lacks its `}`.
    var startsTopLevelStatement: Bool {
        switch self {
        case .scenario, .mediator, .participant, .leave, .release, .on, .expect: return true
        default: return false
        }
    }
}

/// A piece of a string literal: text, or the raw content of an unescaped `{…}`.
package enum StringPiece: Hashable, Sendable {
    /// Literal text, its escapes resolved.
    case text(String)
    /// `{…}`: the bytes between the braces as written, and the range of the braces and content.
    case interpolation(String, range: SourceRange)
    /// A `{` that no `}` closes before the string ends, or a `}` that no `{` opened.
    case strayBrace(Character, range: SourceRange)
}

/// A version of the language a file may pin with `language VERSION`.
package enum LanguageVersion: String, CaseIterable, Hashable, Sendable {
    case version1Dot0 = "1.0"
    case version1Dot1 = "1.1"
    case version1Dot2 = "1.2"
}

/// One token of a scenario file, with the source range it covers.
package struct Token: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// `[A-Za-z_][A-Za-z0-9_]*` that is not a keyword.
        case identifier(String)
        case keyword(Keyword)
        /// `"…"` split into pieces; see ``StringPiece``.
        case string([StringPiece])
        /// `10`, `-3`, `1099.99`: always finite.
        case number(Double)
        /// `->`
        case arrow
        case colon, comma, semicolon, star, leftBrace, rightBrace, leftParen, rightParen
        /// `=`
        case equal
        /// `==`
        case equalEqual
        /// `!=`
        case notEqual
        case dot, minus
        /// `<`, `<=`, `>`, `>=`, `+`, `/` (language 1.1)
        case less, lessEqual, greater, greaterEqual, plus, slash
        /// The end of a line: statements are separated by newlines.
        case newline
        case endOfFile
        /// Text the lexer already reported as an error; the parser skips it without a new error.
        case invalid
    }

    package var kind: Kind
    package var range: SourceRange

    package init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The keyword this token is, if it is one.
    package var keyword: Keyword? {
        if case .keyword(let keyword) = kind { return keyword }
        return nil
    }

    /// The identifier's text, if this token is an identifier.
    package var identifier: String? {
        if case .identifier(let text) = kind { return text }
        return nil
    }

    /// Whether the token ends a statement: a newline or the end of the file.
    package var endsLine: Bool { kind == .newline || kind == .endOfFile }
}

extension Token.Kind: CustomStringConvertible {
    /// The token as a message quotes it: `'->'`, `'Athos'`, `a string`, `end of line`.
    package var description: String {
        switch self {
        case .identifier(let text): return "'\(text)'"
        case .keyword(let keyword): return "'\(keyword.rawValue)'"
        case .string: return "a string"
        case .number(let number): return "'\(Value.canonical(number))'"
        case .arrow: return "'->'"
        case .colon: return "':'"
        case .comma: return "','"
        case .semicolon: return "';'"
        case .star: return "'*'"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .equal: return "'='"
        case .equalEqual: return "'=='"
        case .notEqual: return "'!='"
        case .dot: return "'.'"
        case .minus: return "'-'"
        case .less: return "'<'"
        case .lessEqual: return "'<='"
        case .greater: return "'>'"
        case .greaterEqual: return "'>='"
        case .plus: return "'+'"
        case .slash: return "'/'"
        case .newline: return "end of line"
        case .endOfFile: return "end of file"
        case .invalid: return "invalid text"
        }
    }
}

/// A token as the parser reads it: its kind and range without text, so that copying one copies a
/// few bytes and retains nothing. The text of an identifier or a string is read from the source
/// (``Lexer/text(of:)``, ``Lexer/pieces(of:)``) only when a syntax node needs it.
struct Lexeme {
    /// ``Token/Kind`` without the text of identifiers and strings.
    enum Kind: Equatable {
        case identifier
        case keyword(Keyword)
        case string
        case number(Double)
        case arrow, colon, comma, semicolon, star, leftBrace, rightBrace, leftParen, rightParen
        case equal, equalEqual, notEqual, dot, minus, newline, endOfFile, invalid
        case less, lessEqual, greater, greaterEqual, plus, slash
    }

    var kind: Kind
    var range: SourceRange

    init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The keyword this lexeme is, if it is one.
    var keyword: Keyword? {
        if case .keyword(let keyword) = kind { return keyword }
        return nil
    }

    /// Whether the lexeme is an identifier or a keyword.
    var isWord: Bool {
        switch kind {
        case .identifier, .keyword: return true
        default: return false
        }
    }

    /// Whether the lexeme is a number, as a version is written after `language`.
    var isVersion: Bool {
        if case .number = kind { return true }
        return false
    }

    /// Whether the lexeme ends a statement: a newline or the end of the file.
    var endsLine: Bool {
        switch kind {
        case .newline, .endOfFile: return true
        default: return false
        }
    }
}
