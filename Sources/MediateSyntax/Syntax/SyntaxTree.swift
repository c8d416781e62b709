/// The syntax tree of a scenario file. Every node keeps the source range it was parsed from.

/// A name as written: a participant, type, property, parameter, label or message name.
package struct Name: Hashable, Sendable {
    package var text: String
    package var range: SourceRange

    package init(_ text: String, _ range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// A string literal without interpolation, its escapes resolved.
package struct StringLiteral: Hashable, Sendable {
    package var value: String
    package var range: SourceRange

    package init(_ value: String, _ range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// One top-level statement.
/// Every case but a send is indirect, a pointer to its payload, so that the statement list of a
/// large file stays small and copying a statement (the checker, the interpreter) is a retain,
/// not a copy of a few hundred bytes. A send is 40 bytes in place (see ``Send``): most
/// statements of a large file are sends, and each then needs no allocation of its own.
package enum Statement: Hashable, Sendable {
    /// `scenario "Title"`
    indirect case scenario(StringLiteral, range: SourceRange)
    /// `mediator KIND`; `kind` spans the hyphenated words, e.g. `protocol-extension`.
    indirect case mediator(kind: Name, range: SourceRange)
    /// `mediator [KIND] as NAME [{ PROP = VALUE, … }]` or `mediator [KIND] { … }` (language 1.1):
    /// the scenario's mediator, named or given properties.
    indirect case mediatorDeclaration(MediatorDeclaration)
    /// `participant NAME [: TYPE] [weak] [{ PROP = VALUE, … }]`
    indirect case participant(ParticipantDeclaration)
    /// `SENDER -> TARGETS : MESSAGE`
    case send(Send)
    /// `leave NAME`
    indirect case leave(Name, range: SourceRange)
    /// `release NAME`
    indirect case release(Name, range: SourceRange)
    /// `on SUBJECT receives|sends PATTERN { … }`
    indirect case reaction(Reaction)
    /// `log "TEXT"`
    indirect case log(LogStatement)
    /// `expect …`
    indirect case expect(Expectation)
    /// `language 1.0` or `language 1.1`; `version` is the number as written.
    indirect case language(version: Name, range: SourceRange)
    /// `set OWNER.PROP = EXPRESSION` (language 1.1)
    indirect case set(Assignment)
    /// `together { SEND … }` (language 1.2): sends that start at once.
    indirect case together(Together)

    /// The statement's whole source range.
    package var range: SourceRange {
        switch self {
        case .scenario(_, let range), .mediator(_, let range), .leave(_, let range),
            .release(_, let range), .language(_, let range):
            return range
        case .participant(let declaration): return declaration.range
        case .mediatorDeclaration(let declaration): return declaration.range
        case .send(let send): return send.range
        case .reaction(let reaction): return reaction.range
        case .log(let log): return log.range
        case .expect(let expectation): return expectation.range
        case .set(let assignment): return assignment.range
        case .together(let together): return together.range
        }
    }

    /// Whether the statement is a step: a send, `leave`, `release`, `log`, `expect`, `set` or
    /// `together`.
    package var isStep: Bool {
        switch self {
        case .send, .leave, .release, .log, .expect, .set, .together: return true
        case .scenario, .mediator, .mediatorDeclaration, .participant, .reaction, .language: return false
        }
    }
}

/// `participant NAME [: TYPE] [weak] [{ PROP = VALUE, … }]`
package struct ParticipantDeclaration: Hashable, Sendable {
    package var name: Name
    /// The type as written; nil means the default, `Participant`.
    package var type: Name?
    package var isWeak: Bool
    package var properties: [Property]
    package var range: SourceRange

    package init(name: Name, type: Name?, isWeak: Bool, properties: [Property], range: SourceRange) {
        self.name = name
        self.type = type
        self.isWeak = isWeak
        self.properties = properties
        self.range = range
    }

    /// The type name, `Participant` when none was written.
    package var typeName: String { type?.text ?? "Participant" }
}

/// `mediator [KIND] [as NAME] [{ PROP = VALUE, … }]` with a name or a property block (language 1.1).
package struct MediatorDeclaration: Hashable, Sendable {
    /// The kind as written; nil means the default (or the command line's).
    package var kind: Name?
    /// The name after `as`, which stands for the mediator wherever `mediator` may.
    package var name: Name?
    package var properties: [Property]
    package var range: SourceRange

    package init(kind: Name?, name: Name?, properties: [Property], range: SourceRange) {
        self.kind = kind
        self.name = name
        self.properties = properties
        self.range = range
    }
}

/// `PROP = VALUE` in a participant's property block.
package struct Property: Hashable, Sendable {
    package var name: Name
    package var value: ValueExpression
    package var range: SourceRange

    package init(name: Name, value: ValueExpression, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// A value as written: a literal, a reference resolved when it runs, or (language 1.1) an
/// expression of them (see `Expression.swift`).
package enum ValueExpression: Hashable, Sendable {
    case literal(Value, range: SourceRange)
    case reference(Reference)
    /// `- OPERAND` or `not OPERAND`
    indirect case unary(UnaryOperator, ValueExpression, range: SourceRange)
    /// `LEFT OP RIGHT`: arithmetic, a comparison, `and` or `or`.
    indirect case binary(BinaryOperator, ValueExpression, ValueExpression, range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .literal(_, let range): return range
        case .reference(let reference): return reference.range
        case .unary(_, _, let range), .binary(_, _, _, let range): return range
        }
    }
}

/// A name resolved at run time: in a reaction's values and in `log` interpolation.
package enum Reference: Hashable, Sendable {
    /// `self`: the reacting participant's name.
    case selfName(range: SourceRange)
    /// `sender`: the name of the handled message's sender, or `mediator`.
    case sender(range: SourceRange)
    /// `message`: the handled message (interpolation only).
    case message(range: SourceRange)
    /// A bare name: a bound pattern parameter.
    case name(Name)
    /// `NAME.PROP` or `self.PROP`.
    case property(owner: Owner, property: Name, range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .selfName(let range), .sender(let range), .message(let range): return range
        case .name(let name): return name.range
        case .property(_, _, let range): return range
        }
    }
}

/// Whose property `NAME.PROP` reads.
package enum Owner: Hashable, Sendable {
    case selfName(range: SourceRange)
    case participant(Name)
    /// `mediator.PROP`: the mediator's own properties, kept by the run (language 1.1).
    case mediator(range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .selfName(let range), .mediator(let range): return range
        case .participant(let name): return name.range
        }
    }

    /// The owner as written: `self`, `mediator` or the participant's name.
    package var written: String {
        switch self {
        case .selfName: return "self"
        case .participant(let name): return name.text
        case .mediator: return "mediator"
        }
    }
}

/// `together { SEND … }` (language 1.2): top-level sends, one a line or separated by `;`, that
/// start at once and interleave under an asynchronous design's scheduler.
package struct Together: Hashable, Sendable {
    /// The sends, in the order written.
    package var sends: [Send]
    /// The word `together`.
    package var keyword: SourceRange
    /// From `together` to the closing `}`.
    package var range: SourceRange

    package init(sends: [Send], keyword: SourceRange, range: SourceRange) {
        self.sends = sends
        self.keyword = keyword
        self.range = range
    }
}

/// `SENDER -> TARGETS : MESSAGE`
///
/// Most sends of a large file are written `NAME -> NAME: "TEXT"` or `NAME -> *: "TEXT"` on one
/// line, a byte a character. Such a send is kept as byte offsets into the file's bytes, which it
/// shares with the file (``Send/init(sender:target:message:in:)``): 40 bytes, where its
/// parts take some 200. Its sender, targets, message and range are made from the bytes when read,
/// equal to those it was parsed as.
package struct Send: Hashable, Sendable {
    private enum Storage: Sendable {
        case compact(Compact)
        indirect case full(Parts)
    }

    private struct Parts: Sendable {
        var sender: Sender
        var targets: Targets
        var message: MessageExpression
        var range: SourceRange
    }

    private var storage: Storage

    package init(sender: Sender, targets: Targets, message: MessageExpression, range: SourceRange) {
        storage = .full(Parts(sender: sender, targets: targets, message: message, range: range))
    }

    /// A send written `NAME -> NAME: "TEXT"` or `NAME -> *: "TEXT"` on one line, from the ranges
    /// of its sender, its target and its message (a string without escapes, quotes included) in
    /// `bytes`, the file's, which it shares: nil when a location would not read back from the
    /// offsets (after a character of more than one byte inside the send).
    package init?(sender: SourceRange, target: SourceRange, message: SourceRange, in bytes: [UInt8]) {
        guard let compact = Compact(sender: sender, target: target, message: message, in: bytes) else { return nil }
        storage = .compact(compact)
    }

    /// Whether the send is kept as offsets into the file's bytes.
    var isCompact: Bool {
        if case .compact = storage { return true }
        return false
    }

    package var sender: Sender {
        switch storage {
        case .compact(let compact): return .participant(compact.name(from: compact.start, to: compact.senderEnd))
        case .full(let parts): return parts.sender
        }
    }

    package var targets: Targets {
        switch storage {
        case .compact(let compact): return compact.targets
        case .full(let parts): return parts.targets
        }
    }

    package var message: MessageExpression {
        switch storage {
        case .compact(let compact): return compact.message
        case .full(let parts): return parts.message
        }
    }

    package var range: SourceRange {
        switch storage {
        case .compact(let compact): return compact.location(compact.start)..<compact.location(compact.messageEnd)
        case .full(let parts): return parts.range
        }
    }

    package static func == (lhs: Send, rhs: Send) -> Bool {
        lhs.range == rhs.range && lhs.sender == rhs.sender && lhs.targets == rhs.targets && lhs.message == rhs.message
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(sender)
        hasher.combine(targets)
        hasher.combine(message)
        hasher.combine(range)
    }

    /// A send on one line, `NAME -> NAME: "TEXT"` or `NAME -> *: "TEXT"`, as byte offsets.
    private struct Compact: Sendable {
        /// The file's bytes, shared with it.
        let bytes: [UInt8]
        /// The 1-based line.
        let line: UInt32
        /// The offset of column 1 on this line were every byte before the send a character:
        /// a location's column is its offset less this, plus 1.
        let columnBase: UInt32
        /// The sender's first byte, which starts the send.
        let start: UInt32
        let senderEnd: UInt32
        /// The target's name, or `*`.
        let targetStart: UInt32
        let targetEnd: UInt32
        /// From the opening quote to past the closing one, which ends the send.
        let messageStart: UInt32
        let messageEnd: UInt32

        /// Nil unless every location given reads back from its offset.
        init?(sender: SourceRange, target: SourceRange, message: SourceRange, in bytes: [UInt8]) {
            let first = sender.lowerBound
            guard first.column <= first.offset + 1, message.upperBound.offset <= UInt32.max,
                message.upperBound.offset - message.lowerBound.offset >= 2
            else { return nil }
            line = UInt32(first.line)
            columnBase = UInt32(first.offset + 1 - first.column)
            start = UInt32(first.offset)
            senderEnd = UInt32(sender.upperBound.offset)
            targetStart = UInt32(target.lowerBound.offset)
            targetEnd = UInt32(target.upperBound.offset)
            messageStart = UInt32(message.lowerBound.offset)
            messageEnd = UInt32(message.upperBound.offset)
            self.bytes = bytes
            guard readsBack(sender.upperBound), readsBack(target.lowerBound), readsBack(target.upperBound),
                readsBack(message.lowerBound), readsBack(message.upperBound)
            else { return nil }
        }

        private func readsBack(_ location: SourceLocation) -> Bool {
            self.location(UInt32(location.offset)) == location
        }

        func location(_ offset: UInt32) -> SourceLocation {
            SourceLocation(line: Int(line), column: Int(offset) - Int(columnBase) + 1, offset: Int(offset))
        }

        func text(from start: UInt32, to end: UInt32) -> String {
            bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), as: UTF8.self) }
        }

        func name(from start: UInt32, to end: UInt32) -> Name {
            Name(text(from: start, to: end), location(start)..<location(end))
        }

        private func isStar(at offset: UInt32) -> Bool { bytes[Int(offset)] == UInt8(ascii: "*") }

        var targets: Targets {
            if isStar(at: targetStart) { return .everyone(range: location(targetStart)..<location(targetEnd)) }
            return .names([.participant(name(from: targetStart, to: targetEnd))])
        }

        var message: MessageExpression {
            .text(StringLiteral(text(from: messageStart + 1, to: messageEnd - 1), location(messageStart)..<location(messageEnd)))
        }
    }
}

