public import MediateSyntax

/// One thing that happened in a run, in the order it happened. Every output format (transcript,
/// log, JSON lines) is a pure rendering of this stream.
public enum TranscriptEvent: Hashable, Sendable {
    /// `scenario TITLE`
    case scenario(title: String)
    /// `mediator KIND`: the header (`replacement` false) or a run-time replacement. A header
    /// names the mediator when the scenario does (`mediator KIND as NAME`, language 1.1).
    case mediator(kind: MediatorKind, replacement: Bool, name: String? = nil)
    /// `+ NAME : TYPE [weak]`
    case participant(name: String, type: String, weak: Bool)
    /// `N SENDER -> TARGETS MESSAGE`; `number` is `[1]`, `[1, 2]` …, `targets` as written.
    case send(number: [Int], sender: String, targets: String, message: Message, depth: Int)
    /// `RECEIVER <- SENDER MESSAGE`
    case delivery(receiver: String, sender: String, message: Message, depth: Int)
    /// `log TEXT`
    case log(text: String, depth: Int)
    /// `set NAME.PROP = VALUE`
    case set(participant: String, property: String, value: Value, depth: Int)
    /// `if EXPRESSION`: a reaction's guard held; the reaction's lines follow one level deeper.
    case guardPassed(text: String, depth: Int)
    /// `! ERROR DETAIL`
    case error(RunError, depth: Int)
    /// `leave NAME`: at depth 0 a top-level step, deeper in a reaction.
    case leave(name: String, depth: Int)
    /// `release NAME`: at depth 0 a top-level step, deeper in a reaction.
    case release(name: String, depth: Int)
    /// `NAME deallocated` (true) or `NAME still alive` (false), one level under its statement.
    case lifetime(name: String, deallocated: Bool, depth: Int)
    /// `together`, or `together (in written order: KIND is synchronous)` when `synchronous`: a
    /// `together` block (language 1.2) under the design `kind`. Its sends follow one level deeper.
    case together(kind: MediatorKind, synchronous: Bool)
    /// `expect … ok`, `expect … ok (got X)` or `expect … FAILED (got X)`. `got` is nil when the
    /// expectation held and was meant to; `intended` is true when it failed and was meant to
    /// (`expect … fails`), and the line then says `ok (got X)`. Any other `got` is a failure.
    case expectation(text: String, got: String?, intended: Bool = false)
    /// `end: S sends, D deliveries, E errors, F failed expectations`
    case end(sends: Int, deliveries: Int, errors: Int, failedExpectations: Int)
    /// `leaked: none` or `leaked: NAME, …` (participants in declaration order, then `mediator`).
    case leaked([String])

    /// How deep the event's line is indented, in levels; 0 for a line that is never indented.
    package var depth: Int {
        switch self {
        case .send(_, _, _, _, let depth), .delivery(_, _, _, let depth), .log(_, let depth), .set(_, _, _, let depth),
            .error(_, let depth), .lifetime(_, _, let depth), .leave(_, let depth), .release(_, let depth),
            .guardPassed(_, let depth):
            return depth
        case .scenario, .mediator, .participant, .expectation, .end, .leaked, .together:
            return 0
        }
    }

    /// A `together` line's text: `together`, or `together (in written order: KIND is synchronous)`.
    package static func togetherText(kind: MediatorKind, synchronous: Bool) -> String {
        synchronous ? "together (in written order: \(kind.rawValue) is synchronous)" : "together"
    }

    /// What an expectation's line writes after its text: ` ok`, ` ok (got X)` for a failure that
    /// was intended, else ` FAILED (got X)`.
    package static func outcome(got: String?, intended: Bool) -> String {
        guard let got else { return " ok" }
        return intended ? " ok (got \(got))" : " FAILED (got \(got))"
    }

    /// Whether the event's line begins a top-level step of the scenario: a statement at the top
    /// (a declaration, send, `log`, `set`, `leave`, `release`, `expect`, `together`, a mediator replacement) or
    /// the `end:` line. What follows it up to the next such event (its deliveries, reactions,
    /// errors and lifetimes) belongs to the same step.
    package var startsStep: Bool {
        switch self {
        case .participant, .expectation, .end, .together: return true
        case .leave(_, let depth), .release(_, let depth): return depth == 0
        case .mediator(_, let replacement, _): return replacement
        case .send(_, _, _, _, let depth), .log(_, let depth), .set(_, _, _, let depth): return depth == 0
        case .scenario, .delivery, .error, .lifetime, .leaked, .guardPassed: return false
        }
    }
}
