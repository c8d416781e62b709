/// Finds the static errors of a parsed script, all in one pass.
///
/// Top-level steps may only name participants declared above them, and a released participant
/// can no longer send. Reactions are gathered before a run and apply throughout, so their
/// subjects, targets and `{NAME.PROP}` may name any participant or type of the file.
struct Checker {
    private let script: Script
    private var diagnostics = DiagnosticList()
    /// What the file does that it may not mean; reported only when it has no error.
    private var warnings: [Diagnostic] = []
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

    /// The mediator's name (`mediator … as NAME`), when the file gives it one that is free.
    private var mediatorName: Name?

    /// Participants declared above the statement being checked, and those released, with where.
    private var declared: Set<String> = []
    private var released: [String: SourceRange] = [:]
    /// Participants a top-level `leave` above the statement being checked took out, with where.
    private var left: [String: SourceRange] = [:]

    /// Where the statement being checked sits: its bound parameters inside a reaction.
    private enum Scope {
        case topLevel
        /// The pattern's parameters in order (for suggestions), and as a set (for lookups); the
        /// reaction's subject, as written.
        case reaction(parameters: [String], bound: Set<String>, subject: String)

        /// Whether `name` is a bound parameter here.
        func binds(_ name: String) -> Bool {
            if case .reaction(_, let bound, _) = self { return bound.contains(name) }
            return false
        }
    }

    /// The names of the designs `mediator KIND` may name, in order of registration; nil accepts
    /// any name.
    private let designNames: [String]?

    private init(script: Script, designNames: [String]?) {
        self.script = script
        self.designNames = designNames
    }

    /// The static errors of `script`, in the order they are found, up to ``Diagnostics/limit``,
    /// and its warnings.
    static func check(_ script: Script, designNames: [String]?) -> (errors: DiagnosticList, warnings: [Diagnostic]) {
        var checker = Checker(script: script, designNames: designNames)
        checker.collectDeclarations()
        checker.checkStatements()
        checker.checkPinnedVersion()
        if checker.diagnostics.items.isEmpty { checker.warnHoistedReactions() }
        return (checker.diagnostics, checker.warnings)
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
        collectMediatorDeclaration()
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

    /// The mediator's name and block: at most one `mediator … as NAME` or `mediator … { … }` in a
    /// file; its name must differ from every participant and type.
    private mutating func collectMediatorDeclaration() {
        var first: MediatorDeclaration?
        for case .mediatorDeclaration(let declaration) in script.statements {
            if let first {
                diagnostics.append(.mediatorDeclaredTwice(at: declaration.range, firstAt: first.range))
                continue
            }
            first = declaration
            guard let name = declaration.name else { continue }
            if let participant = participants[name.text] {
                diagnostics.append(.mediatorNameTaken(name, by: "participant", at: participant.name.range))
            } else if name.text == Checker.defaultType {
                diagnostics.append(.mediatorNameTaken(name, by: "type", at: nil))
            } else if let type = types[name.text] {
                diagnostics.append(.mediatorNameTaken(name, by: "type", at: type.range))
            } else {
                mediatorName = name
                namesInOrder.append(name.text)
            }
        }
    }

    /// Whether `name` stands for the mediator: `mediator`, or the name the file gives it.
    private func isMediator(_ name: Name) -> Bool {
        name.text == "mediator" || name.text == mediatorName?.text
    }

    /// The type of participants declared without one; always a known type.
    private static let defaultType = "Participant"

    private func isType(_ name: String) -> Bool {
        name == Checker.defaultType || types[name] != nil
    }

    // MARK: Statements

    private mutating func checkStatements() {
        var scenario: SourceRange?
        var started = false
        var language: SourceRange?
        for (position, statement) in script.statements.enumerated() {
            if diagnostics.isFull { return }
            if statement.isStep { started = true }
            switch statement {
            case .language(let version, let range):
                if let first = language {
                    diagnostics.append(.languageTwice(at: range, firstAt: first))
                } else if position > 0 {
                    diagnostics.append(.languageNotFirst(at: range, first: script.statements[0].range))
                } else if LanguageVersion(rawValue: version.text) == nil {
                    diagnostics.append(.unknownLanguageVersion(version))
                }
                language = language ?? range
            case .scenario(_, let range):
                // Only a version line may come before it.
                let first = script.statements.first { if case .language = $0 { false } else { true } }
                if let first = scenario {
                    diagnostics.append(.scenarioTwice(at: range, firstAt: first))
                } else if position > 0, let first, first.range != range {
                    diagnostics.append(.scenarioNotFirst(at: range, first: first.range))
                }
                scenario = scenario ?? range
            case .mediator(let kind, _):
                if let designNames, !designNames.contains(kind.text) {
                    diagnostics.append(.unknownMediatorKind(kind, designNames: designNames))
                }
            case .mediatorDeclaration(let declaration):
                if let kind = declaration.kind, let designNames, !designNames.contains(kind.text) {
                    diagnostics.append(.unknownMediatorKind(kind, designNames: designNames))
                }
                if started { diagnostics.append(.mediatorDeclarationAfterFirstStep(declaration)) }
                checkProperties(declaration.properties)
            case .participant(let declaration):
                declared.insert(declaration.name.text)
                checkProperties(declaration.properties)
            case .send(let send):
                checkSend(send, in: .topLevel)
            case .together(let together):
                for send in together.sends { checkSend(send, in: .topLevel) }
            case .leave(let name, let range):
                useAtTopLevel(name)
                if declared.contains(name.text), left[name.text] == nil { left[name.text] = range }
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
            case .set(let assignment):
                checkAssignment(assignment, in: .topLevel)
            }
        }
    }

    private mutating func checkExpectation(_ expectation: Expectation) {
        checkExpectationSubject(expectation)
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
            case .together(let together): together.sends.forEach(add)
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
            if case .reference(let reference) = property.value, case .property = reference {
                diagnostics.append(.propertyInBlock(reference.written, at: reference.range))
            } else {
                checkValue(property.value, in: .topLevel)
            }
        }
    }

