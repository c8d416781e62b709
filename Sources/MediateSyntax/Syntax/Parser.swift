/// Builds a ``Script`` from a file's tokens by recursive descent, reporting every syntax error.
///
/// The parser pulls tokens from a ``Lexer`` as it goes, with one token of lookahead. It reads them
/// as ``Lexeme``s, without text, and asks the lexer for an identifier's or a string's text only when
/// it builds a node.
///
/// Statements end at a newline. Inside a reaction's block `;` separates statements as well, an
/// addition to the language's text, so that a block fits on one line:
/// `on Guard receives hit(damage) { set hp = damage; log "{self} was hit" }`.
///
/// On an error the parser records a diagnostic, skips to the end of the line (or of the current
/// block) and goes on, so one pass finds every error. A statement whose head parsed well (a
/// participant's name, a reaction's pattern) is kept even when a later part of it is broken, so
/// that the checker does not report its uses as unknown; the names on the rest of a line that
/// did not parse are kept as ``Script/unparsedWords``, for the same reason.
///
/// An unterminated string runs to the end of its line and is its line's last error: what the
/// parser finds on that line from its first string on follows from the quotes' pairing and is
/// not reported, and a `}` the string holds that closes no interpolation ends the block it
/// stands in.
struct Parser {
    private var lexer: Lexer
    /// The file's bytes, which a send written plainly refers to (``Send/init(sender:target:message:in:)``).
    private let bytes: [UInt8]
    /// The file's number of lines.
    private let lineCount: Int
    /// The token being looked at, the one after it, and the one before it.
    private var current: Lexeme
    private var peek: Lexeme
    private var previous: Lexeme
    /// Where the last token before `current` that is not a newline ends.
    private var endOfPreviousToken: SourceLocation
    /// The syntax errors found so far, in source order, up to ``Diagnostics/limit``.
    private(set) var diagnostics = DiagnosticList()
    /// Whether the parser is in a reaction's block, where an indented `leave` or `release`
    /// at the start of a line belongs to the block.
    private var inReactionBody = false
    /// The registered design names, quoted, for the help under a missing one; nil when unknown.
    private let kindSpellings: String?
    /// The names on the lines that did not parse, from where the error stopped the statement.
    private var unparsedWords: Set<String> = []
    /// The operators and parentheses of the expression being read, which bound its tree's height:
    /// the checker, the formatter and the interpreter walk the tree recursively.
    private var expressionSize = 0
    /// The most operators and parentheses one expression may have.
    static let maxExpressionSize = 256

    init(file: SourceFile, kindSpellings: String? = nil) {
        self.kindSpellings = kindSpellings
        lexer = Lexer(file)
        bytes = file.bytes
        lineCount = file.lineStarts.count
        current = lexer.nextLexeme()
        peek = lexer.nextLexeme()
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        previous = Lexeme(.newline, start..<start)
        endOfPreviousToken = start
    }

    /// The lexical errors of the tokens read so far, in source order.
    var lexicalDiagnostics: [Diagnostic] { lexer.diagnostics }

    /// Stops parsing the current statement; `diagnostic` is nil when the lexer already reported
    /// the offending text.
    private struct SyntaxError: Error {
        var diagnostic: Diagnostic?
    }

    // MARK: Script

    /// Parses the whole file: one statement per line, blank lines ignored. Stops at the
    /// statement where lexer and parser together reach ``Diagnostics/limit`` errors.
    mutating func parseScript() -> Script {
        var statements: [Statement] = []
        // A statement a line at most, mostly: the list grows no further on a large file, whose
        // doublings would each leave the last list's memory behind. Pages never written are not
        // resident.
        statements.reserveCapacity(lineCount)
        while current.kind != .endOfFile, lexer.diagnosticCount + diagnostics.items.count < Diagnostics.limit {
            if current.kind == .newline {
                skip()
                continue
            }
            do throws(SyntaxError) {
                statements.append(try parseStatement())
            } catch {
                record(error)
                skipStatement()
            }
        }
        if !lexer.unterminatedStrings.isEmpty {
            let strings = lexer.unterminatedStrings
            diagnostics.removeAll { diagnostic in
                let start = diagnostic.range.lowerBound
                return strings[start.line].map { start.offset >= $0.lineFirstString } ?? false
            }
        }
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        var script = Script(statements: statements, range: start..<current.range.upperBound)
        script.warnings = lexer.warnings
        script.unparsedWords = unparsedWords
        return script
    }

    private mutating func parseStatement() throws(SyntaxError) -> Statement {
        switch current.kind {
        case .keyword(.scenario):
            return try parseScenario()
        case .keyword(.mediator) where peek.kind != .arrow:
            return try parseMediator()
        case .keyword(.participant):
            return .participant(try parseParticipant())
        case .keyword(.leave):
            let (name, range) = try parseNameStatement()
            return .leave(name, range: range)
        case .keyword(.release):
            let (name, range) = try parseNameStatement()
            return .release(name, range: range)
        case .keyword(.on):
            return .reaction(try parseReaction())
        case .keyword(.log):
            let log = try parseLog()
            try expectEndOfLine(after: "the log string")
            return .log(log)
        case .keyword(.expect):
            return .expect(try parseExpectation())
        case .keyword(.set):
            let assignment = try parseAssignment(topLevel: true)
            try expectEndOfLine(after: "the value")
            return .set(assignment)
        case .rightBrace:
            throw failure(.unopenedBlock(at: current.range))
        case .identifier where peek.kind != .arrow:
            let word = lexer.text(of: current)
            if word == "language", peek.endsLine || peek.isVersion || peek.kind == .string {
                return try parseLanguage()
            }
            if word == "together", peek.kind == .leftBrace { return parseTogether() }
            if let keyword = Parser.statementKeyword(near: word) {
                throw failure(.unknownStatement(word, suggestion: keyword, at: current.range))
            }
            fallthrough
        case .identifier, .keyword(.mediator), .keyword(.selfName):
            let send = try parseSend()
            try expectEndOfLine(after: "the message")
            return .send(send)
        default:
            throw failure(.expected("a statement", at: current.range))
        }
    }

    /// `language VERSION`: the version as written; the checker knows which exist.
    private mutating func parseLanguage() throws(SyntaxError) -> Statement {
        let word = advance()
        guard current.isVersion else {
            throw failure(.missingLanguageVersion(at: current.range))
        }
        let number = advance()
        let version = Name(lexer.spelling(of: number), number.range)
        try expectEndOfLine(after: "the language version")
        return .language(version: version, range: word.range.lowerBound..<number.range.upperBound)
    }

    /// `together { SEND … }` (language 1.2): top-level sends separated by newlines or `;`, on one
    /// line or several. `together` is a word of the language only at the start of a statement
    /// and followed by `{`. The block is kept even when its line has an error after the `}`.
    private mutating func parseTogether() -> Statement {
        let keyword = advance()
        let (sends, written) = parseTogetherBody()
        if written == 0 { diagnostics.append(.emptyTogether(at: keyword.range)) }
        let together = Together(sends: sends, keyword: keyword.range, range: keyword.range.lowerBound..<endOfPreviousToken)
        do throws(SyntaxError) {
            try expectEndOfLine(after: "the block's '}'")
        } catch {
            record(error)
            skipStatement()
        }
        return .together(together)
    }

