/// The syntax tree of a scenario file. Every node keeps the source range it was parsed from.

/// A name as written: a participant, type, property, parameter, label or message name.
public struct Name: Hashable, Sendable {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, _ range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// A string literal without interpolation, its escapes resolved.
public struct StringLiteral: Hashable, Sendable {
    public var value: String
    public var range: SourceRange

    public init(_ value: String, _ range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A whole scenario file.
public struct Script: Hashable, Sendable {
    public var statements: [Statement]
    public var range: SourceRange

    public init(statements: [Statement], range: SourceRange) {
        self.statements = statements
        self.range = range
    }
}

/// One top-level statement.
/// Indirect: a statement is a pointer to its payload, so that the statement list of a large file
/// stays small and copying a statement (the checker, the interpreter) is a retain, not a copy of
/// a few hundred bytes.
public indirect enum Statement: Hashable, Sendable {
    /// `scenario "Title"`
    case scenario(StringLiteral, range: SourceRange)
    /// `mediator KIND`; `kind` spans the hyphenated words, e.g. `protocol-extension`.
    case mediator(kind: Name, range: SourceRange)
    /// `participant NAME [: TYPE] [weak] [{ PROP = VALUE, … }]`
    case participant(ParticipantDeclaration)
    /// `SENDER -> TARGETS : MESSAGE`
    case send(Send)
    /// `leave NAME`
    case leave(Name, range: SourceRange)
    /// `release NAME`
    case release(Name, range: SourceRange)
    /// `on SUBJECT receives|sends PATTERN { … }`
    case reaction(Reaction)
    /// `log "TEXT"`
    case log(LogStatement)
    /// `expect …`
    case expect(Expectation)

    /// The statement's whole source range.
    public var range: SourceRange {
        switch self {
        case .scenario(_, let range), .mediator(_, let range), .leave(_, let range),
            .release(_, let range):
            return range
        case .participant(let declaration): return declaration.range
        case .send(let send): return send.range
        case .reaction(let reaction): return reaction.range
        case .log(let log): return log.range
        case .expect(let expectation): return expectation.range
        }
    }

    /// Whether the statement is a step: a send, `leave`, `release`, `log` or `expect`.
    public var isStep: Bool {
        switch self {
        case .send, .leave, .release, .log, .expect: return true
        case .scenario, .mediator, .participant, .reaction: return false
        }
    }
}

/// `participant NAME [: TYPE] [weak] [{ PROP = VALUE, … }]`
public struct ParticipantDeclaration: Hashable, Sendable {
    public var name: Name
    /// The type as written; nil means the default, `Participant`.
    public var type: Name?
    public var isWeak: Bool
    public var properties: [Property]
    public var range: SourceRange

    public init(name: Name, type: Name?, isWeak: Bool, properties: [Property], range: SourceRange) {
        self.name = name
        self.type = type
        self.isWeak = isWeak
        self.properties = properties
        self.range = range
    }

    /// The type name, `Participant` when none was written.
    public var typeName: String { type?.text ?? "Participant" }
}

/// `PROP = VALUE` in a participant's property block.
public struct Property: Hashable, Sendable {
    public var name: Name
    public var value: ValueExpression
    public var range: SourceRange

    public init(name: Name, value: ValueExpression, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// A value as written: a literal, or (inside a reaction) a reference resolved when it runs.
public enum ValueExpression: Hashable, Sendable {
    case literal(Value, range: SourceRange)
    case reference(Reference)

    public var range: SourceRange {
        switch self {
        case .literal(_, let range): return range
        case .reference(let reference): return reference.range
        }
    }
}

/// A name resolved at run time: in a reaction's values and in `log` interpolation.
public enum Reference: Hashable, Sendable {
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

    public var range: SourceRange {
        switch self {
        case .selfName(let range), .sender(let range), .message(let range): return range
        case .name(let name): return name.range
        case .property(_, _, let range): return range
        }
    }
}

/// Whose property `NAME.PROP` reads.
public enum Owner: Hashable, Sendable {
    case selfName(range: SourceRange)
    case participant(Name)
}

/// `SENDER -> TARGETS : MESSAGE`
public struct Send: Hashable, Sendable {
    public var sender: Sender
    public var targets: Targets
    public var message: MessageExpression
    public var range: SourceRange

    public init(sender: Sender, targets: Targets, message: MessageExpression, range: SourceRange) {
        self.sender = sender
        self.targets = targets
        self.message = message
        self.range = range
    }
}

/// Who sends: a participant, the mediator, or (in a reaction) `self`.
public enum Sender: Hashable, Sendable {
    case participant(Name)
    case mediator(range: SourceRange)
    case selfName(range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .participant(let name): return name.range
        case .mediator(let range), .selfName(let range): return range
        }
    }
    /// The sender as written: its name, `mediator` or `self`.
    public var written: String {
        switch self {
        case .participant(let name): return name.text
        case .mediator: return "mediator"
        case .selfName: return "self"
        }
    }
}

/// Where a send goes.
public enum Targets: Hashable, Sendable {
    /// `*`: every registered participant but the sender.
    case everyone(range: SourceRange)
    /// `* TYPE`: every registered participant of that type but the sender.
    case type(Name, range: SourceRange)
    /// `NAME, NAME, …` (and, in a reaction, `sender`), in the order written.
    case names([Target])

    public var range: SourceRange {
        switch self {
        case .everyone(let range), .type(_, let range): return range
        case .names(let targets):
            return targets.first!.range.lowerBound..<targets.last!.range.upperBound
        }
    }
    /// The targets as written: `*`, `* TYPE`, or the names (and `sender`) joined by `, `.
    public var written: String {
        switch self {
        case .everyone: return "*"
        case .type(let type, _): return "* \(type.text)"
        case .names(let targets):
            return targets.map { target in
                switch target {
                case .participant(let name): return name.text
                case .sender: return "sender"
                }
            }.joined(separator: ", ")
        }
    }
}

/// One target of a targeted send.
public enum Target: Hashable, Sendable {
    case participant(Name)
    /// `sender`: a reply to the sender of the message being handled.
    case sender(range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .participant(let name): return name.range
        case .sender(let range): return range
        }
    }
}

/// A message as written.
public enum MessageExpression: Hashable, Sendable {
    /// `"text"`
    case text(StringLiteral)
    /// `NAME` or `NAME(ARG, …)`
    case named(Name, arguments: [ArgumentExpression], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .text(let literal): return literal.range
        case .named(_, _, let range): return range
        }
    }
}

/// `VALUE` or `LABEL: VALUE` inside a named message.
public struct ArgumentExpression: Hashable, Sendable {
    public var label: Name?
    public var value: ValueExpression
    public var range: SourceRange

