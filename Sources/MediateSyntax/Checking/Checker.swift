/// Finds the static errors of a parsed script, all in one pass.
///
/// Top-level steps may only name participants declared above them, and a released participant
/// can no longer send. Reactions are gathered before a run and apply throughout, so their
/// subjects, targets and `{NAME.PROP}` may name any participant or type of the file.
struct Checker {
    private let script: Script
    private var diagnostics = DiagnosticList()
    /// How much more work `did you mean` suggestions may take, in ``EditDistance`` units; past
    /// it, errors come without suggestions, so a file of thousands of unknown names checks fast.
    private var suggestionBudget = 20_000_000

    /// Every participant's first declaration, by name, and the names in declaration order.
    private var participants: [String: ParticipantDeclaration] = [:]
    private var participantNames: [String] = []
    /// Every explicitly written type's first use, by name, and the names in that order.
    private var types: [String: Name] = [:]
    private var typeNames: [String] = []
    /// Participants and types in the order the file first names them: for suggestions.
    private var namesInOrder: [String] = []

    /// Participants declared above the statement being checked, and those released, with where.
    private var declared: Set<String> = []
    private var released: [String: SourceRange] = [:]

    /// Where the statement being checked sits: its bound parameters inside a reaction.
    private enum Scope {
        case topLevel
        /// The pattern's parameters in order (for suggestions), and as a set (for lookups).
        case reaction(parameters: [String], bound: Set<String>)
    }

    /// The names of the designs `mediator KIND` may name, in order of registration; nil accepts
    /// any name.
    private let designNames: [String]?

    private init(script: Script, designNames: [String]?) {
        self.script = script
        self.designNames = designNames
    }

    /// The static errors of `script`, in the order they are found, up to ``Diagnostics/limit``.
    static func check(_ script: Script, designNames: [String]?) -> DiagnosticList {
        var checker = Checker(script: script, designNames: designNames)
        checker.collectDeclarations()
        checker.checkStatements()
        return checker.diagnostics
    }

    // MARK: Declarations

    /// Gathers participants and types, reporting duplicates and names used for both.
    private mutating func collectDeclarations() {
        for case .participant(let declaration) in script.statements {
            let name = declaration.name
            if let first = participants[name.text] {
                diagnostics.append(.duplicateParticipant(name, firstDeclaredAt: first.name.range))
            } else {
                participants[name.text] = declaration
                participantNames.append(name.text)
                namesInOrder.append(name.text)
            }
            if let type = declaration.type, types[type.text] == nil {
                types[type.text] = type
                typeNames.append(type.text)
                namesInOrder.append(type.text)
            }
        }
        for name in participantNames {
            let declaration = participants[name]!
            if name == Checker.defaultType {
                diagnostics.append(.participantNamedDefaultType(at: declaration.name.range))
            } else if let type = types[name] {
                if declaration.name.range.lowerBound < type.range.lowerBound {
                    diagnostics.append(.participantUsedAsType(type, declaredAt: declaration.name.range))
                } else {
                    diagnostics.append(.typeUsedAsParticipant(declaration.name, typeUsedAt: type.range))
                }
            }
        }
    }

    /// The type of participants declared without one; always a known type.
    private static let defaultType = "Participant"

    private func isType(_ name: String) -> Bool {
        name == Checker.defaultType || types[name] != nil
    }

    // MARK: Statements

    private mutating func checkStatements() {
        var scenario: SourceRange?
        for (position, statement) in script.statements.enumerated() {
            if diagnostics.isFull { return }
            switch statement {
            case .scenario(_, let range):
                if let first = scenario {
                    diagnostics.append(.scenarioTwice(at: range, firstAt: first))
                } else if position > 0 {
                    diagnostics.append(.scenarioNotFirst(at: range, first: script.statements[0].range))
                }
                scenario = scenario ?? range
            case .mediator(let kind, _):
                if let designNames, !designNames.contains(kind.text) {
                    diagnostics.append(.unknownMediatorKind(kind, designNames: designNames))
                }
            case .participant(let declaration):
                declared.insert(declaration.name.text)
                checkProperties(declaration.properties)
            case .send(let send):
                checkSend(send, in: .topLevel)
            case .leave(let name, _):
                useAtTopLevel(name)
            case .release(let name, let range):
                useAtTopLevel(name)
                if let first = released[name.text] {
                    diagnostics.append(.releasedTwice(name, at: range, firstAt: first))
                } else if declared.contains(name.text) {
                    released[name.text] = range
                }
            case .reaction(let reaction):
                checkReaction(reaction)
            case .log(let log):
                checkLog(log, in: .topLevel)
            case .expect(let expectation):
                checkExpectation(expectation)
            }
        }
    }