    /// A `together` block's `{ … }`: its sends, and how many statements were written in it,
    /// sends or not. Anything but a send is an error, and so is a `together` inside it, whose
    /// block is read and left out.
    private mutating func parseTogetherBody() -> (sends: [Send], written: Int) {
        let open = advance()
        var sends: [Send] = []
        var written = 0
        while true {
            if closedByUnterminatedString { return (sends, written) }
            while current.kind == .newline || current.kind == .semicolon { advance() }
            if current.kind == .rightBrace {
                skip()
                return (sends, written)
            }
            // An indented statement of the top level is written in the block by mistake; at the
            // start of a line it ends the block, which lacks its `}`.
            let indented = previous.kind != .newline || current.range.lowerBound.column > 1
            if !indented || current.kind == .endOfFile, blockIsUnclosed {
                record(
                    failure(.unclosedBlock(openedAt: open.range, at: current.range, atEndOfFile: current.kind == .endOfFile)))
                return (sends, written)
            }
            written += 1
            if isWord("together"), peek.kind == .leftBrace {
                diagnostics.append(.nestedTogether(at: advance().range))
                _ = parseTogetherBody()
                continue
            }
            do throws(SyntaxError) {
                switch current.kind {
                case .identifier, .keyword(.selfName):
                    sends.append(try parseSend())
                case .keyword(.mediator) where peek.kind == .arrow:
                    sends.append(try parseSend())
                default:
                    throw failure(.notASendInTogether(at: current.range))
                }
                switch current.kind {
                case .newline, .semicolon, .rightBrace, .endOfFile: break
                default:
                    throw failure(.expected("end of line, ';' or '}' after the send", at: current.range))
                }
            } catch {
                record(error)
                skipInBlock(stoppingAt: [.semicolon])
            }
        }
    }

    /// The statement keyword `word` is most likely a misspelling of, if any.
    private static func statementKeyword(near word: String) -> String? {
        let candidates: [Keyword] = [
            .scenario, .mediator, .participant, .leave, .release, .log, .expect,
        ]
        let spellings = candidates.map(\.rawValue)
        let limit = word.count >= 6 ? 2 : 1
        return EditDistance.closest(to: word, among: spellings, maximum: limit)
    }

    // MARK: Top-level statements

    /// `scenario "Title"`
    private mutating func parseScenario() throws(SyntaxError) -> Statement {
        let keyword = advance()
        guard case .string = current.kind else {
            throw failure(.expected("a title string after 'scenario'", at: current.range))
        }
        let title = stringLiteral(advance())
        try expectEndOfLine(after: "the title")
        return .scenario(title, range: keyword.range.lowerBound..<title.range.upperBound)
    }

    /// `mediator KIND`, where KIND is words joined by `-` without spaces; in language 1.1
    /// `mediator [KIND] [as NAME] [{ PROP = VALUE, … }]`, with at least one of the three.
    private mutating func parseMediator() throws(SyntaxError) -> Statement {
        let keyword = advance()
        var kind: Name?
        if !isMediatorNaming(afterKind: false), current.kind != .leftBrace {
            guard word(current) != nil else {
                throw failure(.missingMediatorKind(at: current.range, spellings: kindSpellings))
            }
            let written = try parseMediatorKind()
            if !isMediatorNaming(afterKind: true), current.kind != .leftBrace {
                try expectEndOfLine(after: "the mediator kind")
                return .mediator(kind: written, range: keyword.range.lowerBound..<written.range.upperBound)
            }
            kind = written
        }
        var declaration = MediatorDeclaration(
            kind: kind, name: nil, properties: [], range: keyword.range.lowerBound..<endOfPreviousToken)
        if isMediatorNaming(afterKind: true) {
            skip()
            guard current.isWord else { throw failure(.missingMediatorName(at: current.range)) }
            declaration.name = try parseName("a name for the mediator after 'as'")
            declaration.range = keyword.range.lowerBound..<endOfPreviousToken
        }
        if current.kind == .leftBrace {
            declaration.properties = parsePropertyBlock()
            declaration.range = keyword.range.lowerBound..<endOfPreviousToken
            try expectEndOfLine(after: "the property block")
        } else {
            try expectEndOfLine(orMessage: "expected '{' or end of line after '\(wordBefore)'")
        }
        return .mediatorDeclaration(declaration)
    }

    /// Whether the current token is `as` before the mediator's name. `as` is a contextual
    /// keyword: right after `mediator` it names only when a word follows (`mediator as` alone
    /// reads `as` as a kind, as in 1.0).
    private mutating func isMediatorNaming(afterKind: Bool) -> Bool {
        current.kind == .identifier && (afterKind || peek.isWord) && lexer.text(of: current) == "as"
    }

    /// A mediator kind: words joined by `-` without spaces.
    private mutating func parseMediatorKind() throws(SyntaxError) -> Name {
        var text = word(current)!
        let start = advance().range
        var end = start.upperBound
        while current.kind == .minus {
            let minus = current
            let next = peek
            guard minus.range.lowerBound == end, let part = word(next),
                next.range.lowerBound == minus.range.upperBound
            else {
                throw failure(.spacedMediatorKind(at: minus.range))
            }
            text += "-" + part
            skip()
            skip()
            end = next.range.upperBound
        }
        return Name(text, start.lowerBound..<end)
    }

    /// The text of an identifier or keyword token: a word of a hyphenated mediator kind.
    private mutating func word(_ token: Lexeme) -> String? {
        switch token.kind {
        case .identifier: return lexer.text(of: token)
        case .keyword(let keyword): return keyword.rawValue
        default: return nil
        }
    }

    /// `leave NAME` or `release NAME`.
    private mutating func parseNameStatement() throws(SyntaxError) -> (Name, SourceRange) {
        let keyword = advance()
        let verb = keyword.keyword!.rawValue
        let name = try parseName("a participant name after '\(verb)'")
        try expectEndOfLine(after: "the participant name")
        return (name, keyword.range.lowerBound..<name.range.upperBound)
    }

    /// `participant NAME [: TYPE] [weak] [{ PROP = VALUE, … }]`
    private mutating func parseParticipant() throws(SyntaxError) -> ParticipantDeclaration {
        let keyword = advance()
        let name = try parseName("a participant name after 'participant'")
        var declaration = ParticipantDeclaration(
            name: name, type: nil, isWeak: false, properties: [],
            range: keyword.range.lowerBound..<name.range.upperBound)
        do throws(SyntaxError) {
            if current.kind == .colon {
                skip()
                declaration.type = try parseName("a type name after ':'")
                declaration.range = keyword.range.lowerBound..<declaration.type!.range.upperBound
            }
            if current.kind == .keyword(.weak) {
                declaration.isWeak = true
                declaration.range = keyword.range.lowerBound..<advance().range.upperBound
            }
            if current.kind == .leftBrace {
                declaration.properties = parsePropertyBlock()
                declaration.range = keyword.range.lowerBound..<endOfPreviousToken
                try expectEndOfLine(after: "the property block")
            } else {
                var expected = ["'{'", "end of line"]
                if !declaration.isWeak { expected.insert("'weak'", at: 0) }
                if declaration.type == nil, !declaration.isWeak { expected.insert("':'", at: 0) }
                try expectEndOfLine(
                    orMessage: "expected \(Parser.list(expected)) after '\(wordBefore)'")
            }
        } catch {
            record(error)
            skipStatement()
        }
        return declaration
    }

    /// `{ PROP = VALUE, … }`: may span lines, and may end with a comma.
    private mutating func parsePropertyBlock() -> [Property] {
        let open = advance()
        var properties: [Property] = []
        while true {
            if closedByUnterminatedString { return properties }
            skipNewlines()
            if current.kind == .rightBrace {
                skip()
                return properties
            }
            if blockIsUnclosed {
                record(failure(.unclosedBlock(openedAt: open.range, at: current.range, atEndOfFile: current.kind == .endOfFile)))
                return properties
            }
            do throws(SyntaxError) {
                let name = try parseWord("a property name")
                try expect(.equal, "'=' after the property name")
                let value = try parseValue(expected: "a value after '='")
                properties.append(
                    Property(name: name, value: value, range: name.range.lowerBound..<value.range.upperBound))
                switch current.kind {
                case .comma:
                    skip()
                case .rightBrace:
                    break
                case .newline:
                    if closedByUnterminatedString { return properties }
                    // A property on the next line lacks the comma before it: report and go on.
                    let endOfLine = current
                    skipNewlines()
                    if current.kind != .rightBrace, !blockIsUnclosed {
                        diagnostics.append(.expected("',' or '}' after the property", at: endOfLine.range))
                    }
                default:
                    if binaryOperator() != nil { throw failure(.operatorInPropertyBlock(at: current.range)) }
                    throw failure(.expected("',' or '}' after the property", at: current.range))
                }
            } catch {
                record(error)
                skipInBlock(stoppingAt: [.comma])
                if current.kind == .comma { advance() }
            }
        }
    }