    /// An expectation about a participant, or about the mediator's properties and deliveries.
    private mutating func checkExpectationSubject(_ expectation: Expectation) {
        guard isMediator(expectation.subject) else { return useAtTopLevel(expectation.subject, mediatorAllowed: true) }
        switch expectation.condition {
        case .alive, .deallocated:
            diagnostics.append(.mediatorLifetime(expectation.subject, at: expectation.range))
        case .property, .received:
            break
        }
    }

    private mutating func checkReaction(_ reaction: Reaction) {
        let subject = reaction.subject
        if !isMediator(subject), participants[subject.text] == nil, !isType(subject.text), !mayBeUnparsed(subject) {
            let suggestion = suggestion(for: subject.text, among: namesInOrder)
            diagnostics.append(.unknownSubject(subject, suggestion: suggestion))
        }
        var parameters: [String] = []
        if case .named(_, let pattern, _) = reaction.pattern {
            var seen: Set<String> = []
            for case .binding(let name) in pattern {
                if seen.insert(name.text).inserted {
                    parameters.append(name.text)
                } else {
                    diagnostics.append(.duplicateParameter(name))
                }
            }
        }
        let scope = Scope.reaction(parameters: parameters, bound: Set(parameters), subject: subject.text)
        if let condition = reaction.condition { checkValue(condition.expression, in: scope) }
        for statement in reaction.body {
            switch statement {
            case .send(let send): checkSend(send, in: scope)
            case .set(let assignment): checkAssignment(assignment, in: scope)
            case .log(let log): checkLog(log, in: scope)
            case .leave(let party, _), .release(let party, _):
                if case .name(let name) = party, !scope.binds(name.text) { useAnywhere(name) }
            }
        }
    }