    private mutating func checkExpectation(_ expectation: Expectation) {
        useAtTopLevel(expectation.subject)
        switch expectation.condition {
        case .property(_, _, let value):
            checkValue(value, in: .topLevel)
        case .received(_, .named(let message)):
            let sent = sentMessageNames()
            if !sent.set.contains(message.text) {
                let suggestion = suggestion(for: message.text, among: sent.names)
                diagnostics.append(.unsentMessage(message, suggestion: suggestion))
            }
        case .received, .alive, .deallocated:
            break
        }
        guard let intended = expectation.intendedFailure else { return }
        var seen: Set<String> = []
        for design in intended.designs {
            if let designNames, !designNames.contains(design.text) {
                diagnostics.append(.unknownFailureDesign(design, designNames: designNames))
            } else if !seen.insert(design.text).inserted {
                diagnostics.append(.designNamedTwice(design))
            }
        }
    }

    /// The names of the messages the file's sends send, top-level and in reactions, in the order
    /// first written, and as a set; gathered when an expectation first counts a named message.
    private var sentMessages: (names: [String], set: Set<String>)?

    private mutating func sentMessageNames() -> (names: [String], set: Set<String>) {
        if let sentMessages { return sentMessages }
        var names: [String] = []
        var seen: Set<String> = []
        func add(_ send: Send) {
            if case .named(let name, _, _) = send.message, seen.insert(name.text).inserted { names.append(name.text) }
        }
        for statement in script.statements {
            switch statement {
            case .send(let send): add(send)
            case .reaction(let reaction):
                for case .send(let send) in reaction.body { add(send) }
            default: break
            }
        }
        sentMessages = (names, seen)
        return (names, seen)
    }

    private mutating func checkProperties(_ properties: [Property]) {
        var seen: [String: Name] = [:]
        for property in properties {
            if let first = seen[property.name.text] {
                diagnostics.append(.duplicateProperty(property.name, firstAt: first.range))
            } else {
                seen[property.name.text] = property.name
            }
            checkValue(property.value, in: .topLevel)
        }
    }

    private mutating func checkReaction(_ reaction: Reaction) {
        let subject = reaction.subject
        if participants[subject.text] == nil, !isType(subject.text) {
            let suggestion = suggestion(for: subject.text, among: namesInOrder)
            diagnostics.append(.unknownSubject(subject, suggestion: suggestion))
        }
        var parameters: [String] = []
        if case .named(_, let names, _) = reaction.pattern {
            var seen: Set<String> = []
            for name in names {
                if seen.insert(name.text).inserted {
                    parameters.append(name.text)
                } else {
                    diagnostics.append(.duplicateParameter(name))
                }
            }
        }
        let scope = Scope.reaction(parameters: parameters, bound: Set(parameters))
        for statement in reaction.body {
            switch statement {
            case .send(let send): checkSend(send, in: scope)
            case .set(_, let value, _): checkValue(value, in: scope)
            case .log(let log): checkLog(log, in: scope)
            }
        }
    }

    private mutating func checkSend(_ send: Send, in scope: Scope) {
        switch (send.sender, scope) {
        case (.participant(let name), .topLevel):
            useAtTopLevel(name, sending: true)
        case (.mediator, .topLevel), (.selfName, .reaction):
            break
        case (.selfName(let range), .topLevel):
            diagnostics.append(.outsideReaction("self", at: range))
        case (.participant, .reaction), (.mediator, .reaction):
            diagnostics.append(.senderNotSelf(at: send.sender.range))
        }
        switch send.targets {
        case .everyone:
            break
        case .type(let type, _):
            if isType(type.text) { break }
            if participants[type.text] != nil {
                diagnostics.append(.participantNotType(type))
            } else {
                let known = typeNames + [Checker.defaultType]
                let suggestion = suggestion(for: type.text, among: known)
                diagnostics.append(.unknownType(type, suggestion: suggestion))
            }
        case .names(let targets):
            for target in targets {
                switch (target, scope) {
                case (.participant(let name), .topLevel): useAtTopLevel(name)
                case (.participant(let name), .reaction): useAnywhere(name)
                case (.sender(let range), .topLevel):
                    diagnostics.append(.outsideReaction("sender", at: range))
                case (.sender, .reaction): break
                }
            }
        }
        if case .named(_, let arguments, _) = send.message {
            for argument in arguments { checkValue(argument.value, in: scope) }
        }
    }

    private mutating func checkValue(_ value: ValueExpression, in scope: Scope) {
        guard case .reference(let reference) = value else { return }
        switch (reference, scope) {
        case (.message(let range), _):
            diagnostics.append(.messageAsValue(at: range))
        case (.property, .topLevel):
            diagnostics.append(.propertyOutsideReaction(Checker.written(reference), at: reference.range))
        default:
            checkReference(reference, in: scope)
        }
    }