    /// `on SUBJECT receives|sends PATTERN { BODY }`
    private mutating func parseReaction() throws(SyntaxError) -> Reaction {
        let keyword = advance()
        let subject = try parseSubject("a participant or type name after 'on'")
        let trigger: Reaction.Trigger
        switch current.kind {
        case .keyword(.receives): trigger = .receives
        case .keyword(.sends): trigger = .sends
        default:
            throw failure(.expected("'receives' or 'sends' after '\(subject.text)'", at: current.range))
        }
        skip()
        let pattern = try parsePattern(after: trigger.rawValue)
        let fromHere = try parseFromHere()
        let condition = try parseGuard()
        guard current.kind == .leftBrace else {
            throw failure(.missingReactionBlock(at: current.range, nearIf: isWordNear("if")))
        }
        let body = parseReactionBody()
        let reaction = Reaction(
            subject: subject, trigger: trigger, pattern: pattern, condition: condition, body: body,
            range: keyword.range.lowerBound..<endOfPreviousToken, fromHere: fromHere)
        do throws(SyntaxError) {
            try expectEndOfLine(after: "the reaction's block")
        } catch {
            record(error)
            skipStatement()
        }
        return reaction
    }

    /// `from here` after a reaction's pattern, if written: its range. `from` and `here` are
    /// words only here; `from` alone is an error.
    private mutating func parseFromHere() throws(SyntaxError) -> SourceRange? {
        guard current.kind == .identifier, lexer.text(of: current) == "from" else { return nil }
        let from = advance()
        guard current.kind == .identifier, lexer.text(of: current) == "here" else {
            throw failure(.expectedHere(at: current.range))
        }
        return from.range.lowerBound..<advance().range.upperBound
    }

    /// `if EXPRESSION` after a reaction's pattern, if there is one.
    private mutating func parseGuard() throws(SyntaxError) -> Guard? {
        guard isWord("if") else { return nil }
        let keyword = advance()
        let expression = try parseWholeExpression(expected: "a condition after 'if'")
        if current.kind == .equal { throw failure(.assignmentInCondition(at: current.range)) }
        let text = "if " + written(expression)
        return Guard(expression: expression, text: text, range: keyword.range.lowerBound..<previous.range.upperBound)
    }

    /// An expression in canonical form, its literals as written.
    private func written(_ expression: ValueExpression) -> String {
        expression.written { range in lexer.spelling(of: Lexeme(.string, range)) }
    }

    /// `any`, `NAME` or `NAME(PARAM, …)`; `NAME()` is the same as `NAME`.
    private mutating func parsePattern(after trigger: String) throws(SyntaxError) -> Pattern {
        if current.kind == .keyword(.any) {
            return .any(range: advance().range)
        }
        guard current.isWord else {
            throw failure(
                .expected(
                    "a message pattern after '\(trigger)': 'any', a name, or a name with parameters",
                    at: current.range))
        }
        let name = try parseWord("a message name")
        guard current.kind == .leftParen else {
            return .named(name, parameters: [], range: name.range)
        }
        skip()
        var parameters: [PatternParameter] = []
        if current.kind != .rightParen {
            while true {
                parameters.append(try parsePatternParameter())
                if current.kind == .comma {
                    skip()
                    continue
                }
                guard current.kind == .rightParen else {
                    throw failure(.expected("',' or ')' after the parameter", at: current.range))
                }
                break
            }
        }
        let close = advance()
        return .named(name, parameters: parameters, range: name.range.lowerBound..<close.range.upperBound)
    }

    /// `NAME`, `LITERAL` or `LABEL: LITERAL` in a pattern's parentheses.
    private mutating func parsePatternParameter() throws(SyntaxError) -> PatternParameter {
        if let literal = patternLiteral() {
            return .literal(label: nil, value: literal.value, spelling: literal.spelling, range: literal.range)
        }
        guard current.isWord, peek.kind == .colon else {
            return .binding(try parseName("a parameter name or a literal"))
        }
        let label = try parseWord("a label")
        skip()
        guard let literal = patternLiteral() else {
            if current.isWord { throw failure(.bindingAfterLabel(label.text, at: current.range)) }
            throw failure(
                .expected("a literal after '\(label.text):': a string, a number, 'true' or 'false'", at: current.range))
        }
        return .literal(
            label: label, value: literal.value, spelling: literal.spelling,
            range: label.range.lowerBound..<literal.range.upperBound)
    }

    /// A string, a number, `true` or `false` in a pattern, and the token read; nil (reading nothing)
    /// for anything else.
    private mutating func patternLiteral() -> (value: Value, spelling: String, range: SourceRange)? {
        let token = current
        let value: Value
        switch token.kind {
        case .string: value = .string(stringLiteral(token).value)
        case .number(let number): value = .number(number)
        case .keyword(.true): value = .bool(true)
        case .keyword(.false): value = .bool(false)
        default: return nil
        }
        skip()
        return (value, lexer.spelling(of: token), token.range)
    }

    /// A reaction's `{ … }`: statements separated by newlines or `;`, on one line or several.
    ///
    /// Empty statements (`;;`, blank lines) are allowed.
    private mutating func parseReactionBody() -> [ReactionStatement] {
        inReactionBody = true
        defer { inReactionBody = false }
        let open = advance()
        var body: [ReactionStatement] = []
        while true {
            if closedByUnterminatedString { return body }
            while current.kind == .newline || current.kind == .semicolon { advance() }
            if current.kind == .rightBrace {
                skip()
                return body
            }
            if blockIsUnclosed {
                var diagnostic = Diagnostic.unclosedBlock(
                    openedAt: open.range, at: current.range, atEndOfFile: current.kind == .endOfFile)
                if let keyword = current.keyword, keyword == .leave || keyword == .release {
                    diagnostic.notes.append(
                        .help("to '\(keyword.rawValue)' in the reaction, indent the line; at its start it ends the block"))
                }
                record(failure(diagnostic))
                return body
            }
            do throws(SyntaxError) {
                body.append(try parseReactionStatement())
                switch current.kind {
                case .newline, .semicolon, .rightBrace, .endOfFile: break
                default:
                    throw failure(.expected("end of line, ';' or '}' after the statement", at: current.range))
                }
            } catch {
                record(error)
                skipInBlock(stoppingAt: [.semicolon])
            }
        }
    }

    /// A send from `self`, `set PROP = VALUE`, or `log "…"`.
    private mutating func parseReactionStatement() throws(SyntaxError) -> ReactionStatement {
        switch current.kind {
        case .keyword(.set):
            return .set(try parseAssignment(topLevel: false))
        case .keyword(.log):
            return .log(try parseLog())
        case .keyword(.leave), .keyword(.release):
            let keyword = advance()
            let verb = keyword.keyword!
            let party: PartyReference
            switch current.kind {
            case .keyword(.selfName): party = .selfName(range: advance().range)
            case .keyword(.sender): party = .sender(range: advance().range)
            default:
                party = .name(
                    try parseName("a participant name, 'self', 'sender' or a parameter after '\(verb.rawValue)'"))
            }
            let range = keyword.range.lowerBound..<party.range.upperBound
            return verb == .leave ? .leave(party, range: range) : .release(party, range: range)
        case .identifier, .keyword(.selfName):
            return .send(try parseSend())
        case .keyword(.mediator) where peek.kind == .arrow:
            return .send(try parseSend())
        default:
            throw failure(
                .expected(
                    "a send from 'self', 'set', 'log', 'leave' or 'release' in the reaction's block",
                    at: current.range))
        }
    }