    private mutating func checkSend(_ send: Send, in scope: Scope) {
        switch (send.sender, scope) {
        case (.participant(let name), .topLevel):
            if !isMediator(name) { useAtTopLevel(name, sending: true, mediatorAllowed: true) }
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
            checkTypeTarget(type)
        case .names(let targets):
            for target in targets {
                switch (target, scope) {
                case (.participant(let name), _) where isMediator(name): break
                case (.participant(let name), .topLevel): useAtTopLevel(name, mediatorAllowed: true)
                case (.participant(let name), .reaction): useAnywhere(name, mediatorAllowed: true)
                case (.sender(let range), .topLevel):
                    diagnostics.append(.outsideReaction("sender", at: range))
                case (.sender, .reaction), (.mediator, _): break
                case (.type(let type, _), _): checkTypeTarget(type)
                }
            }
        }
        if case .named(_, let arguments, _) = send.message {
            for argument in arguments { checkValue(argument.value, in: scope) }
        }
        if case .topLevel = scope, !left.isEmpty { warnAtTargetsThatLeft(send) }
    }

    /// Warns at each target of a top-level send that left at the top level above it, naming the
    /// `leave`: no design but direct-delegate delivers to it. The run's note explains its `!` line.
    private mutating func warnAtTargetsThatLeft(_ send: Send) {
        guard case .names(let targets) = send.targets else { return }
        for target in targets {
            if case .participant(let name) = target, let leave = left[name.text] {
                warnings.append(.sendAfterLeave(name, leftAt: leave))
            }
        }
    }

    /// `* TYPE`: a type the file names.
    private mutating func checkTypeTarget(_ type: Name) {
        if isType(type.text) { return }
        if participants[type.text] != nil {
            diagnostics.append(.participantNotType(type))
        } else if !mayBeUnparsed(type) {
            let known = typeNames + [Checker.defaultType]
            let suggestion = suggestion(for: type.text, among: known)
            diagnostics.append(.unknownType(type, suggestion: suggestion))
        }
    }

    /// Checks `set [OWNER.]PROP = VALUE`: the owner where it may be named, then the value.
    private mutating func checkAssignment(_ assignment: Assignment, in scope: Scope) {
        switch (assignment.owner, scope) {
        case (.participant(let name), .topLevel): useAtTopLevel(name)
        case (.participant(let name), .reaction): useAnywhere(name)
        case (.selfName(let range), .topLevel): diagnostics.append(.outsideReaction("self", at: range))
        case (nil, _), (.selfName, .reaction), (.mediator, _): break
        }
        checkValue(assignment.value, in: scope)
    }

    /// Checks a value or an expression: a `set`'s, an argument's, a guard's.
    private mutating func checkValue(_ value: ValueExpression, in scope: Scope) {
        switch value {
        case .literal:
            return
        case .unary(_, let operand, _):
            checkValue(operand, in: scope)
        case .binary(_, let left, let right, _):
            checkValue(left, in: scope)
            checkValue(right, in: scope)
        case .reference(.message(let range)):
            diagnostics.append(.messageAsValue(at: range))
        case .reference(let reference):
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
        case (.name(let name), .reaction(let parameters, let bound, let subject)):
            if !bound.contains(name.text) {
                if properties(of: subject).contains(name.text) {
                    diagnostics.append(.propertyWithoutSelf(name))
                } else {
                    let suggestion = suggestion(for: name.text, among: parameters + ["self", "sender", "message"])
                    diagnostics.append(.notAParameter(name, suggestion: suggestion))
                }
            }
        case (.property(.participant(let name), _, _), _) where isMediator(name):
            break
        case (.property(.participant(let name), _, _), .topLevel):
            useAtTopLevel(name, mediatorAllowed: true)
        case (.property(.participant(let name), _, _), .reaction):
            useAnywhere(name, mediatorAllowed: true)
        case (.selfName, .reaction), (.sender, .reaction), (.message, .reaction),
            (.property(.selfName, _, _), .reaction), (.property(.mediator, _, _), _):
            break
        }
    }