/// Who sends: a participant, the mediator, or (in a reaction) `self`.
package enum Sender: Hashable, Sendable {
    case participant(Name)
    case mediator(range: SourceRange)
    case selfName(range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .participant(let name): return name.range
        case .mediator(let range), .selfName(let range): return range
        }
    }
    /// The sender as written: its name, `mediator` or `self`.
    package var written: String {
        switch self {
        case .participant(let name): return name.text
        case .mediator: return "mediator"
        case .selfName: return "self"
        }
    }
}

/// Where a send goes.
package enum Targets: Hashable, Sendable {
    /// `*`: every registered participant but the sender.
    case everyone(range: SourceRange)
    /// `* TYPE`: every registered participant of that type but the sender.
    case type(Name, range: SourceRange)
    /// `NAME, NAME, …` (and, in a reaction, `sender`), in the order written; in language 1.1 the
    /// items may also be `mediator` and `* TYPE` (`* Light, App`).
    case names([Target])

    package var range: SourceRange {
        switch self {
        case .everyone(let range), .type(_, let range): return range
        case .names(let targets):
            return targets.first!.range.lowerBound..<targets.last!.range.upperBound
        }
    }
    /// The targets as written: `*`, `* TYPE`, or the names (and `sender`) joined by `, `.
    package var written: String {
        switch self {
        case .everyone: return "*"
        case .type(let type, _): return "* \(type.text)"
        case .names(let targets):
            return targets.map(\.written).joined(separator: ", ")
        }
    }
}

