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
/// that the checker does not report its uses as unknown.
struct Parser {
    private var lexer: Lexer
    /// The token being looked at, the one after it, and the one before it.
    private var current: Lexeme
    private var peek: Lexeme
    private var previous: Lexeme
    /// Where the last token before `current` that is not a newline ends.
    private var endOfPreviousToken: SourceLocation
    /// The syntax errors found so far, in source order, up to ``Diagnostics/limit``.
    private(set) var diagnostics = DiagnosticList()
    /// The registered design names, quoted, for the help under a missing one; nil when unknown.
    private let kindSpellings: String?

    init(file: SourceFile, kindSpellings: String? = nil) {
        self.kindSpellings = kindSpellings
        lexer = Lexer(file)
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
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        return Script(statements: statements, range: start..<current.range.upperBound)
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
            throw failure(.setOutsideReaction(at: current.range))
        case .rightBrace:
            throw failure(.unopenedBlock(at: current.range))
        case .identifier where peek.kind != .arrow:
            let word = lexer.text(of: current)
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

    /// `mediator KIND`, where KIND is words joined by `-` without spaces.
    private mutating func parseMediator() throws(SyntaxError) -> Statement {
        let keyword = advance()
        guard let first = word(current) else {
            throw failure(.missingMediatorKind(at: current.range, spellings: kindSpellings))
        }
        var text = first
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
        try expectEndOfLine(after: "the mediator kind")
        let kind = Name(text, start.lowerBound..<end)
        return .mediator(kind: kind, range: keyword.range.lowerBound..<end)
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
                let name = try parseName("a property name")
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
                    // A property on the next line lacks the comma before it: report and go on.
                    let endOfLine = current
                    skipNewlines()
                    if current.kind != .rightBrace, !blockIsUnclosed {
                        diagnostics.append(.expected("',' or '}' after the property", at: endOfLine.range))
                    }
                default:
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
        let subject = try parseName("a participant or type name after 'on'")
        let trigger: Reaction.Trigger
        switch current.kind {
        case .keyword(.receives): trigger = .receives
        case .keyword(.sends): trigger = .sends
        default:
            throw failure(.expected("'receives' or 'sends' after '\(subject.text)'", at: current.range))
        }
        skip()
        let pattern = try parsePattern(after: trigger.rawValue)
        guard current.kind == .leftBrace else {
            throw failure(.expected("'{' to open the reaction's block", at: current.range))
        }
        let body = parseReactionBody()
        let reaction = Reaction(
            subject: subject, trigger: trigger, pattern: pattern, body: body,
            range: keyword.range.lowerBound..<endOfPreviousToken)
        do throws(SyntaxError) {
            try expectEndOfLine(after: "the reaction's block")
        } catch {
            record(error)
            skipStatement()
        }
        return reaction
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
        let name = try parseName("a message name")
        guard current.kind == .leftParen else {
            return .named(name, parameters: [], range: name.range)
        }
        skip()
        var parameters: [Name] = []
        if current.kind != .rightParen {
            while true {
                parameters.append(try parseName("a parameter name"))
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

    /// A reaction's `{ … }`: statements separated by newlines or `;`, on one line or several.
    ///
    /// Empty statements (`;;`, blank lines) are allowed.
    private mutating func parseReactionBody() -> [ReactionStatement] {
        let open = advance()
        var body: [ReactionStatement] = []
        while true {
            while current.kind == .newline || current.kind == .semicolon { advance() }
            if current.kind == .rightBrace {
                skip()
                return body
            }
            if blockIsUnclosed {
                record(failure(.unclosedBlock(openedAt: open.range, at: current.range, atEndOfFile: current.kind == .endOfFile)))
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
            let keyword = advance()
            if current.kind == .keyword(.selfName) {
                throw failure(.setOnSelf(at: current.range))
            }
            let property = try parseName("a property name after 'set'")
            try expect(.equal, "'=' after the property name")
            let value = try parseValue(expected: "a value after '='")
            return .set(property: property, value: value, range: keyword.range.lowerBound..<value.range.upperBound)
        case .keyword(.log):
            return .log(try parseLog())
        case .identifier, .keyword(.selfName):
            return .send(try parseSend())
        case .keyword(.mediator) where peek.kind == .arrow:
            return .send(try parseSend())
        default:
            throw failure(
                .expected("a send from 'self', 'set' or 'log' in the reaction's block", at: current.range))
        }
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
            segments: logSegments(pieces), range: keyword.range.lowerBound..<string.range.upperBound)
    }

    /// `expect NAME.PROP OP VALUE` (OP one of `==`, `!=`, `<`, `<=`, `>`, `>=`),
    /// `expect NAME received N [MESSAGE]`, `expect NAME alive`, `expect NAME deallocated`, each
    /// optionally followed by `fails [under KIND, …]`.
    private mutating func parseExpectation() throws(SyntaxError) -> Expectation {
        let keyword = advance()
        let subject = try parseName("a participant name after 'expect'")
        let condition: Expectation.Condition
        var text = "expect \(subject.text)"
        switch current.kind {
        case .dot:
            skip()
            let property = try parseName("a property name after '.'")
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
    /// for now a literal, as written. The one place to widen into an expression.
    private mutating func parseExpectedValue(
        after comparison: Expectation.Comparison
    ) throws(SyntaxError) -> (ValueExpression, String) {
        let token = current
        let value: Value
        switch token.kind {
        case .string: value = .string(stringLiteral(token).value)
        case .number(let number): value = .number(number)
        case .keyword(.true): value = .bool(true)
        case .keyword(.false): value = .bool(false)
        default:
            throw failure(
                .expected(
                    "a value after '\(comparison.rawValue)': a string, a number, 'true' or 'false'", at: token.range))
        }
        skip()
        return (.literal(value, range: token.range), lexer.spelling(of: token))
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
        guard let first = word(current) else {
            throw failure(.missingDesignName(after: what, at: current.range, spellings: kindSpellings))
        }
        var text = first
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

    // MARK: Sends

    /// `SENDER -> TARGETS : MESSAGE`
    private mutating func parseSend() throws(SyntaxError) -> Send {
        let start = current.range.lowerBound
        let sender: Sender
        switch current.kind {
        case .keyword(.mediator): sender = .mediator(range: advance().range)
        case .keyword(.selfName): sender = .selfName(range: advance().range)
        default: sender = .participant(try parseName("a sender"))
        }
        try expect(.arrow, "'->' after the sender")
        let targets = try parseTargets()
        try expect(.colon, "':' before the message")
        let message = try parseMessage()
        // The message ends with the last token read.
        return Send(sender: sender, targets: targets, message: message, range: start..<previous.range.upperBound)
    }

    /// `*`, `* TYPE`, or `NAME, NAME, …` (where a name may be `sender`).
    private mutating func parseTargets() throws(SyntaxError) -> Targets {
        if current.kind == .star {
            let star = advance()
            guard current.isWord else {
                return .everyone(range: star.range)
            }
            let type = try parseName("a type name after '*'")
            return .type(type, range: star.range.lowerBound..<type.range.upperBound)
        }
        // An array literal allocates once; appending to an empty array takes a slower path.
        var targets = [try parseTarget(expected: "'*' or a participant name after '->'")]
        while consume(.comma) {
            targets.append(try parseTarget(expected: "a participant name after ','"))
        }
        return .names(targets)
    }

    /// One target of a targeted send: a participant name, or `sender`.
    private mutating func parseTarget(expected: String) throws(SyntaxError) -> Target {
        if current.kind == .keyword(.sender) { return .sender(range: advance().range) }
        return .participant(try parseName(expected))
    }

    /// A string, `NAME`, or `NAME(ARG, …)` with `ARG` = `VALUE` or `LABEL: VALUE`.
    private mutating func parseMessage() throws(SyntaxError) -> MessageExpression {
        if case .string = current.kind {
            return .text(stringLiteral(advance()))
        }
        guard current.isWord else {
            throw failure(.expected("a message after ':': a string or a name", at: current.range))
        }
        let name = try parseName("a message name")
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
            label = try parseName("a label")
            skip()
        }
        let value = try parseValue(
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
            let property = try parseName("a property name after '.'")
            return .reference(
                .property(
                    owner: .selfName(range: token.range), property: property,
                    range: token.range.lowerBound..<property.range.upperBound))
        case .identifier, .keyword:
            let name = try parseName(expected())
            guard consume(.dot) else { return .reference(.name(name)) }
            let property = try parseName("a property name after '.'")
            return .reference(
                .property(
                    owner: .participant(name), property: property,
                    range: name.range.lowerBound..<property.range.upperBound))
        default:
            throw failure(.expected(expected(), at: token.range))
        }
    }

    /// A string without interpolation; an unescaped brace in it is reported, and kept as text.
    private mutating func stringLiteral(_ token: Lexeme) -> StringLiteral {
        if let plain = lexer.plainText(of: token) { return StringLiteral(plain, token.range) }
        var value = ""
        var reported = false
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

    /// The segments of a `log` string: text, and `{…}` parsed into references.
    private mutating func logSegments(_ pieces: [StringPiece]) -> [LogSegment] {
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
                if let reference = interpolation(raw, at: range) {
                    segments.append(.interpolation(reference))
                }
            case .strayBrace(let brace, let range):
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
        if let keyword = Keyword(rawValue: propertyText) {
            diagnostics.append(.keywordAsName(keyword, at: propertyRange))
            return nil
        }
        let owner: Owner
        switch Keyword(rawValue: head) {
        case .selfName: owner = .selfName(range: headRange)
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

    /// Whether the current token shows that the open block lacks its `}`: the end of the file, or
    /// a top-level statement's keyword at the start of a line.
    private var blockIsUnclosed: Bool {
        if current.kind == .endOfFile { return true }
        guard let keyword = current.keyword, keyword.startsTopLevelStatement,
            previous.kind == .newline
        else { return false }
        return !(keyword == .mediator && peek.kind == .arrow)
    }

    /// Skips the rest of a broken top-level statement: to the end of its line, passing over any
    /// `{ … }` it opens, even across lines.
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

    static func setOutsideReaction(at range: SourceRange) -> Diagnostic {
        Diagnostic("'set' can only be used inside a reaction's block", at: range)
    }

    static func setOnSelf(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "expected a property name after 'set'", at: range,
            notes: [.help("'set' always sets a property of 'self': write 'set PROP = VALUE'")])
    }

    static func unopenedBlock(at range: SourceRange) -> Diagnostic {
        Diagnostic("'}' closes no block", at: range)
    }

    /// At the end of the file the error points at the `{` left open; before a statement that
    /// cannot be inside a block, at that statement.
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