    /// Whether `name` stands on a line that did not parse, which may have declared it: an error
    /// about it as unknown would follow from that line's, and is not reported.
    private func mayBeUnparsed(_ name: Name) -> Bool {
        !script.unparsedWords.isEmpty && script.unparsedWords.contains(name.text)
    }

    /// The properties the file gives or sets, by owner: a participant's name, a type's (set by
    /// reactions on it), or `mediator`. Gathered when a reaction first names an unknown word.
    private var propertiesByOwner: [String: Set<String>]?
    /// ``properties(of:)`` by subject, as found.
    private var subjectProperties: [String: Set<String>] = [:]

    /// The properties a reaction on `subject` may mean by a bare name: those the file gives or
    /// sets on the subject, on its type, or on a participant of it.
    private mutating func properties(of subject: String) -> Set<String> {
        if let known = subjectProperties[subject] { return known }
        let byOwner = propertiesByOwner ?? gatherProperties()
        propertiesByOwner = byOwner
        var owners = [subject == "mediator" || subject == mediatorName?.text ? "mediator" : subject]
        if let declaration = participants[subject] { owners.append(declaration.typeName) }
        if isType(subject) { owners += participantNames.filter { participants[$0]?.typeName == subject } }
        let found = owners.reduce(into: Set<String>()) { $0.formUnion(byOwner[$1] ?? []) }
        subjectProperties[subject] = found
        return found
    }

    private func gatherProperties() -> [String: Set<String>] {
        var byOwner: [String: Set<String>] = [:]
        func add(_ assignment: Assignment, subject: String?) {
            switch assignment.owner {
            case .participant(let name): byOwner[isMediator(name) ? "mediator" : name.text, default: []].insert(assignment.property.text)
            case .mediator: byOwner["mediator", default: []].insert(assignment.property.text)
            case .selfName, nil:
                if let subject { byOwner[subject, default: []].insert(assignment.property.text) }
            }
        }
        for statement in script.statements {
            switch statement {
            case .participant(let declaration):
                byOwner[declaration.name.text, default: []].formUnion(declaration.properties.map(\.name.text))
            case .mediatorDeclaration(let declaration):
                byOwner["mediator", default: []].formUnion(declaration.properties.map(\.name.text))
            case .set(let assignment):
                add(assignment, subject: nil)
            case .reaction(let reaction):
                let subject = isMediator(reaction.subject) ? "mediator" : reaction.subject.text
                for case .set(let assignment) in reaction.body { add(assignment, subject: subject) }
            default:
                break
            }
        }
        return byOwner
    }

    /// The nearest of `candidates` to `word`, while the suggestion budget lasts.
    private mutating func suggestion(for word: String, among candidates: [String]) -> String? {
        EditDistance.closest(to: word, among: candidates, budget: &suggestionBudget)
    }

    // MARK: Language versions

    /// Under `language 1.0`, every construct of 1.1 is an error; under `language 1.0` or `1.1`,
    /// every `together` block (language 1.2).
    private mutating func checkPinnedVersion() {
        guard case .language(let version, _) = script.statements.first,
            let pinned = LanguageVersion(rawValue: version.text), pinned != .version1Dot2
        else { return }
        for statement in script.statements {
            if diagnostics.isFull { return }
            if case .together(let together) = statement {
                diagnostics.append(.needsLanguage12("'together'", at: together.keyword))
            }
            guard pinned == .version1Dot0 else { continue }
            for (construct, range) in Checker.constructsOfLanguage11(in: statement) {
                if diagnostics.isFull { return }
                diagnostics.append(.needsLanguage11(construct, at: range))
            }
        }
    }