    public init(label: Name?, value: ValueExpression, range: SourceRange) {
        self.label = label
        self.value = value
        self.range = range
    }
}

/// `on SUBJECT receives|sends PATTERN { BODY }`
public struct Reaction: Hashable, Sendable {
    public enum Trigger: String, Hashable, Sendable {
        case receives, sends
    }

    /// A participant name or a type.
    public var subject: Name
    public var trigger: Trigger
    public var pattern: Pattern
    public var body: [ReactionStatement]
    public var range: SourceRange

    public init(
        subject: Name, trigger: Trigger, pattern: Pattern, body: [ReactionStatement],
        range: SourceRange
    ) {
        self.subject = subject
        self.trigger = trigger
        self.pattern = pattern
        self.body = body
        self.range = range
    }
}

/// Which messages a reaction handles.
public enum Pattern: Hashable, Sendable {
    /// `any`: every message, text messages included.
    case any(range: SourceRange)
    /// `NAME` or `NAME(PARAM, …)`: named messages of that name, parameters bound by label, else
    /// by position.
    case named(Name, parameters: [Name], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .any(let range): return range
        case .named(_, _, let range): return range
        }
    }
}

/// A statement inside a reaction's body.
public enum ReactionStatement: Hashable, Sendable {
    /// `self -> TARGETS : MESSAGE`
    case send(Send)
    /// `set PROP = VALUE`
    case set(property: Name, value: ValueExpression, range: SourceRange)
    /// `log "TEXT"`
    case log(LogStatement)

    public var range: SourceRange {
        switch self {
        case .send(let send): return send.range
        case .set(_, _, let range): return range
        case .log(let log): return log.range
        }
    }
}

/// `log "TEXT"` with its interpolations.
public struct LogStatement: Hashable, Sendable {
    public var segments: [LogSegment]
    public var range: SourceRange

    public init(segments: [LogSegment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }
}

/// A piece of a `log` string: literal text, or a `{…}` interpolation.
public enum LogSegment: Hashable, Sendable {
    case text(String)
    case interpolation(Reference)
}

/// `expect …`
public struct Expectation: Hashable, Sendable {
    /// The participant the expectation is about.
    public var subject: Name
    public var condition: Condition
    /// The expectation as written, normalised to single spaces, as the transcript repeats it:
    /// `expect Athos.hp == 10`.
    public var text: String
    public var range: SourceRange

    public init(subject: Name, condition: Condition, text: String, range: SourceRange) {
        self.subject = subject
        self.condition = condition
        self.text = text
        self.range = range
    }

    public enum Condition: Hashable, Sendable {
        /// `NAME.PROP == VALUE` (`equal` true) or `!=` (false).
        case property(Name, equal: Bool, value: Value)
        /// `NAME received N`
        case received(Int)
        /// `NAME alive`
        case alive
        /// `NAME deallocated`
        case deallocated
    }
}