    /// `set [OWNER.]PROP = EXPRESSION`, OWNER a participant, `self` or `mediator`; at top level
    /// the owner is required.
    private mutating func parseAssignment(topLevel: Bool) throws(SyntaxError) -> Assignment {
        let keyword = advance()
        var owner: Owner?
        if peek.kind == .dot {
            switch current.kind {
            case .keyword(.selfName): owner = .selfName(range: advance().range)
            case .keyword(.mediator): owner = .mediator(range: advance().range)
            default: owner = .participant(try parseName("a participant name after 'set'"))
            }
            skip()
        } else if current.kind == .keyword(.selfName) || current.kind == .keyword(.mediator) {
            throw failure(.setOnOwnerWithoutProperty(lexer.spelling(of: current), at: current.range))
        }
        let property = try parseWord(owner == nil ? "a property name after 'set'" : "a property name after '.'")
        if topLevel, owner == nil { throw failure(.setWithoutOwner(property.text, at: property.range)) }
        try expect(.equal, "'=' after the property name")
        let value = try parseWholeExpression(expected: "a value after '='")
        return Assignment(
            owner: owner, property: property, value: value, range: keyword.range.lowerBound..<previous.range.upperBound)
    }

    /// `log "TEXT"`, its interpolations parsed into segments.
    private mutating func parseLog() throws(SyntaxError) -> LogStatement {
        let keyword = advance()
        guard case .string = current.kind else {
            throw failure(.expected("a string after 'log'", at: current.range))
        }
        let string = advance()
        let pieces = lexer.pieces(of: string)
        return LogStatement(
            segments: logSegments(pieces, unterminated: isUnterminated(string)),
            range: keyword.range.lowerBound..<string.range.upperBound)
    }

    /// `expect NAME.PROP OP VALUE` (OP one of `==`, `!=`, `<`, `<=`, `>`, `>=`),
    /// `expect NAME received N [MESSAGE]`, `expect NAME alive`, `expect NAME deallocated`, each
    /// optionally followed by `fails [under KIND, …]`.
    private mutating func parseExpectation() throws(SyntaxError) -> Expectation {
        let keyword = advance()
        let subject = try parseSubject("a participant name after 'expect'")
        let condition: Expectation.Condition
        var text = "expect \(subject.text)"
        switch current.kind {
        case .dot:
            skip()
            let property = try parseWord("a property name after '.'")
            guard let comparison = Parser.comparison(current.kind) else {
                throw failure(.missingComparison(after: "\(subject.text).\(property.text)", at: current))
            }
            skip()
            let (value, written) = try parseExpectedValue(after: comparison)
            text += ".\(property.text) \(comparison.rawValue) \(written)"
            condition = .property(property, comparison, value: value)
        case .keyword(.received):
            skip()
            guard case .number = current.kind else {
                throw failure(.expected("a count after 'received'", at: current.range))
            }
            let digits = lexer.spelling(of: current)
            guard digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let count = Int(digits) else {
                throw failure(.invalidCount(digits, at: current.range))
            }
            skip()
            text += " received \(digits)"
            let message = countedMessage()
            switch message {
            case .named(let name): text += " \(name.text)"
            case .text: text += " \(lexer.spelling(of: previous))"
            case nil: break
            }
            condition = .received(count, message: message)
        case .keyword(.alive):
            skip()
            text += " alive"
            condition = .alive
        case .keyword(.deallocated):
            skip()
            text += " deallocated"
            condition = .deallocated
        default:
            throw failure(
                .expected(
                    "'.PROP ==', 'received', 'alive' or 'deallocated' after '\(subject.text)'",
                    at: current.range))
        }
        let intendedFailure = try parseIntendedFailure()
        if let intendedFailure {
            text += " fails"
            if !intendedFailure.designs.isEmpty {
                text += " under " + intendedFailure.designs.map(\.text).joined(separator: ", ")
            }
        }
        let expectation = Expectation(
            subject: subject, condition: condition, intendedFailure: intendedFailure, text: text,
            range: keyword.range.lowerBound..<previous.range.upperBound)
        if case .identifier = current.kind, !current.endsLine {
            let word = lexer.text(of: current)
            if EditDistance.closest(to: word, among: ["fails"], maximum: 2) != nil {
                throw failure(.unknownWordAfterExpectation(word, at: current.range))
            }
        }
        try expectEndOfLine(after: "the expectation")
        return expectation
    }

    /// The comparison a token is in `expect NAME.PROP OP VALUE`, if it is one.
    private static func comparison(_ kind: Lexeme.Kind) -> Expectation.Comparison? {
        switch kind {
        case .equalEqual: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterOrEqual
        default: return nil
        }
    }

    /// The right side of `expect NAME.PROP OP VALUE`, and its text as the transcript repeats it:
    /// an expression in canonical form, its literals spelt as written (`1.500` stays `1.500`).
    private mutating func parseExpectedValue(
        after comparison: Expectation.Comparison
    ) throws(SyntaxError) -> (ValueExpression, String) {
        let expected = "a value after '\(comparison.rawValue)': a string, a number, 'true' or 'false'"
        // A bare name means nothing at the top level: no pattern binds it.
        if current.kind == .identifier, peek.kind != .dot { throw failure(.expected(expected, at: current.range)) }
        let expression = try parseWholeExpression(expected: expected)
        return (expression, written(expression))
    }

    /// The message `received N` counts, if one is written: a name (any word, a keyword too) or a
    /// string. `fails` at the end of the line or before `under` is the intended failure's.
    private mutating func countedMessage() -> Expectation.CountedMessage? {
        switch current.kind {
        case .string:
            let token = advance()
            return .text(stringLiteral(token))
        case .identifier where isFailsKeyword:
            return nil
        case .identifier, .keyword:
            let token = advance()
            return .named(Name(word(token)!, token.range))
        default:
            return nil
        }
    }

    /// Whether `token` is the word `fails`.
    private mutating func isFailsWord(_ token: Lexeme) -> Bool {
        token.kind == .identifier && lexer.text(of: token) == "fails"
    }

    /// Whether the current token, after a count, is the contextual word `fails` of an intended
    /// failure rather than a message's name: `fails` followed by the end of the line or `under`.
    private var isFailsKeyword: Bool {
        mutating get {
            guard isFailsWord(current) else { return false }
            return peek.endsLine || (peek.kind == .identifier && lexer.text(of: peek) == "under")
        }
    }

    /// `fails` or `fails under KIND, …` after an expectation's condition; nil when the line ends
    /// without it.
    private mutating func parseIntendedFailure() throws(SyntaxError) -> Expectation.IntendedFailure? {
        guard isFailsWord(current) else { return nil }
        let fails = advance()
        guard !current.endsLine else { return Expectation.IntendedFailure(designs: [], range: fails.range) }
        guard current.kind == .identifier, lexer.text(of: current) == "under" else {
            throw failure(.expectedUnder(at: current))
        }
        skip()
        var designs = [try parseDesignName(after: "'under'")]
        while consume(.comma) {
            designs.append(try parseDesignName(after: "','"))
        }
        return Expectation.IntendedFailure(designs: designs, range: fails.range.lowerBound..<previous.range.upperBound)
    }

    /// A design's name: words joined by `-` without spaces, as after `mediator`.
    private mutating func parseDesignName(after what: String) throws(SyntaxError) -> Name {
        guard word(current) != nil else {
            throw failure(.missingDesignName(after: what, at: current.range, spellings: kindSpellings))
        }
        return try parseMediatorKind()
    }