    /// What `statement` uses of language 1.1, each named as the error names it (`'from here'`,
    /// `'leave' in a reaction`), with where. The one place that knows what 1.1 added.
    static func constructsOfLanguage11(in statement: Statement) -> [(String, SourceRange)] {
        var found: [(String, SourceRange)] = []
        func word(_ name: Name, as what: String) {
            if Keyword(rawValue: name.text) != nil { found.append(("the word '\(name.text)' as \(what)", name.range)) }
        }
        /// `topLevel`: a value of a top-level step, where 1.0 allowed only literals (`{NAME.PROP}`
        /// in a `log` string was 1.0 everywhere).
        func reference(_ reference: Reference, topLevel: Bool = false) {
            guard case .property(let owner, let property, let range) = reference else { return }
            switch owner {
            case .mediator(let ownerRange): found.append(("'mediator.PROP'", ownerRange))
            case .participant where topLevel: found.append(("'NAME.PROP' at the top level", range))
            case .participant, .selfName: break
            }
            word(property, as: "a property name")
        }
        func value(_ expression: ValueExpression, topLevel: Bool) {
            switch expression {
            case .literal: break
            case .reference(let referenced): reference(referenced, topLevel: topLevel)
            case .unary(_, let operand, let range):
                found.append(("an expression", range))
                value(operand, topLevel: topLevel)
            case .binary(_, let left, let right, let range):
                found.append(("an expression", range))
                value(left, topLevel: topLevel)
                value(right, topLevel: topLevel)
            }
        }
        func assignment(_ assignment: Assignment, topLevel: Bool) {
            if topLevel {
                found.append(("'set' at the top level", assignment.range))
            } else if let owner = assignment.owner {
                found.append(("'set \(owner.written).PROP'", owner.range))
            }
            word(assignment.property, as: "a property name")
            value(assignment.value, topLevel: topLevel)
        }
        func log(_ log: LogStatement) {
            for case .interpolation(let interpolated) in log.segments { reference(interpolated) }
        }
        func send(_ send: Send, topLevel: Bool) {
            if case .names(let targets) = send.targets {
                for target in targets {
                    switch target {
                    case .mediator(let range): found.append(("the mediator as a target", range))
                    case .type(_, let range): found.append(("'* TYPE' in a list of targets", range))
                    case .participant, .sender: break
                    }
                }
            }
            guard case .named(let name, let arguments, _) = send.message else { return }
            word(name, as: "a message name")
            for argument in arguments {
                if let label = argument.label { word(label, as: "a label") }
                value(argument.value, topLevel: topLevel)
            }
        }
        switch statement {
        case .scenario, .mediator, .leave, .release, .language:
            break
        case .set(let assigned):
            assignment(assigned, topLevel: true)
        case .mediatorDeclaration(let declaration):
            if let name = declaration.name { found.append(("naming the mediator", name.range)) }
            if let first = declaration.properties.first { found.append(("the mediator's properties", first.range)) }
            if declaration.kind == nil, declaration.name == nil, declaration.properties.isEmpty {
                found.append(("'mediator' without a kind", declaration.range))
            }
        case .participant(let declaration):
            for property in declaration.properties { word(property.name, as: "a property name") }
        case .send(let sent):
            send(sent, topLevel: true)
        case .together(let together):
            for sent in together.sends { send(sent, topLevel: true) }
        case .log(let logged):
            log(logged)
        case .expect(let expectation):
            if expectation.subject.text == "mediator" { found.append(("'expect mediator'", expectation.subject.range)) }
            switch expectation.condition {
            case .property(let property, let comparison, let expected):
                word(property, as: "a property name")
                if comparison != .equal, comparison != .notEqual {
                    found.append(("'\(comparison.rawValue)' in an expectation", expectation.range))
                }
                value(expected, topLevel: true)
            case .received(_, .some(let counted)):
                let range: SourceRange
                switch counted {
                case .named(let name):
                    range = name.range
                    word(name, as: "a message name")
                case .text(let literal): range = literal.range
                }
                found.append(("'received N MESSAGE'", range))
            case .received(_, nil), .alive, .deallocated:
                break
            }
            if let intended = expectation.intendedFailure { found.append(("'fails'", intended.range)) }
        case .reaction(let reaction):
            if reaction.subject.text == "mediator" { found.append(("a reaction on the mediator", reaction.subject.range)) }
            if case .named(let name, let parameters, _) = reaction.pattern {
                word(name, as: "a message name")
                for case .literal(_, _, _, let range) in parameters { found.append(("a literal in a pattern", range)) }
            }
            if let range = reaction.fromHere { found.append(("'from here'", range)) }
            if let condition = reaction.condition { found.append(("a guard ('if')", condition.range)) }
            for statement in reaction.body {
                switch statement {
                case .send(let sent): send(sent, topLevel: false)
                case .set(let assigned): assignment(assigned, topLevel: false)
                case .log(let logged): log(logged)
                case .leave(_, let range): found.append(("'leave' in a reaction", range))
                case .release(_, let range): found.append(("'release' in a reaction", range))
                }
            }
        }
        return found
    }