/// One target of a targeted send.
package enum Target: Hashable, Sendable {
    case participant(Name)
    /// `sender`: a reply to the sender of the message being handled.
    case sender(range: SourceRange)
    /// `mediator`: a send to the mediator itself (language 1.1).
    case mediator(range: SourceRange)
    /// `* TYPE` in a list of targets: a broadcast to that type (language 1.1).
    case type(Name, range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .participant(let name): return name.range
        case .sender(let range), .mediator(let range), .type(_, let range): return range
        }
    }

    /// The target as written: a name, `sender`, `mediator` or `* TYPE`.
    package var written: String {
        switch self {
        case .participant(let name): return name.text
        case .sender: return "sender"
        case .mediator: return "mediator"
        case .type(let type, _): return "* \(type.text)"
        }
    }
}

/// A message as written.
package enum MessageExpression: Hashable, Sendable {
    /// `"text"`
    case text(StringLiteral)
    /// `NAME` or `NAME(ARG, …)`
    case named(Name, arguments: [ArgumentExpression], range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .text(let literal): return literal.range
        case .named(_, _, let range): return range
        }
    }
}

/// `VALUE` or `LABEL: VALUE` inside a named message.
package struct ArgumentExpression: Hashable, Sendable {
    package var label: Name?
    package var value: ValueExpression
    package var range: SourceRange

    package init(label: Name?, value: ValueExpression, range: SourceRange) {
        self.label = label
        self.value = value
        self.range = range
    }
}