    // MARK: Sends

    /// `SENDER -> TARGETS : MESSAGE`
    private mutating func parseSend() throws(SyntaxError) -> Send {
        let start = current.range.lowerBound
        let sender: Sender
        switch current.kind {
        case .keyword(.mediator): sender = .mediator(range: advance().range)
        case .keyword(.selfName): sender = .selfName(range: advance().range)
        case .identifier where peek.kind == .arrow:
            let name = advance()
            skip()
            return try parseSend(from: name)
        default: sender = .participant(try parseName("a sender"))
        }
        // `A => B` is a misspelt arrow; `A = …` and `A.p = …`, a `set` without its word.
        if (current.kind == .equal && peek.kind != .greater) || current.kind == .dot {
            try assignmentWithoutSet(owner: previous)
        }
        try expect(.arrow, "'->' after the sender")
        return try parseSend(sender: sender, start: start, targets: try parseTargets())
    }

    /// The rest of a send whose sender is `name`, past the arrow. One written `NAME -> NAME:
    /// "TEXT"` or `NAME -> *: "TEXT"` (a string without escapes) is made from its tokens' offsets
    /// (``Send/init(sender:target:message:in:)``), with no name, text or list of targets made.
    private mutating func parseSend(from name: Lexeme) throws(SyntaxError) -> Send {
        guard current.kind == .identifier || current.kind == .star, peek.kind == .colon else {
            return try parseSend(sender: participant(name), start: name.range.lowerBound, targets: try parseTargets())
        }
        let target = advance()
        if peek.kind == .string, lexer.isPlain(peek),
            let send = Send(sender: name.range, target: target.range, message: peek.range, in: bytes)
        {
            skip()
            let message = advance()
            assert(
                send
                    == Send(
                        sender: participant(name), targets: targets(target), message: .text(stringLiteral(message)),
                        range: name.range.lowerBound..<message.range.upperBound),
                "a plain send reads back")
            return send
        }
        return try parseSend(sender: participant(name), start: name.range.lowerBound, targets: targets(target))
    }

    /// The participant `name` names, as a sender.
    private mutating func participant(_ name: Lexeme) -> Sender {
        .participant(Name(lexer.text(of: name), name.range))
    }

    /// The targets of a send written `… -> NAME:` or `… -> *:`, as ``parseTargets()`` reads them.
    private mutating func targets(_ target: Lexeme) -> Targets {
        target.kind == .star ? .everyone(range: target.range) : .names([.participant(Name(lexer.text(of: target), target.range))])
    }

    /// The rest of a send, from the colon before its message.
    private mutating func parseSend(sender: Sender, start: SourceLocation, targets: Targets) throws(SyntaxError) -> Send {
        try expect(.colon, "':' before the message")
        let message = try parseMessage()
        // The message ends with the last token read.
        return Send(sender: sender, targets: targets, message: message, range: start..<previous.range.upperBound)
    }

    /// Throws the error for `NAME = …` or `OWNER.PROP = …`, written where a send was expected,
    /// with help that writes it with `set`; `owner` is its first word, already read. A `.` not
    /// followed by `PROP =` is the usual error, a missing `->`.
    private mutating func assignmentWithoutSet(owner: Lexeme) throws(SyntaxError) {
        var target = lexer.spelling(of: owner)
        if current.kind == .dot {
            guard peek.isWord else { throw failure(.expected("'->' after the sender", at: current.range)) }
            skip()
            guard peek.kind == .equal else { throw failure(.expected("'->' after the sender", at: previous.range)) }
            target += "." + lexer.spelling(of: advance())
        }
        skip()
        let value = (try? parseWholeExpression(expected: "")).map(written) ?? "…"
        let property = target.split(separator: ".").last.map(String.init) ?? target
        let help =
            inReactionBody || target.contains(".")
            ? "write 'set \(target) = \(value)'"
            : "write 'set NAME.\(property) = \(value)', NAME the participant whose property it is"
        throw SyntaxError(diagnostic: .assignmentWithoutSet(target, help: help, at: owner.range))
    }

    /// `*`, `* TYPE`, or `NAME, NAME, …` (where a name may be `sender`); in language 1.1 the
    /// list's items may also be `mediator` and `* TYPE` (`* Light, App`). `*` alone stays alone.
    private mutating func parseTargets() throws(SyntaxError) -> Targets {
        if current.kind == .star {
            let star = advance()
            guard current.isWord else {
                guard current.kind != .comma else { throw failure(.everyoneInList(at: star.range)) }
                return .everyone(range: star.range)
            }
            let type = try parseName("a type name after '*'")
            guard current.kind == .comma else {
                return .type(type, range: star.range.lowerBound..<type.range.upperBound)
            }
            var targets = [Target.type(type, range: star.range.lowerBound..<type.range.upperBound)]
            while consume(.comma) {
                targets.append(try parseTarget(expected: "a participant name after ','"))
            }
            return .names(targets)
        }
        // An array literal allocates once; appending to an empty array takes a slower path.
        var targets = [try parseTarget(expected: "'*' or a participant name after '->'")]
        while consume(.comma) {
            targets.append(try parseTarget(expected: "a participant name after ','"))
        }
        return .names(targets)
    }

    /// One target of a targeted send: a participant name, `sender`, `mediator`, or `* TYPE`.
    private mutating func parseTarget(expected: @autoclosure () -> String) throws(SyntaxError) -> Target {
        switch current.kind {
        case .keyword(.sender): return .sender(range: advance().range)
        case .keyword(.mediator): return .mediator(range: advance().range)
        case .star:
            let star = advance()
            guard current.isWord else { throw failure(.everyoneInList(at: star.range)) }
            let type = try parseName("a type name after '*'")
            return .type(type, range: star.range.lowerBound..<type.range.upperBound)
        default: return .participant(try parseName(expected()))
        }
    }

    /// A string, `NAME`, or `NAME(ARG, …)` with `ARG` = `VALUE` or `LABEL: VALUE`.
    private mutating func parseMessage() throws(SyntaxError) -> MessageExpression {
        if case .string = current.kind {
            return .text(stringLiteral(advance()))
        }
        guard current.isWord else {
            throw failure(.expected("a message after ':': a string or a name", at: current.range))
        }
        let name = try parseWord("a message name")
        guard current.kind == .leftParen else {
            return .named(name, arguments: [], range: name.range)
        }
        skip()
        var arguments: [ArgumentExpression] = []
        if current.kind != .rightParen {
            // An array literal allocates once; appending to an empty array takes a slower path.
            arguments = [try parseArgument()]
            while consume(.comma) { arguments.append(try parseArgument()) }
            guard current.kind == .rightParen else {
                throw failure(.expected("',' or ')' in the argument list", at: current.range))
            }
        }
        let close = advance()
        return .named(name, arguments: arguments, range: name.range.lowerBound..<close.range.upperBound)
    }

    /// `VALUE` or `LABEL: VALUE` in a named message's argument list.
    private mutating func parseArgument() throws(SyntaxError) -> ArgumentExpression {
        let start = current.range.lowerBound
        var label: Name?
        if peek.kind == .colon, current.isWord {
            label = try parseWord("a label")
            skip()
        }
        let value = try parseWholeExpression(
            expected: label == nil ? "a value in the argument list" : "a value after '\(label!.text):'")
        // The value ends with the last token read.
        return ArgumentExpression(label: label, value: value, range: start..<previous.range.upperBound)
    }

    // MARK: Values