    // MARK: Hoisting

    /// How many send-and-reaction pairs, and targets of those sends, the hoisting warning may
    /// compare; past it, or past ``Diagnostics/limit`` warnings, no more warnings, so that a file
    /// of many sends, targets and reactions checks fast.
    static let hoistingBudget = 4_000_000

    /// Counts the comparisons the hoisting warning makes (pairs, and targets of those sends), so
    /// that a test sees its budget hold without timing it; nil, and nothing counted, elsewhere.
    @TaskLocal static var hoistingWork: HoistingWork?

    /// What ``hoistingWork`` counts into.
    final class HoistingWork: @unchecked Sendable {
        var comparisons = 0
    }

    /// Warns of every reaction without `from here` written below a top-level send it could
    /// change: the message's name (or `any`) matches, and the subject could be the send's sender
    /// (`sends`) or one of its receivers (`receives`). Reactions apply throughout the run.
    private mutating func warnHoistedReactions() {
        /// The positions of the top-level sends and `together` blocks seen so far: the sends are
        /// read from the script when a reaction is compared with them, not copied, since a large
        /// file holds little else.
        var sendPositions: [Int32] = []
        /// Where each participant and each type's first two participants are declared.
        var declaredAt: [String: Int] = [:]
        var typeMembers: [String: [(name: String, position: Int)]] = [:]
        for (position, statement) in script.statements.enumerated() {
            guard case .participant(let declaration) = statement, declaredAt[declaration.name.text] == nil else { continue }
            declaredAt[declaration.name.text] = position
            if typeMembers[declaration.typeName, default: []].count < 2 {
                typeMembers[declaration.typeName, default: []].append((declaration.name.text, position))
            }
        }
        let pinned: Bool = {
            if case .language(let version, _) = script.statements.first { return version.text == LanguageVersion.version1Dot0.rawValue }
            return false
        }()
        var budget = Checker.hoistingBudget
        var work = 0
        defer { Checker.hoistingWork?.comparisons += work }
        /// Whether `subject` (a participant or a type) names a participant declared before
        /// `position` other than `sender`.
        func names(_ subject: String, before position: Int, other sender: String?) -> Bool {
            if let at = declaredAt[subject] { return at < position && subject != sender }
            return (typeMembers[subject] ?? []).contains { $0.position < position && $0.name != sender }
        }
        func typeOf(_ name: String) -> String? { participants[name]?.typeName }
        /// Whether a reaction to `trigger` by `subject` on messages named `pattern` (nil: any)
        /// handles `send`, written at `position`.
        func handles(_ send: Send, at position: Int, subject: String, trigger: Reaction.Trigger, pattern: String?) -> Bool {
            budget -= 1
            work += 1
            guard budget > 0 else { return false }
            if let pattern {
                guard case .named(let name, _, _) = send.message, name.text == pattern else { return false }
            }
            var sender: String?
            if case .participant(let name) = send.sender { sender = name.text }
            switch trigger {
            case .sends:
                guard let sender else { return false }
                return subject == sender || subject == typeOf(sender)
            case .receives:
                switch send.targets {
                case .everyone:
                    return names(subject, before: position, other: sender)
                case .type(let type, _):
                    if subject == type.text { return names(subject, before: position, other: sender) }
                    return typeOf(subject) == type.text && names(subject, before: position, other: sender)
                case .names(let targets):
                    // A send may list thousands of targets: each one compared is a pair.
                    budget -= targets.count
                    guard budget > 0 else { return false }
                    return targets.contains { target in
                        work += 1
                        guard case .participant(let name) = target else { return false }
                        return name.text == subject || typeOf(name.text) == subject
                    }
                }
            }
        }
        for (position, statement) in script.statements.enumerated() {
            switch statement {
            case .send, .together:
                sendPositions.append(Int32(truncatingIfNeeded: position))
            case .reaction(let reaction) where reaction.fromHere == nil && !sendPositions.isEmpty && budget > 0:
                var pattern: String?
                if case .named(let name, _, _) = reaction.pattern { pattern = name.text }
                let subject = reaction.subject.text
                var match: Send?
                search: for sendPosition in sendPositions {
                    let position = Int(sendPosition)
                    switch script.statements[position] {
                    case .send(let send):
                        if handles(send, at: position, subject: subject, trigger: reaction.trigger, pattern: pattern) {
                            match = send
                            break search
                        }
                    case .together(let together):
                        for send in together.sends
                        where handles(send, at: position, subject: subject, trigger: reaction.trigger, pattern: pattern) {
                            match = send
                            break search
                        }
                    default:
                        break
                    }
                }
                if let match, warnings.count < Diagnostics.limit {
                    let header = reaction.range.lowerBound..<reaction.pattern.range.upperBound
                    warnings.append(.hoistedReaction(at: header, sendLine: match.range.lowerBound.line, pinned: pinned))
                }
            default:
                break
            }
        }
    }