/// `on SUBJECT receives|sends PATTERN [from here] [if EXPRESSION] { BODY }`
package struct Reaction: Hashable, Sendable {
    package enum Trigger: String, Hashable, Sendable {
        case receives, sends
    }

    /// A participant name or a type; `mediator` (or the mediator's name) for the mediator.
    package var subject: Name
    package var trigger: Trigger
    package var pattern: Pattern
    /// `if EXPRESSION`: the reaction runs only when it is true (language 1.1).
    package var condition: Guard?
    package var body: [ReactionStatement]
    package var range: SourceRange
    /// The range of `from here` when written: the reaction applies only once the run has reached
    /// its line. Nil: it applies throughout the run, as in 1.0.
    package var fromHere: SourceRange?

    package init(
        subject: Name, trigger: Trigger, pattern: Pattern, condition: Guard? = nil, body: [ReactionStatement],
        range: SourceRange, fromHere: SourceRange? = nil
    ) {
        self.subject = subject
        self.trigger = trigger
        self.pattern = pattern
        self.condition = condition
        self.body = body
        self.range = range
        self.fromHere = fromHere
    }
}

/// A reaction's `if EXPRESSION`.
package struct Guard: Hashable, Sendable {
    package var expression: ValueExpression
    /// `if EXPRESSION` in canonical form, as the transcript and `fmt` write it.
    package var text: String
    /// From `if` to the end of the expression.
    package var range: SourceRange

    package init(expression: ValueExpression, text: String, range: SourceRange) {
        self.expression = expression
        self.text = text
        self.range = range
    }
}