    /// A string, a number, `true`, `false`, or a reference: a bare name, `self`, `sender`,
    /// `message`, `NAME.PROP` or `self.PROP`. The checker decides where references are allowed.
    private mutating func parseValue(expected: @autoclosure () -> String) throws(SyntaxError) -> ValueExpression {
        let token = current
        switch token.kind {
        case .string:
            skip()
            let literal = stringLiteral(token)
            return .literal(.string(literal.value), range: token.range)
        case .number(let number):
            skip()
            return .literal(.number(number), range: token.range)
        case .keyword(.true), .keyword(.false):
            skip()
            return .literal(.bool(token.kind == .keyword(.true)), range: token.range)
        case .keyword(.sender):
            skip()
            return .reference(.sender(range: token.range))
        case .keyword(.message):
            skip()
            return .reference(.message(range: token.range))
        case .keyword(.selfName):
            skip()
            guard consume(.dot) else { return .reference(.selfName(range: token.range)) }
            let property = try parseWord("a property name after '.'")
            return .reference(
                .property(
                    owner: .selfName(range: token.range), property: property,
                    range: token.range.lowerBound..<property.range.upperBound))
        case .keyword(.mediator) where peek.kind == .dot:
            skip()
            skip()
            let property = try parseWord("a property name after '.'")
            return .reference(
                .property(
                    owner: .mediator(range: token.range), property: property,
                    range: token.range.lowerBound..<property.range.upperBound))
        case .identifier, .keyword:
            let name = try parseName(expected())
            guard consume(.dot) else { return .reference(.name(name)) }
            let property = try parseWord("a property name after '.'")
            return .reference(
                .property(
                    owner: .participant(name), property: property,
                    range: name.range.lowerBound..<property.range.upperBound))
        default:
            throw failure(.expected(expected(), at: token.range))
        }
    }

    /// A string without interpolation; an unescaped brace in it is reported (but in an
    /// unterminated string), and kept as text.
    private mutating func stringLiteral(_ token: Lexeme) -> StringLiteral {
        if let plain = lexer.plainText(of: token) { return StringLiteral(plain, token.range) }
        var value = ""
        var reported = isUnterminated(token)
        for piece in lexer.pieces(of: token) {
            switch piece {
            case .text(let text):
                value += text
            case .interpolation(let raw, let range):
                value += "{\(raw)}"
                if !reported { diagnostics.append(.braceOutsideLog("{", at: range)) }
                reported = true
            case .strayBrace(let brace, let range):
                value.append(brace)
                if !reported { diagnostics.append(.braceOutsideLog(brace, at: range)) }
                reported = true
            }
        }
        return StringLiteral(value, token.range)
    }

    // MARK: Log interpolation

    /// The segments of a `log` string: text, and `{…}` parsed into references. The braces of an
    /// `unterminated` string are neither parsed nor reported.
    private mutating func logSegments(_ pieces: [StringPiece], unterminated: Bool = false) -> [LogSegment] {
        var segments: [LogSegment] = []
        for piece in pieces {
            switch piece {
            case .text(let text):
                if case .text(let before) = segments.last {
                    segments[segments.count - 1] = .text(before + text)
                } else {
                    segments.append(.text(text))
                }
            case .interpolation(let raw, let range):
                if !unterminated, let reference = interpolation(raw, at: range) {
                    segments.append(.interpolation(reference))
                }
            case .strayBrace(let brace, let range):
                if unterminated { continue }
                diagnostics.append(brace == "{" ? .unclosedInterpolation(at: range) : .unopenedInterpolation(at: range))
            }
        }
        return segments
    }

    /// Parses the content of `{…}`: `NAME` or `OWNER.PROP`, without spaces.
    ///
    /// `range` covers the braces; the references' ranges cover the content only.
    private mutating func interpolation(_ raw: String, at range: SourceRange) -> Reference? {
        let parts = raw.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy(Parser.isIdentifier) else {
            diagnostics.append(.invalidInterpolation(raw, at: range))
            return nil
        }
        // Valid content is ASCII: one column per byte, starting after the `{`.
        func subrange(from start: Int, length: Int) -> SourceRange {
            let origin = range.lowerBound
            let lower = SourceLocation(
                line: origin.line, column: origin.column + 1 + start, offset: origin.offset + 1 + start)
            let upper = SourceLocation(
                line: origin.line, column: lower.column + length, offset: lower.offset + length)
            return lower..<upper
        }
        let head = String(decoding: parts[0], as: UTF8.self)
        let headRange = subrange(from: 0, length: head.utf8.count)
        if parts.count == 1 {
            switch Keyword(rawValue: head) {
            case .selfName: return .selfName(range: headRange)
            case .sender: return .sender(range: headRange)
            case .message: return .message(range: headRange)
            case .some(let keyword):
                diagnostics.append(.keywordAsName(keyword, at: headRange))
                return nil
            case nil: return .name(Name(head, headRange))
            }
        }
        let propertyText = String(decoding: parts[1], as: UTF8.self)
        let propertyRange = subrange(from: head.utf8.count + 1, length: propertyText.utf8.count)
        let owner: Owner
        switch Keyword(rawValue: head) {
        case .selfName: owner = .selfName(range: headRange)
        case .mediator: owner = .mediator(range: headRange)
        case nil: owner = .participant(Name(head, headRange))
        case .some:
            diagnostics.append(.invalidInterpolation(raw, at: range))
            return nil
        }
        return .property(
            owner: owner, property: Name(propertyText, propertyRange),
            range: subrange(from: 0, length: raw.utf8.count))
    }