    // MARK: Participant names

    /// Checks a participant named by a top-level step: declared above, and, if it sends, not released.
    /// `mediatorAllowed`: the mediator's name may stand here, and is among the suggestions.
    private mutating func useAtTopLevel(_ name: Name, sending: Bool = false, mediatorAllowed: Bool = false) {
        if declared.contains(name.text) {
            if sending, !released.isEmpty, let release = released[name.text] {
                diagnostics.append(.releasedSender(name, releasedAt: release))
            }
        } else if let declaration = participants[name.text] {
            diagnostics.append(.usedBeforeDeclaration(name, declaredAt: declaration.name.range))
        } else {
            reportNotAParticipant(name, mediatorAllowed: mediatorAllowed)
        }
    }

    /// Checks a participant named inside a reaction: declared anywhere in the file.
    private mutating func useAnywhere(_ name: Name, mediatorAllowed: Bool = false) {
        if participants[name.text] == nil { reportNotAParticipant(name, mediatorAllowed: mediatorAllowed) }
    }

    private mutating func reportNotAParticipant(_ name: Name, mediatorAllowed: Bool = false) {
        if isType(name.text) {
            diagnostics.append(.typeNotParticipant(name))
        } else if let mediatorName, name.text == mediatorName.text {
            diagnostics.append(.mediatorNotParticipant(name))
        } else if !mayBeUnparsed(name) {
            let candidates = participantNames + (mediatorAllowed ? mediatorName.map { [$0.text] } ?? [] : [])
            let suggestion = suggestion(for: name.text, among: candidates)
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

    static func mediatorDeclaredTwice(at range: SourceRange, firstAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "the mediator is named or given properties twice", at: range,
            notes: [
                .note("it is first declared on line \(first.lowerBound.line)"),
                .help("give its name and its properties once: 'mediator KIND as NAME { PROP = VALUE }'"),
            ])
    }

    static func mediatorDeclarationAfterFirstStep(_ declaration: MediatorDeclaration) -> Diagnostic {
        let what = declaration.name != nil ? "'as NAME'" : "a property block"
        let at = declaration.name?.range ?? declaration.range
        return Diagnostic(
            "\(what) can only be given to the scenario's mediator, before the first step", at: at,
            notes: [
                .help(
                    "a replacement keeps the mediator's name and properties: write 'mediator KIND' here, "
                        + "and name the mediator above the first step")
            ])
    }

    static func mediatorNameTaken(_ name: Name, by what: String, at other: SourceRange?) -> Diagnostic {
        let note: [Note] =
            other.map { [.note("'\(name.text)' is a \(what) on line \($0.lowerBound.line)")] }
            ?? [.note("'\(name.text)' is the default type")]
        return Diagnostic(
            "'\(name.text)' is a \(what) and cannot also name the mediator", at: name.range,
            notes: note + [.help("participants, types and the mediator need different names")])
    }

    static func mediatorNotParticipant(_ name: Name) -> Diagnostic {
        Diagnostic("'\(name.text)' is the mediator, not a participant", at: name.range)
    }

    static func mediatorLifetime(_ name: Name, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "the mediator's lifetime cannot be expected", at: range,
            notes: [
                .help(
                    "'alive' and 'deallocated' are for participants; "
                        + "expect '\(name.text).PROP' or '\(name.text) received N'")
            ])
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

    static func sendAfterLeave(_ name: Name, leftAt leave: SourceRange) -> Diagnostic {
        let line = leave.lowerBound.line
        return Diagnostic(
            "this send goes to '\(name.text)', who left the mediator on line \(line)", at: name.range,
            notes: [
                .note(
                    "a design holds no participant that left, so the run writes '! missingReceiver \(name.text)' here; "
                        + "direct-delegate, which refuses 'leave', still delivers"),
                .help("send to '\(name.text)' above line \(line), or take it out of the targets"),
            ], severity: .warning)
    }

    static func propertyWithoutSelf(_ name: Name) -> Diagnostic {
        Diagnostic(
            "unknown name '\(name.text)': it is not a parameter of the reaction's pattern",
            at: name.range, notes: [.help("'\(name.text)' is a property here: to read it, write 'self.\(name.text)'")])
    }

    static func messageAsValue(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'message' is not a value", at: range,
            notes: [.help("'message' can only be interpolated in a log string, as '{message}'")])
    }