/// Which messages a reaction handles.
package enum Pattern: Hashable, Sendable {
    /// `any`: every message, text messages included.
    case any(range: SourceRange)
    /// `NAME` or `NAME(PARAM, …)`: named messages of that name, parameters bound (or, for a
    /// literal, matched) by label, else by position.
    case named(Name, parameters: [PatternParameter], range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .any(let range): return range
        case .named(_, _, let range): return range
        }
    }
}

/// One parameter of a pattern.
package enum PatternParameter: Hashable, Sendable {
    /// `NAME`: binds the argument labelled NAME, else the one at its position.
    case binding(Name)
    /// `LITERAL` or `LABEL: LITERAL` (language 1.1): the argument labelled LABEL, else the one at
    /// its position, must equal the value. `spelling` is the literal as written.
    case literal(label: Name?, value: Value, spelling: String, range: SourceRange)

    /// The name a binding binds; nil for a literal.
    package var binding: Name? {
        if case .binding(let name) = self { return name }
        return nil
    }

    package var range: SourceRange {
        switch self {
        case .binding(let name): return name.range
        case .literal(_, _, _, let range): return range
        }
    }

    /// The parameter as written: `NAME`, `LITERAL` or `LABEL: LITERAL`.
    package var written: String {
        switch self {
        case .binding(let name): return name.text
        case .literal(let label, _, let spelling, _): return (label.map { "\($0.text): " } ?? "") + spelling
        }
    }
}

/// A statement inside a reaction's body.
package enum ReactionStatement: Hashable, Sendable {
    /// `self -> TARGETS : MESSAGE`
    case send(Send)
    /// `set [OWNER.]PROP = VALUE`
    case set(Assignment)
    /// `log "TEXT"`
    case log(LogStatement)
    /// `leave X`: X unregisters from the mediator.
    case leave(PartyReference, range: SourceRange)
    /// `release X`: the scenario drops its reference to X.
    case release(PartyReference, range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .send(let send): return send.range
        case .set(let assignment): return assignment.range
        case .log(let log): return log.range
        case .leave(_, let range), .release(_, let range): return range
        }
    }
}