    private mutating func checkLog(_ log: LogStatement, in scope: Scope) {
        for case .interpolation(let reference) in log.segments {
            checkReference(reference, in: scope)
        }
    }

    /// Checks a reference where it may stand: in a reaction's value or in any `log` string.
    private mutating func checkReference(_ reference: Reference, in scope: Scope) {
        switch (reference, scope) {
        case (.selfName(let range), .topLevel),
            (.property(.selfName(let range), _, _), .topLevel):
            diagnostics.append(.outsideReaction("self", at: range))
        case (.sender(let range), .topLevel):
            diagnostics.append(.outsideReaction("sender", at: range))
        case (.message(let range), .topLevel):
            diagnostics.append(.outsideReaction("message", at: range))
        case (.name(let name), .topLevel):
            diagnostics.append(.unboundName(name))
        case (.name(let name), .reaction(let parameters, let bound)):
            if !bound.contains(name.text) {
                let suggestion = suggestion(for: name.text, among: parameters + ["self", "sender", "message"])
                diagnostics.append(.notAParameter(name, suggestion: suggestion))
            }
        case (.property(.participant(let name), _, _), .topLevel):
            useAtTopLevel(name)
        case (.property(.participant(let name), _, _), .reaction):
            useAnywhere(name)
        case (.selfName, .reaction), (.sender, .reaction), (.message, .reaction),
            (.property(.selfName, _, _), .reaction):
            break
        }
    }

    /// The nearest of `candidates` to `word`, while the suggestion budget lasts.
    private mutating func suggestion(for word: String, among candidates: [String]) -> String? {
        EditDistance.closest(to: word, among: candidates, budget: &suggestionBudget)
    }

    /// `NAME.PROP` or `self.PROP` as written.
    private static func written(_ reference: Reference) -> String {
        guard case .property(let owner, let property, _) = reference else { return "" }
        switch owner {
        case .selfName: return "self.\(property.text)"
        case .participant(let name): return "\(name.text).\(property.text)"
        }
    }

    // MARK: Participant names

    /// Checks a participant named by a top-level step: declared above, and, if it sends, not released.
    private mutating func useAtTopLevel(_ name: Name, sending: Bool = false) {
        if declared.contains(name.text) {
            if sending, !released.isEmpty, let release = released[name.text] {
                diagnostics.append(.releasedSender(name, releasedAt: release))
            }
        } else if let declaration = participants[name.text] {
            diagnostics.append(.usedBeforeDeclaration(name, declaredAt: declaration.name.range))
        } else {
            reportNotAParticipant(name)
        }
    }

    /// Checks a participant named inside a reaction: declared anywhere in the file.
    private mutating func useAnywhere(_ name: Name) {
        if participants[name.text] == nil { reportNotAParticipant(name) }
    }

    private mutating func reportNotAParticipant(_ name: Name) {
        if isType(name.text) {
            diagnostics.append(.typeNotParticipant(name))
        } else {
            let suggestion = suggestion(for: name.text, among: participantNames)
            diagnostics.append(.unknownParticipant(name, suggestion: suggestion))
        }
    }
}

// MARK: - Messages

extension Diagnostic {
    private static func didYouMean(_ suggestion: String?) -> [Note] {
        suggestion.map { [.help("did you mean '\($0)'?")] } ?? []
    }

    static func unknownParticipant(_ name: Name, suggestion: String?) -> Diagnostic {
        Diagnostic("unknown participant '\(name.text)'", at: name.range, notes: didYouMean(suggestion))
    }

    static func unknownType(_ name: Name, suggestion: String?) -> Diagnostic {
        Diagnostic("unknown type '\(name.text)'", at: name.range, notes: didYouMean(suggestion))
    }

    static func unknownSubject(_ name: Name, suggestion: String?) -> Diagnostic {
        Diagnostic(
            "unknown participant or type '\(name.text)'", at: name.range, notes: didYouMean(suggestion))
    }

    static func unknownMediatorKind(_ kind: Name, designNames: [String]) -> Diagnostic {
        let suggestion = EditDistance.closest(to: kind.text, among: designNames)
        return Diagnostic(
            "unknown mediator kind '\(kind.text)'", at: kind.range,
            notes: didYouMean(suggestion) + [.help("the kinds are \(Frontend.spellings(of: designNames))")])
    }

    static func typeNotParticipant(_ name: Name) -> Diagnostic {
        Diagnostic("'\(name.text)' is a type, not a participant", at: name.range)
    }

    static func participantNotType(_ name: Name) -> Diagnostic {
        Diagnostic(
            "'\(name.text)' is a participant, not a type", at: name.range,
            notes: [.help("write '\(name.text)' without '*' to send to it alone")])
    }