    private static func isIdentifier(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        guard let first = bytes.first else { return false }
        func isStart(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        return isStart(first) && bytes.allSatisfy { isStart($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    // MARK: Expressions

    /// A whole expression: a `set`'s value, an argument, a guard.
    private mutating func parseWholeExpression(expected: @autoclosure () -> String) throws(SyntaxError)
        -> ValueExpression
    {
        expressionSize = 0
        return try parseExpression(expected: expected())
    }

    /// Counts an operator or a parenthesis of the expression being read.
    private mutating func countOperator() throws(SyntaxError) {
        expressionSize += 1
        if expressionSize > Parser.maxExpressionSize { throw failure(.expressionTooLarge(at: current.range)) }
    }

    /// An expression (language 1.1; see `Expression.swift`), by precedence climbing: operands
    /// joined by operators that bind at least as tightly as `minimum`. `first`, when given, is the
    /// first operand, already read. A lone value costs one look at the token after it.
    private mutating func parseExpression(
        expected: @autoclosure () -> String, minimum: Int = ExpressionPrecedence.disjunction,
        first: ValueExpression? = nil
    ) throws(SyntaxError) -> ValueExpression {
        let start = first?.range.lowerBound ?? current.range.lowerBound
        var left: ValueExpression
        if let first {
            left = first
        } else {
            left = try parseOperand(expected: expected(), allowsNot: minimum <= ExpressionPrecedence.negation)
        }
        while let op = binaryOperator(), op.precedence >= minimum {
            try countOperator()
            let token = advance()
            let right: ValueExpression
            if case .number(let number) = token.kind {
                // `x -1` is `x - 1`: the token is the operator and the number without its sign.
                let sign = token.range.lowerBound
                let digits =
                    SourceLocation(line: sign.line, column: sign.column + 1, offset: sign.offset + 1)..<token.range.upperBound
                right = try parseExpression(
                    expected: "", minimum: op.precedence + 1, first: .literal(.number(-number), range: digits))
            } else {
                right = try parseExpression(
                    expected: "a value after '\(op.rawValue)'", minimum: op.precedence + 1)
            }
            if op.isComparison, let next = binaryOperator(), next.isComparison {
                throw failure(.chainedComparison(at: current.range))
            }
            left = .binary(op, left, right, range: start..<previous.range.upperBound)
        }
        return left
    }

    /// The binary operator at the current token, if it is one: punctuation, `and`, `or`, or a
    /// number spelt with a leading `-` (a minus, after an operand).
    private mutating func binaryOperator() -> BinaryOperator? {
        switch current.kind {
        case .equalEqual: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterOrEqual
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        case .number: return lexer.startsWithMinus(current) ? .subtract : nil
        case .identifier:
            if isWord("and") { return .and }
            if isWord("or") { return .or }
            return nil
        default: return nil
        }
    }

    /// `not` and its operand, `-` and its operand, `( EXPRESSION )`, or a value. `not` stands
    /// only where a negation may: before a whole comparison.
    private mutating func parseOperand(expected: @autoclosure () -> String, allowsNot: Bool) throws(SyntaxError)
        -> ValueExpression
    {
        switch current.kind {
        case .leftParen:
            try countOperator()
            let open = advance()
            let inner = try parseExpression(expected: "a value after '('")
            guard current.kind == .rightParen else {
                throw failure(.unclosedParenthesis(openedAt: open.range, at: current.range))
            }
            skip()
            return inner
        case .minus:
            try countOperator()
            let minus = advance()
            if case .number(let number) = current.kind, !lexer.startsWithMinus(current) {
                // `- 3` is the literal `-3`, as `-3` is.
                let digits = advance()
                return .literal(.number(-number), range: minus.range.lowerBound..<digits.range.upperBound)
            }
            let operand = try parseOperand(expected: "a value after '-'", allowsNot: false)
            return .unary(.negate, operand, range: minus.range.lowerBound..<previous.range.upperBound)
        case .identifier where isWord("not") && Parser.startsOperand(peek.kind):
            guard allowsNot else { throw failure(.misplacedNot(at: current.range)) }
            try countOperator()
            let keyword = advance()
            let operand = try parseExpression(expected: "a value after 'not'", minimum: ExpressionPrecedence.negation)
            return .unary(.not, operand, range: keyword.range.lowerBound..<previous.range.upperBound)
        default:
            return try parseValue(expected: expected())
        }
    }

    /// Whether a token of `kind` can begin an operand.
    private static func startsOperand(_ kind: Lexeme.Kind) -> Bool {
        switch kind {
        case .string, .number, .leftParen, .minus, .identifier: return true
        case .keyword(let keyword):
            return [.true, .false, .selfName, .sender, .message, .mediator].contains(keyword)
        default: return false
        }
    }

    /// Whether the current token is the identifier `word`, a contextual keyword (`if`, `and`,
    /// `or`, `not`): compared by length first, so that most identifiers are never read.
    private mutating func isWord(_ word: StaticString) -> Bool {
        guard current.kind == .identifier,
            current.range.upperBound.offset - current.range.lowerBound.offset == word.utf8CodeUnitCount
        else { return false }
        return lexer.text(of: current) == word.description
    }

    /// Whether the current token is an identifier one edit away from `word`, but not `word`.
    private mutating func isWordNear(_ word: String) -> Bool {
        guard current.kind == .identifier else { return false }
        let text = lexer.text(of: current)
        return text != word && EditDistance.closest(to: text, among: [word], maximum: 1) != nil
    }

    // MARK: Names

    /// An identifier as a name; a keyword here is reported as a word that cannot be a name.
    /// `expected` is only built for the error.
    private mutating func parseName(_ expected: @autoclosure () -> String) throws(SyntaxError) -> Name {
        switch current.kind {
        case .identifier:
            let name = Name(lexer.text(of: current), current.range)
            skip()
            return name
        case .keyword(let keyword):
            throw failure(.keywordAsName(keyword, at: current.range))
        default:
            throw failure(.expected(expected(), at: current.range))
        }
    }

    /// A reaction's or an expectation's subject: a name, or `mediator`.
    private mutating func parseSubject(_ expected: @autoclosure () -> String) throws(SyntaxError) -> Name {
        guard current.kind == .keyword(.mediator) else { return try parseName(expected()) }
        return Name("mediator", advance().range)
    }

    /// A word as a name where the language reads any word as one, keywords included (language
    /// 1.1): a message name, an argument label, a property name.
    private mutating func parseWord(_ expected: @autoclosure () -> String) throws(SyntaxError) -> Name {
        switch current.kind {
        case .identifier:
            return try parseName(expected())
        case .keyword(let keyword):
            return Name(keyword.rawValue, advance().range)
        default:
            throw failure(.expected(expected(), at: current.range))
        }
    }

    // MARK: Token stream

    /// The text of the token before the current one, as a message quotes it.
    private var wordBefore: String { lexer.spelling(of: previous) }

    /// Moves to the next token and returns the one that was current.
    @discardableResult
    private mutating func advance() -> Lexeme {
        skip()
        return previous
    }

    /// Moves to the next token.
    private mutating func skip() {
        if case .newline = current.kind {} else { endOfPreviousToken = current.range.upperBound }
        previous = current
        current = peek
        peek = lexer.nextLexeme()
    }

    /// Steps over the current token if it is of `kind`.
    private mutating func consume(_ kind: Lexeme.Kind) -> Bool {
        guard current.kind == kind else { return false }
        skip()
        return true
    }

    private mutating func expect(_ kind: Lexeme.Kind, _ expected: String) throws(SyntaxError) {
        guard consume(kind) else { throw failure(.expected(expected, at: current.range)) }
    }

    /// Checks that the statement ends here: at a newline, the end of the file, or the start of a
    /// line (after a block whose missing `}` was reported).
    private func expectEndOfLine(after what: String) throws(SyntaxError) {
        try expectEndOfLine(orMessage: "expected end of line after \(what)")
    }

    /// `message` is only built for the error.
    private func expectEndOfLine(orMessage message: @autoclosure () -> String) throws(SyntaxError) {
        guard current.endsLine || previous.kind == .newline else {
            throw failure(Diagnostic(message(), at: current.range))
        }
    }

    /// A syntax error at the current token, silent if the lexer already reported that token.
    private func failure(_ diagnostic: Diagnostic) -> SyntaxError {
        SyntaxError(diagnostic: current.kind == .invalid ? nil : diagnostic)
    }

    private mutating func record(_ error: SyntaxError) {
        if let diagnostic = error.diagnostic { diagnostics.append(diagnostic) }
    }

    private mutating func skipNewlines() {
        while current.kind == .newline { skip() }
    }

    /// Whether `token` is a string that the lexer found unterminated.
    private func isUnterminated(_ token: Lexeme) -> Bool {
        !lexer.unterminatedStrings.isEmpty && lexer.unterminatedStrings[token.range.lowerBound.line]?.start == token.range.lowerBound
    }

    /// Whether the current token ends a line whose unterminated string holds a `}` that closes no
    /// interpolation: that `}` was likely meant to close the open block, which ends here.
    private var closedByUnterminatedString: Bool {
        current.kind == .newline && !lexer.unterminatedStrings.isEmpty
            && lexer.unterminatedStrings[current.range.lowerBound.line]?.swallowsBrace == true
    }

    /// Whether the current token shows that the open block lacks its `}`: the end of the file, or
    /// a top-level statement's keyword at the start of a line.
    private var blockIsUnclosed: Bool {
        if current.kind == .endOfFile { return true }
        guard let keyword = current.keyword, keyword.startsTopLevelStatement,
            previous.kind == .newline
        else { return false }
        if inReactionBody, keyword == .leave || keyword == .release, current.range.lowerBound.column > 1 {
            // An indented `leave` or `release` is a statement of the reaction's block (1.1).
            return false
        }
        return !(keyword == .mediator && peek.kind == .arrow)
    }

    /// Skips the rest of a broken top-level statement: to the end of its line, passing over any
    /// `{ … }` it opens, even across lines. The names skipped go to ``unparsedWords``.
    private mutating func skipStatement() {
        var depth = 0
        while true {
            switch current.kind {
            case .endOfFile: return
            case .newline where depth == 0: return
            case .leftBrace: depth += 1
            case .rightBrace where depth > 0: depth -= 1
            case .keyword(let keyword) where depth > 0 && keyword.startsTopLevelStatement:
                if blockIsUnclosed { return }
            case .identifier: unparsedWords.insert(lexer.text(of: current))
            default: break
            }
            skip()
        }
    }

    /// Skips a broken statement inside a block: to a newline, `}`, the end of the file or one of
    /// `stops`, passing over nested blocks. The stopping token is not consumed.
    private mutating func skipInBlock(stoppingAt stops: [Lexeme.Kind]) {
        var depth = 0
        while true {
            switch current.kind {
            case .endOfFile: return
            case .newline: return
            case .rightBrace where depth == 0: return
            case let kind where depth == 0 && stops.contains(kind): return
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            default: break
            }
            skip()
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

// MARK: - Messages

extension Diagnostic {
    static func expected(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("expected \(what)", at: range)
    }

    static func keywordAsName(_ keyword: Keyword, at range: SourceRange) -> Diagnostic {
        Diagnostic("'\(keyword.rawValue)' is a word of the language and cannot be a name", at: range)
    }

    static func unknownStatement(_ word: String, suggestion: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("unknown statement '\(word)'", at: range, notes: [.help("did you mean '\(suggestion)'?")])
    }

    static func missingLanguageVersion(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected a language version after 'language'", at: range,
            notes: [.help("the versions are \(Frontend.spellings(of: LanguageVersion.allCases.map(\.rawValue)))")])
    }

    static func expectedHere(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected 'here' after 'from'", at: range,
            notes: [.help("write 'from here' before '{' to apply the reaction from this line on")])
    }

    static func setOnOwnerWithoutProperty(_ owner: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected '.' and a property name after '\(owner)'", at: range,
            notes: [.help("'set' sets a property: write 'set \(owner).PROP = VALUE'")])
    }

    static func setWithoutOwner(_ property: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'set \(property)' does not say whose property it sets", at: range,
            notes: [.help("at top level, say whose property: 'set NAME.PROP = VALUE'")])
    }

    static func assignmentWithoutSet(_ target: String, help: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("'\(target) = …' sets a property, which a statement does with 'set'", at: range, notes: [.help(help)])
    }

    static func missingReactionBlock(at range: SourceRange, nearIf: Bool) -> Diagnostic {
        Diagnostic(
            "expected '{' to open the reaction's block", at: range,
            notes: nearIf ? [.help("did you mean 'if'?")] : [])
    }

    static func assignmentInCondition(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'=' sets a property; a condition compares", at: range, notes: [.help("write '==' to compare")])
    }

    static func chainedComparison(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "comparisons do not chain", at: range,
            notes: [.help("join two comparisons with 'and', e.g. 'a < b and b < c'")])
    }

    static func misplacedNot(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'not' cannot stand here: it negates a whole comparison", at: range,
            notes: [.help("put it first, as in 'not a == b', or in parentheses, as in '(not a)'")])
    }

    static func unclosedParenthesis(openedAt open: SourceRange, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected ')' to close the '(' at column \(open.lowerBound.column)", at: range)
    }

    static func operatorInPropertyBlock(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected ',' or '}' after the property", at: range,
            notes: [
                .help(
                    "a property block holds literals; compute the value after the declaration "
                        + "with 'set NAME.PROP = EXPRESSION'")
            ])
    }