/// Whom a `leave` or `release` in a reaction's body names.
package enum PartyReference: Hashable, Sendable {
    /// A name: the bound parameter of that name when the pattern binds one (its value, a string,
    /// names the participant at run time), else a participant.
    case name(Name)
    /// `self`: the reacting participant.
    case selfName(range: SourceRange)
    /// `sender`: the sender of the message being handled.
    case sender(range: SourceRange)

    package var range: SourceRange {
        switch self {
        case .name(let name): return name.range
        case .selfName(let range), .sender(let range): return range
        }
    }

    /// As written: the name, `self` or `sender`.
    package var written: String {
        switch self {
        case .name(let name): return name.text
        case .selfName: return "self"
        case .sender: return "sender"
        }
    }
}

/// `set [OWNER.]PROP = EXPRESSION`, in a reaction or (with an owner) at top level.
package struct Assignment: Hashable, Sendable {
    /// Whose property: nil for `set PROP`, `self`'s in a reaction.
    package var owner: Owner?
    package var property: Name
    package var value: ValueExpression
    package var range: SourceRange

    package init(owner: Owner?, property: Name, value: ValueExpression, range: SourceRange) {
        self.owner = owner
        self.property = property
        self.value = value
        self.range = range
    }

    /// The target as written: `PROP` or `OWNER.PROP`.
    package var target: String {
        (owner.map { $0.written + "." } ?? "") + property.text
    }
}

/// `log "TEXT"` with its interpolations.
package struct LogStatement: Hashable, Sendable {
    package var segments: [LogSegment]
    package var range: SourceRange

    package init(segments: [LogSegment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }
}

/// A piece of a `log` string: literal text, or a `{…}` interpolation.
package enum LogSegment: Hashable, Sendable {
    case text(String)
    case interpolation(Reference)
}

/// `expect CONDITION [fails [under KIND, …]]`
package struct Expectation: Hashable, Sendable {
    /// The participant the expectation is about; `mediator` (or its name) for the mediator.
    package var subject: Name
    package var condition: Condition
    /// `fails [under KIND, …]`: the condition is meant not to hold; nil when it is meant to hold.
    package var intendedFailure: IntendedFailure?
    /// The expectation as written, normalised to single spaces, as the transcript repeats it:
    /// `expect Athos.hp == 10`, `expect Bob deallocated fails under mesh`.
    package var text: String
    package var range: SourceRange

    package init(
        subject: Name, condition: Condition, intendedFailure: IntendedFailure? = nil, text: String, range: SourceRange
    ) {
        self.subject = subject
        self.condition = condition
        self.intendedFailure = intendedFailure
        self.text = text
        self.range = range
    }

    package enum Condition: Hashable, Sendable {
        /// `NAME.PROP OP VALUE`
        case property(Name, Comparison, value: ValueExpression)
        /// `NAME received N [MESSAGE]`: every delivery, or only those of `message`.
        case received(Int, message: CountedMessage?)
        /// `NAME alive`
        case alive
        /// `NAME deallocated`
        case deallocated
    }

    /// The operator of `expect NAME.PROP OP VALUE`.
    package enum Comparison: String, CaseIterable, Hashable, Sendable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// The messages `received N MESSAGE` counts.
    package enum CountedMessage: Hashable, Sendable {
        /// Named messages of this name, whatever their arguments.
        case named(Name)
        /// Text messages equal to this text.
        case text(StringLiteral)
    }

    /// `fails` or `fails under KIND, …`.
    package struct IntendedFailure: Hashable, Sendable {
        /// The designs the condition is meant to fail under, as written; empty: under every design.
        package var designs: [Name]
        /// `fails` and what follows it.
        package var range: SourceRange

        package init(designs: [Name], range: SourceRange) {
            self.designs = designs
            self.range = range
        }

        /// Whether the condition is meant to fail in a run under `design`.
        package func applies(to design: String) -> Bool {
            designs.isEmpty || designs.contains { $0.text == design }
        }
    }
}