    static func propertyInBlock(_ written: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "'\(written)' cannot be a property's first value", at: range,
            notes: [
                .help(
                    "a property block holds literals: a string, a number, 'true' or 'false'; "
                        + "set it after the declaration instead, as in 'set NAME.PROP = \(written)'")
            ])
    }

    static func duplicateProperty(_ name: Name, firstAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "duplicate property '\(name.text)'", at: name.range,
            notes: [.note("'\(name.text)' is first given on line \(first.lowerBound.line)")])
    }

    static func languageNotFirst(at range: SourceRange, first: SourceRange) -> Diagnostic {
        Diagnostic(
            "'language' must come before every other statement", at: range,
            notes: [.note("the first statement is on line \(first.lowerBound.line)")])
    }

    static func languageTwice(at range: SourceRange, firstAt first: SourceRange) -> Diagnostic {
        Diagnostic(
            "'language' is given twice", at: range,
            notes: [.note("the version is first given on line \(first.lowerBound.line)")])
    }

    static func unknownLanguageVersion(_ version: Name) -> Diagnostic {
        Diagnostic(
            "unknown language version '\(version.text)'", at: version.range,
            notes: [.help("the versions are \(Frontend.spellings(of: LanguageVersion.allCases.map(\.rawValue)))")])
    }

    static func needsLanguage12(_ construct: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "\(construct) needs language 1.2", at: range,
            notes: [.help("write 'language 1.2', or remove the version line")])
    }

    static func needsLanguage11(_ construct: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            "\(construct) needs language 1.1", at: range,
            notes: [.help("write 'language 1.1', or remove the version line")])
    }

    static func hoistedReaction(at range: SourceRange, sendLine: Int, pinned: Bool) -> Diagnostic {
        let move = "move it above line \(sendLine)"
        return Diagnostic(
            "this reaction also applies to the send on line \(sendLine), written above it", at: range,
            notes: [
                .note("a reaction applies throughout the run, to the sends above it too"),
                .help(pinned ? move : "add 'from here' before '{' to apply it from this line on, or \(move)"),
            ], severity: .warning)
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