    static func expressionTooLarge(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "this expression has more than \(Parser.maxExpressionSize) operators and parentheses", at: range,
            notes: [.help("split it: compute a part with 'set', then use the property")])
    }

    static func bindingAfterLabel(_ label: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected a literal after '\(label):': a label in a pattern matches a value", at: range,
            notes: [
                .help(
                    "write '\(label): \"…\"', '\(label): 1' or '\(label): true' to match; "
                        + "to bind the argument labelled '\(label)', write just '\(label)'")
            ])
    }

    static func missingMediatorName(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected a name for the mediator after 'as'", at: range,
            notes: [.help("write 'mediator [KIND] as NAME', e.g. 'mediator wrapper as Tower'")])
    }

    static func everyoneInList(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'*' (everyone) cannot be listed with other targets", at: range,
            notes: [.help("write '*' alone, '* TYPE' for the participants of a type, or list the names")])
    }

    static func unopenedBlock(at range: SourceRange) -> Diagnostic {
        Diagnostic("'}' closes no block", at: range)
    }

    /// At the end of the file the error points at the `{` left open; before a statement that
    /// cannot be inside a block, at that statement.
    static func emptyTogether(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "a 'together' block needs at least one send", at: range,
            notes: [.help("write in '{ }' the sends that start together, one a line, or remove the block")])
    }

    static func nestedTogether(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'together' blocks do not nest", at: range,
            notes: [.help("write these sends in the outer block: every send of a block starts together")])
    }

    static func notASendInTogether(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "only sends can be written in a 'together' block", at: range,
            notes: [.help("write this statement before 'together' or after the block's '}'")])
    }

    static func unclosedBlock(openedAt open: SourceRange, at range: SourceRange, atEndOfFile: Bool) -> Diagnostic {
        if atEndOfFile {
            return Diagnostic("this '{' is never closed", at: open, notes: [.help("close the block with '}'")])
        }
        return Diagnostic("expected '}' to close the block opened on line \(open.lowerBound.line)", at: range)
    }

    static func missingMediatorKind(at range: SourceRange, spellings: String?) -> Diagnostic {
        Diagnostic(
            "expected a mediator kind after 'mediator'", at: range,
            notes: [.help(spellings.map { "the kinds are \($0)" } ?? "write a design's name, e.g. 'protocol-extension'")])
    }

    static func spacedMediatorKind(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "a mediator kind is written without spaces", at: range,
            notes: [.help("join its words with '-', e.g. 'protocol-extension'")])
    }

    static func missingComparison(after written: String, at token: Lexeme) -> Diagnostic {
        let help: [Note] = token.kind == .equal ? [.help("'=' sets a property; write '==' to compare")] : []
        return Diagnostic(
            "expected '==', '!=', '<', '<=', '>' or '>=' after '\(written)'", at: token.range, notes: help)
    }

    static func expectedUnder(at token: Lexeme) -> Diagnostic {
        Diagnostic(
            "expected 'under' or end of line after 'fails'", at: token.range,
            notes: [.help("write 'fails' alone, or 'fails under KIND, …' to name the designs it fails under")])
    }

    static func missingDesignName(after what: String, at range: SourceRange, spellings: String?) -> Diagnostic {
        Diagnostic(
            "expected a design's name after \(what)", at: range,
            notes: [.help(spellings.map { "the kinds are \($0)" } ?? "write a design's name, e.g. 'mesh'")])
    }

    static func unknownWordAfterExpectation(_ word: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "unexpected '\(word)' after the expectation", at: range,
            notes: [.help("did you mean 'fails'? write 'fails' or 'fails under KIND, …' for a failure that is intended")])
    }

    static func invalidCount(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("the count after 'received' must be a whole number, 0 or more; got '\(text)'", at: range)
    }

    static func braceOutsideLog(_ brace: Character, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "an unescaped '\(brace)' in a string is interpolation, which only 'log' strings allow",
            at: range, notes: [.help("write '\\\(brace)' for a literal '\(brace)'")])
    }

    static func unclosedInterpolation(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected '}' to close the interpolation", at: range,
            notes: [.help("write '\\{' for a literal '{'")])
    }

    static func unopenedInterpolation(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'}' closes no interpolation", at: range, notes: [.help("write '\\}' for a literal '}'")])
    }

    static func invalidInterpolation(_ raw: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "invalid interpolation '{\(raw)}'", at: range,
            notes: [
                .help(
                    "write '{self}', '{sender}', '{message}', '{PARAM}', '{NAME.PROP}' or '{self.PROP}', "
                        + "without spaces, or '\\{' for a literal '{'")
            ])
    }
}