    static func duplicateParticipant(_ name: Name, firstDeclaredAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "duplicate participant '\(name.text)'", at: name.range,
            notes: [.note("'\(name.text)' is first declared on line \(first.lowerBound.line)")])
    }

    static func participantUsedAsType(_ type: Name, declaredAt declaration: SourceRange) -> Diagnostic {
        Diagnostic(
            "'\(type.text)' is a participant and cannot also be a type", at: type.range,
            notes: [
                .note("participant '\(type.text)' is declared on line \(declaration.lowerBound.line)")
            ])
    }

    static func typeUsedAsParticipant(_ name: Name, typeUsedAt use: SourceRange) -> Diagnostic {
        Diagnostic(
            "'\(name.text)' is a type and cannot also be a participant", at: name.range,
            notes: [.note("'\(name.text)' is first used as a type on line \(use.lowerBound.line)")])
    }

    static func participantNamedDefaultType(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'Participant' is the default type and cannot be a participant's name", at: range)
    }

    static func scenarioNotFirst(at range: SourceRange, first: SourceRange) -> Diagnostic {
        Diagnostic(
            "'scenario' must come before every other statement", at: range,
            notes: [.note("the first statement is on line \(first.lowerBound.line)")])
    }

    static func scenarioTwice(at range: SourceRange, firstAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "'scenario' is given twice", at: range,
            notes: [.note("the title is first given on line \(first.lowerBound.line)")])
    }

    static func releasedSender(_ name: Name, releasedAt release: SourceRange) -> Diagnostic {
        Diagnostic(
            "'\(name.text)' was released on line \(release.lowerBound.line) and can no longer send",
            at: name.range,
            notes: [
                .help(
                    "a released participant can still be a target; "
                        + "move this send above 'release \(name.text)'")
            ])
    }

    static func releasedTwice(_ name: Name, at range: SourceRange, firstAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "'\(name.text)' is released twice", at: name.range,
            notes: [.note("'\(name.text)' is first released on line \(first.lowerBound.line)")])
    }

    static func usedBeforeDeclaration(_ name: Name, declaredAt declaration: SourceRange) -> Diagnostic {
        Diagnostic(
            "'\(name.text)' is used before it is declared", at: name.range,
            notes: [.note("'\(name.text)' is declared on line \(declaration.lowerBound.line)")])
    }

    static func outsideReaction(_ word: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("'\(word)' can only be used inside a reaction", at: range)
    }

    static func senderNotSelf(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "in a reaction the sender must be 'self'", at: range,
            notes: [.help("a reaction sends as the participant that reacts: write 'self -> …'")])
    }

    static func unboundName(_ name: Name) -> Diagnostic {
        Diagnostic(
            "unknown name '\(name.text)': only a reaction's pattern binds parameters", at: name.range)
    }

    static func notAParameter(_ name: Name, suggestion: String?) -> Diagnostic {
        Diagnostic(
            "unknown name '\(name.text)': it is not a parameter of the reaction's pattern",
            at: name.range, notes: didYouMean(suggestion))
    }

    static func messageAsValue(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'message' is not a value", at: range,
            notes: [.help("'message' can only be interpolated in a log string, as '{message}'")])
    }

    static func propertyOutsideReaction(_ written: String, at range: SourceRange) -> Diagnostic {
        Diagnostic("'\(written)' can only be used as a value inside a reaction", at: range)
    }

    static func duplicateProperty(_ name: Name, firstAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "duplicate property '\(name.text)'", at: name.range,
            notes: [.note("'\(name.text)' is first given on line \(first.lowerBound.line)")])
    }

    static func unsentMessage(_ name: Name, suggestion: String?) -> Diagnostic {
        Diagnostic(
            "no send in the file sends a message called '\(name.text)'", at: name.range,
            notes: didYouMean(suggestion)
                + [.help("'received N NAME' counts the deliveries of named messages called NAME; 'received N' counts every delivery")])
    }

    static func unknownFailureDesign(_ design: Name, designNames: [String]) -> Diagnostic {
        let suggestion = EditDistance.closest(to: design.text, among: designNames)
        return Diagnostic(
            "unknown design '\(design.text)' after 'fails under'", at: design.range,
            notes: didYouMean(suggestion) + [.help("the kinds are \(Frontend.spellings(of: designNames))")])
    }

    static func designNamedTwice(_ design: Name) -> Diagnostic {
        Diagnostic("'\(design.text)' is named twice after 'fails under'", at: design.range)
    }

    static func duplicateParameter(_ name: Name) -> Diagnostic {
        Diagnostic("duplicate parameter '\(name.text)' in the pattern", at: name.range)
    }
}
