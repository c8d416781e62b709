/// Where a run's events go as they happen; the run is streamed, never built in memory.
public protocol EventSink: AnyObject {
    /// Takes one event of the run, in order.
    func emit(_ event: TranscriptEvent)
    /// `.delivery`, the event a run makes millions of, given without building the event: a sink
    /// may write it straight away. It must have the same effect as `emit(.delivery(…))`.
    func emitDelivery(receiver: String, sender: String, message: Message, depth: Int)
    /// Comes just before the delivery to `receiver`, or the `missingReceiver` error for it, at
    /// `depth`, when the design carried the message through its mediator object (see
    /// ``Courier/deliver(_:to:from:throughMediator:)``). Not a transcript line: the message
    /// diagram draws the route from it. Made only when ``takesRelays`` says so.
    func emitRelay(receiver: String, depth: Int)
    /// Whether the sink wants ``emitRelay(receiver:depth:)``: asked once, when a run starts.
    var takesRelays: Bool { get }
}

extension EventSink {
    /// Emits the delivery as a `TranscriptEvent.delivery`.
    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        emit(.delivery(receiver: receiver, sender: sender, message: message, depth: depth))
    }

    /// Ignores the relay.
    public func emitRelay(receiver: String, depth: Int) {}

    /// No relays, unless the sink says otherwise.
    public var takesRelays: Bool { false }
}

/// The limits that stop a run (exit 3).
public struct RunLimits: Hashable, Sendable {
    /// The deepest reaction chain allowed, in sends (a top-level send is 1).
    public var maxDepth: Int
    /// The most deliveries a run may make.
    public var maxDeliveries: Int
    /// The most bytes a run may write, counted by the sink that writes them (see ``OutputBudget``):
    /// 64 MiB by default.
    public var maxOutputBytes: Int

    /// Limits of `maxDepth` sends deep, `maxDeliveries` deliveries and `maxOutputBytes` bytes written.
    public init(maxDepth: Int = 64, maxDeliveries: Int = 10_000_000, maxOutputBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxDeliveries = maxDeliveries
        self.maxOutputBytes = maxOutputBytes
    }

    /// The deepest ``maxDepth`` a run takes: its stack is sized for it.
    public static let depthRange = 1...10_000

    /// The limits a run keeps: ``maxDepth`` clamped to ``depthRange`` (so that a huge depth
    /// cannot outgrow the stack the run is given), ``maxDeliveries`` and ``maxOutputBytes`` to 0
    /// or more.
    public var validated: RunLimits {
        RunLimits(
            maxDepth: min(max(maxDepth, Self.depthRange.lowerBound), Self.depthRange.upperBound),
            maxDeliveries: max(0, maxDeliveries), maxOutputBytes: max(0, maxOutputBytes))
    }
}

/// The bytes one run's output has taken, shared by the run and the sink that writes it: the sink
/// adds what it writes, and the run stops with `! outputLimit` at the first event that takes
/// what it has used past ``RunLimits/maxOutputBytes``.
public final class OutputBudget {
    /// Bytes written so far, in memory the budget owns: added to and read on every delivery, where
    /// a stored property's runtime exclusivity check cost 60 instructions a delivery.
    package let used: UnsafeMutablePointer<Int>

    /// An empty budget: nothing used.
    public init() {
        used = .allocate(capacity: 1)
        used.initialize(to: 0)
    }

    deinit { used.deallocate() }
}

/// What a run came to: its counts and whether a limit stopped it.
public struct RunSummary: Hashable, Sendable {
    /// Sends made, top-level and from reactions.
    public var sends = 0
    /// Messages delivered to a participant.
    public var deliveries = 0
    /// Errors reported, each a `!` line of the transcript.
    public var errors = 0
    /// `expect` lines that failed: that did not hold, or held where they were meant to fail.
    public var failedExpectations = 0
    /// Those lines, in the order they were written.
    public var expectationFailures: [ExpectationFailure] = []
    /// Deliveries a design made after the run's last step (while the scenario released its
    /// objects, from a `deinit`), which the transcript does not show.
    public var lateDeliveries = 0
    /// The limit that stopped the run, if one did.
    public var stoppedBy: RunError?
    /// The step during which the limit stopped the run.
    public var stoppedAt: SourceRange?
    /// Participants (then `mediator`) still alive after the scenario released everything, as
    /// the transcript's `leaked:` line names them.
    public var leaked: [String] = []
    /// The same objects by the ids the coupling analysis gives them: an earlier mediator still
    /// alive is `mediator 2`, `mediator 3` … rather than `mediator`.
    public var leakedObjects: [String] = []

    /// 0 when everything held, 1 when an expectation failed, 3 when a limit stopped the run.
    public var exitCode: Int32 {
        if stoppedBy != nil { return 3 }
        return failedExpectations > 0 ? 1 : 0
    }
}

/// An `expect` line of a run that said `FAILED`.
public struct ExpectationFailure: Hashable, Sendable {
    /// The `expect` statement.
    public var range: SourceRange
    /// The expectation as the transcript repeats it.
    public var text: String
    /// What the condition found, as the line writes it after `got`.
    public var got: String
    /// True when the condition held where `fails` said it was meant to fail; false when it did
    /// not hold where it was meant to.
    public var heldButMeantToFail: Bool

    /// A failure of the expectation at `range`.
    public init(range: SourceRange, text: String, got: String, heldButMeantToFail: Bool) {
        self.range = range
        self.text = text
        self.got = got
        self.heldButMeantToFail = heldButMeantToFail
    }
}

/// Runs a checked script under one design, streaming what happens to a sink.
///
/// The interpreter drives the design only through ``Design``, and hears about deliveries
/// through ``Courier``. It keeps what the scenario itself holds: a strong reference to each
/// participant's colleague object until `release`, then a weak sentinel to tell whether it is
/// still alive, and its state.
public final class Interpreter {
    /// The scenario's own record of one participant.
    private final class Entry {
        let declaration: ParticipantDeclaration
        let member: Member
        /// The design that made the colleague object, which can break its links after a leak.
        let maker: any Design.Type
        /// The scenario's own strong reference; nil after `release` and at the end.
        var held: AnyObject?
        /// Tells whether the object is still alive, without keeping it so. Taken only when the
        /// scenario lets go: a weakly referenced object counts its references in a side table,
        /// which makes every retain of it during the run several times slower.
        weak var sentinel: AnyObject?
        var properties: [String: Value] = [:]
        /// Bumped on every delivery; no access to it ever overlaps another, so it skips the
        /// run-time exclusivity check, which would cost as much as the rest of a delivery.
        @exclusivity(unchecked) var received = 0
        /// Deliveries of the messages that `expect NAME received N MESSAGE` counts; empty when no
        /// expectation counts one.
        var messageCounts: [CountedMessage: Int] = [:]
        /// Released by the scenario, and not yet reported deallocated.
        var awaitingDeallocation = false
        /// Reactions that apply to it, by trigger: those on its name, then those on its type (the
        /// groups are shared with every participant of the type, not copied).
        var receives: [[Reaction]] = []
        var sends: [[Reaction]] = []

        init(_ declaration: ParticipantDeclaration, member: Member, maker: any Design.Type, object: AnyObject) {
            self.declaration = declaration
            self.member = member
            self.maker = maker
            self.held = object
        }

        var object: AnyObject? { held ?? sentinel }

        /// Drops the scenario's strong reference, keeping only the weak sentinel.
        func letGo() {
            if let held { sentinel = held }
            held = nil
        }
    }

    /// The message being handled by a reaction: who reacts, who sent, and bound parameters.
    private struct Frame {
        var reactor: Member
        var sender: Member?
        var message: Message
        var bindings: [String: Value]
    }

    /// A message that `received N MESSAGE` counts: named messages of a name, or a text.
    private enum CountedMessage: Hashable {
        case named(String)
        case text(String)
    }

    private let script: Script
    private let title: String
    /// The messages some expectation counts, decided once from the script; when empty (every
    /// 1.0 script), a delivery counts nothing but its total.
    private let countedMessages: Set<CountedMessage>
    private let kind: MediatorKind
    private let designs: DesignRegistry
    /// The design of the mediator in force: the scenario's, then each replacement's.
    private var design: any Design.Type
    private let limits: RunLimits
    private let courier = Courier()
    private var hasRun = false
    private let sink: any EventSink
    /// What the sink has written; read after every event.
    private let budget: OutputBudget
    /// Whether the sink takes the routes of deliveries (`EventSink.takesRelays`).
    private let relays: Bool
    /// Whether the steps are over: the closing lines (`end:`, releases, `leaked:`) are always written.
    private var closing = false
    /// Called once at the end of the steps, before the scenario releases everything, with every
    /// participant and mediator still alive: what the coupling analysis walks.
    public var inspect: (([ReferenceRoot]) -> Void)?

    private var entries: [String: Entry] = [:]
    /// Read on every delivery; unchecked for the same reason as `Entry.received`.
    @exclusivity(unchecked) private var declarationOrder: [Entry] = []
    private var mediation: (any Design)?
    private var pending: [Registration] = []
    private var mediatorSentinels: [WeakObject] = []
    /// The ids `roots()` gave the mediators, by their index in `mediatorSentinels`.
    private var mediatorIds: [Int: String] = [:]
    /// Counted on every delivery; unchecked for the same reason as `Entry.received`.
    @exclusivity(unchecked) private var summary = RunSummary()

    private var topLevelSends = 0
    private var step = 0
    private var stepLine = 0
    private var stepRange: SourceRange?
    /// Child send counters of the sends in progress, innermost last.
    private var childCounters: [Int] = []
    /// The depth at which the current send's deliveries are written.
    private var deliveryDepth = 1
    /// The number of the send in progress (`[1, 2]` for 1.2), for numbering its reactions'
    /// sends: one array for the whole chain, so that a chain d sends deep holds d numbers, not d².
    private var numberPath: [Int] = []

    /// Prepares a run of `script` under the design `design`, titled `title`; a run-time
    /// replacement looks its design up in `designs`. Limits are clamped to what
    /// ``RunLimits/validated`` allows. A sink that counts what it writes into `budget` stops the
    /// run past ``RunLimits/maxOutputBytes``; without a budget nothing is counted.
    public init(
        script: Script, title: String, design: any Design.Type, designs: DesignRegistry, limits: RunLimits = RunLimits(),
        sink: any EventSink, budget: OutputBudget = OutputBudget()
    ) {
        self.budget = budget
        self.relays = sink.takesRelays
        self.script = script
        self.title = title
        self.kind = MediatorKind(design.name)
        self.design = design
        self.designs = designs
        self.limits = limits.validated
        self.sink = sink
        var counted: Set<CountedMessage> = []
        for case .expect(let expectation) in script.statements {
            guard case .received(_, let message?) = expectation.condition else { continue }
            counted.insert(Self.counted(message))
        }
        self.countedMessages = counted
    }

    private static func counted(_ message: Expectation.CountedMessage) -> CountedMessage {
        switch message {
        case .named(let name): return .named(name.text)
        case .text(let literal): return .text(literal.value)
        }
    }

    /// The kind a script asks for: its last `mediator` statement before the first step, else `fallback`.
    package static func declaredKind(of script: Script, fallback: MediatorKind) -> MediatorKind {
        var kind = fallback
        for statement in script.statements {
            if statement.isStep { break }
            if case .mediator(let name, _) = statement { kind = MediatorKind(name.text) }
        }
        return kind
    }

    /// The title a script gives itself, else `fallback` (the file name without `.scenario`).
    public static func title(of script: Script, fallback: String) -> String {
        for statement in script.statements {
            if case .scenario(let literal, _) = statement { return literal.value }
        }
        return fallback
    }

    /// Runs every statement, then releases everything and reports what leaked.
    ///
    /// A reaction chain is a chain of nested calls, as in the designs it runs, so the run takes
    /// place on a thread whose stack is sized for ``RunLimits/maxDepth``.
    /// A second call returns the first run's summary without running again.
    public func run() -> RunSummary {
        guard !hasRun else { return summary }
        hasRun = true
        return onLargeStack(bytes: Self.stackBytes(forDepth: limits.maxDepth)) { runHere() }
    }

    /// The stack a run of reaction chains up to `depth` sends deep needs: a base, and per send the
    /// frames of the interpreter, the design and the courier, measured at under 12 KiB in a debug
    /// build (about twice that under AddressSanitizer), with room to spare.
    static func stackBytes(forDepth depth: Int) -> Int {
        (16 << 20) + max(0, depth) * (32 << 10)
    }

    private func runHere() -> RunSummary {
        courier.open(for: self)
        emit(.scenario(title: title))
        emit(.mediator(kind: kind, replacement: false))
        for statement in script.statements {
            guard case .reaction(let reaction) = statement else { continue }
            reactionsBySubject[reaction.subject.text, default: [:]][reaction.trigger, default: []].append(reaction)
        }
        for statement in script.statements {
            if summary.stoppedBy != nil { break }
            execute(statement)
        }
        if summary.stoppedBy == nil { start() }
        closing = true
        if let inspect { inspect(roots()) }
        emit(
            .end(
                sends: summary.sends, deliveries: summary.deliveries, errors: summary.errors,
                failedExpectations: summary.failedExpectations))
        courier.close()
        releaseEverything()
        emit(.leaked(summary.leaked))
        reclaimLeaks()
        // After the reclaim too: a leaked colleague freed there may deliver from its deinit.
        summary.lateDeliveries = courier.late
        return summary
    }

    /// Every reaction of the script by its subject (a participant or a type) and trigger, in the
    /// order written.
    private var reactionsBySubject: [String: [Reaction.Trigger: [Reaction]]] = [:]

    // MARK: Statements

    private func execute(_ statement: Statement) {
        if statement.isStep {
            start()
            step += 1
            stepLine = statement.range.lowerBound.line
            stepRange = statement.range
        }
        switch statement {
        case .scenario, .reaction:
            break
        case .mediator(let name, _):
            if mediation != nil, let newDesign = designs.design(MediatorKind(name.text)) { replaceMediator(with: newDesign) }
        case .participant(let declaration):
            declare(declaration)
        case .send(let send):
            topLevelSends += 1
            perform(send, frame: nil, number: topLevelSends, depth: 0)
        case .leave(let name, _):
            emit(.leave(name: name.text))
            if let entry = entries[name.text], let object = entry.object, let mediation {
                atStep { mediation.unregister(Registration(member: entry.member, colleague: object, weakly: entry.declaration.isWeak)) }
            }
            reportDeallocations()
        case .release(let name, _):
            emit(.release(name: name.text))
            guard let entry = entries[name.text] else { break }
            entry.letGo()
            entry.awaitingDeallocation = entry.sentinel != nil
            emit(.lifetime(name: name.text, deallocated: entry.sentinel == nil, depth: 1))
            reportDeallocations()
        case .log(let log):
            emit(.log(text: interpolate(log, frame: nil), depth: 0))
        case .expect(let expectation):
            evaluate(expectation)
        }
    }

    /// Builds the scenario's mediator at its first step, with every participant declared so far.
    private func start() {
        guard mediation == nil else { return }
        atStep {
            let built = design.init(participants: pending, courier: courier)
            pending = []
            track(built)
            mediation = built
            return nil
        }
    }

    /// Makes one of a step's calls into the design (building it, a join, a `leave`): what it
    /// delivers and the error it returns go one level under the step, and a delivery it made
    /// from another thread stops the run once it returns.
    private func atStep(_ call: () -> DeliveryError?) {
        deliveryDepth = 1
        if let error = call() { report(.delivery(error), depth: 1) }
        checkStrays(depth: 1)
    }

    private func declare(_ declaration: ParticipantDeclaration) {
        let member = Member(
            name: declaration.name.text, type: declaration.typeName, index: declarationOrder.count,
            run: courier.run)
        let object = design.makeColleague(for: member)
        let entry = Entry(declaration, member: member, maker: design, object: object)
        for property in declaration.properties {
            if case .literal(let value, _) = property.value { entry.properties[property.name.text] = value }
        }
        entry.receives = reactions(for: declaration, trigger: .receives)
        entry.sends = reactions(for: declaration, trigger: .sends)
        entries[declaration.name.text] = entry
        declarationOrder.append(entry)
        emit(.participant(name: member.name, type: member.type, weak: declaration.isWeak))
        let registration = Registration(member: member, colleague: object, weakly: declaration.isWeak)
        if let mediation {
            atStep { mediation.register(registration) }
        } else {
            pending.append(registration)
        }
    }

    /// Reactions on the participant's name, then on its type, each group in the order written.
    private func reactions(for declaration: ParticipantDeclaration, trigger: Reaction.Trigger) -> [[Reaction]] {
        [declaration.name.text, declaration.typeName].compactMap { reactionsBySubject[$0]?[trigger] }
    }

    /// A new mediator of `newDesign` takes over every registered participant, in the old order.
    private func replaceMediator(with newDesign: any Design.Type) {
        emit(.mediator(kind: MediatorKind(newDesign.name), replacement: true))
        // In a scope of its own: the registrations hold the colleagues strongly, and must be gone
        // before the deallocations are looked for.
        do {
            let registrations = (mediation?.registered ?? []).compactMap { member -> Registration? in
                guard let entry = ownEntry(member), let object = entry.object else { return nil }
                return Registration(member: entry.member, colleague: object, weakly: entry.declaration.isWeak)
            }
            design = newDesign
            atStep {
                let replacement = newDesign.init(participants: registrations, courier: courier)
                track(replacement)
                mediation = replacement
                return nil
            }
        }
        reportDeallocations()
    }

    /// The entry of a member of this run, or nil for one a design made up or kept from another run.
    private func ownEntry(_ member: Member) -> Entry? {
        guard member.run == courier.run, declarationOrder.indices.contains(member.index) else { return nil }
        return declarationOrder[member.index]
    }

    private func track(_ mediation: any Design) {
        guard let object = mediation.mediator else { return }
        mediatorSentinels.append(WeakObject(object))
    }

    /// Writes `NAME deallocated` for every released participant that has just gone.
    private func reportDeallocations() {
        for entry in declarationOrder where entry.awaitingDeallocation && entry.sentinel == nil {
            entry.awaitingDeallocation = false
            emit(.lifetime(name: entry.declaration.name.text, deallocated: true, depth: 1))
        }
    }

    /// The participants still alive in declaration order, then the current mediator, then any
    /// earlier mediator still alive (`mediator 2`, `mediator 3` … in order of creation).
    private func roots() -> [ReferenceRoot] {
        var roots = declarationOrder.compactMap { entry in
            entry.object.map { ReferenceRoot(id: entry.declaration.name.text, role: .participant, object: $0) }
        }
        let current = mediation?.mediator
        if let current { roots.append(ReferenceRoot(id: "mediator", role: .mediator, object: current)) }
        var number = 1
        for (index, sentinel) in mediatorSentinels.enumerated() {
            guard let object = sentinel.object else { continue }
            if object === current {
                mediatorIds[index] = "mediator"
                continue
            }
            number += 1
            mediatorIds[index] = "mediator \(number)"
            roots.append(ReferenceRoot(id: "mediator \(number)", role: .mediator, object: object))
        }
        return roots
    }

    /// Drops every participant, then the mediator, and names what is still alive.
    private func releaseEverything() {
        for entry in declarationOrder { entry.letGo() }
        mediation = nil
        pending = []
        let participants = declarationOrder.filter { $0.sentinel != nil }.map(\.declaration.name.text)
        let mediators = mediatorSentinels.indices.filter { mediatorSentinels[$0].object != nil }
        summary.leaked = participants + (mediators.isEmpty ? [] : ["mediator"])
        summary.leakedObjects = participants + mediators.map { mediatorIds[$0] ?? "mediator" }
    }

    /// Frees what the release probe found still alive, now that the leak is on record: every
    /// link a design wrote into a leaked participant is dropped, which breaks its cycles. A process
    /// can then run scenario after scenario (`compare`, the tests, the fuzzers) without growing.
    private func reclaimLeaks() {
        for entry in declarationOrder {
            if let object = entry.sentinel { entry.maker.forgetLinks(of: object) }
        }
    }

    // MARK: Sends

    /// Performs a send: its line, the sender's `sends` reactions, then the deliveries.
    /// `number` is the send's own part of its number: its count among its trigger's sends.
    private func perform(_ send: Send, frame: Frame?, number: Int, depth: Int) {
        let message = evaluate(send.message, frame: frame)
        // The sending entry and its object; a sender no longer alive sends as the mediator would.
        let sender: (entry: Entry, object: AnyObject)?
        switch send.sender {
        case .participant(let name): sender = entries[name.text].flatMap { entry in entry.object.map { (entry, $0) } }
        case .selfName:
            sender = frame.flatMap { frame in
                let entry = declarationOrder[frame.reactor.index]
                return entry.object.map { (entry, $0) }
            }
        case .mediator: sender = nil
        }
        let senderName = sender?.entry.member.name ?? "mediator"
        let targetText: String
        var names: [String] = []
        switch send.targets {
        case .everyone: targetText = "*"
        case .type(let type, _): targetText = "* \(type.text)"
        case .names(let targets):
            names = targets.map { target in
                switch target {
                case .participant(let name): return name.text
                case .sender: return frame?.sender?.name ?? "mediator"
                }
            }
            targetText = names.joined(separator: ", ")
        }
        summary.sends += 1
        numberPath.append(number)
        emit(.send(number: numberPath, sender: senderName, targets: targetText, message: message, depth: depth))

        let savedDepth = deliveryDepth
        childCounters.append(0)
        defer {
            childCounters.removeLast()
            numberPath.removeLast()
            deliveryDepth = savedDepth
        }
        if let sender {
            let sendsFrame = Frame(reactor: sender.entry.member, sender: sender.entry.member, message: message, bindings: [:])
            runReactions(sender.entry.sends, for: sendsFrame, depth: depth + 1)
        }
        guard summary.stoppedBy == nil, let mediation else { return }
        deliveryDepth = depth + 1
        let from: Origin = sender.map { .participant($0.entry.member, colleague: $0.object) } ?? .mediator
        switch send.targets {
        case .everyone, .type:
            var type: String? = nil
            if case .type(let name, _) = send.targets { type = name.text }
            mediation.broadcast(message, from: from, toType: type)
        case .names:
            for name in names where summary.stoppedBy == nil {
                mediation.send(message, from: from, to: name)
            }
        }
        checkStrays(depth: depth + 1)
    }

    /// Stops the run if the design delivered from another thread during its last call.
    private func checkStrays(depth: Int) {
        guard courier.hasStrays.load(ordering: .acquiring), summary.stoppedBy == nil else { return }
        let first = courier.firstStray.withLock { $0 } ?? "?"
        stop(.design("offThreadDelivery \(first)"), depth: depth)
    }

    /// A delivery the courier has checked: `receiver` is a member of this run.
    func deliver(_ message: Message, to receiver: Member, from sender: Member?, throughMediator: Bool) {
        guard summary.stoppedBy == nil else { return }
        // The courier has checked that the member is this run's; an index past the end is refused all the same.
        guard receiver.index < declarationOrder.count else { return fail(.other("unknownReceiver \(receiver.name)")) }
        guard summary.deliveries < limits.maxDeliveries else {
            return stop(.deliveryLimit(limit: limits.maxDeliveries, step: step, line: stepLine), depth: deliveryDepth)
        }
        summary.deliveries += 1
        let depth = deliveryDepth
        if throughMediator && relays { sink.emitRelay(receiver: receiver.name, depth: depth) }
        sink.emitDelivery(receiver: receiver.name, sender: sender?.name ?? "mediator", message: message, depth: depth)
        if budget.used.pointee > limits.maxOutputBytes { return overBudget(depth: depth) }
        let entry = declarationOrder[receiver.index]
        entry.received += 1
        if !countedMessages.isEmpty { count(message, for: entry) }
        guard !entry.receives.isEmpty else { return }
        let frame = Frame(reactor: receiver, sender: sender, message: message, bindings: [:])
        runReactions(entry.receives, for: frame, depth: depth + 1)
    }

    /// Counts a delivery of `message` to `entry` if an expectation counts such messages.
    private func count(_ message: Message, for entry: Entry) {
        let key: CountedMessage
        switch message {
        case .named(let name, _): key = .named(name)
        case .text(let text): key = .text(text)
        }
        if countedMessages.contains(key) { entry.messageCounts[key, default: 0] += 1 }
    }

    func fail(_ error: DeliveryError, throughMediator: Bool = false) {
        guard summary.stoppedBy == nil else { return }
        if throughMediator, relays, case .missingReceiver(let name) = error { sink.emitRelay(receiver: name, depth: deliveryDepth) }
        report(.delivery(error), depth: deliveryDepth)
    }

    /// Runs every reaction whose pattern matches, its body one level under its trigger.
    private func runReactions(_ groups: [[Reaction]], for frame: Frame, depth: Int) {
        for reaction in groups.joined() {
            guard summary.stoppedBy == nil else { return }
            guard let bindings = bind(reaction.pattern, to: frame.message) else { continue }
            var bound = frame
            bound.bindings = bindings
            for statement in reaction.body {
                guard summary.stoppedBy == nil else { return }
                run(statement, frame: bound, depth: depth)
            }
        }
    }

    private func run(_ statement: ReactionStatement, frame: Frame, depth: Int) {
        switch statement {
        case .send(let send):
            childCounters[childCounters.count - 1] += 1
            let number = childCounters[childCounters.count - 1]
            guard numberPath.count < limits.maxDepth else {
                return stop(.depthLimit(limit: limits.maxDepth, step: step, line: stepLine), depth: depth)
            }
            perform(send, frame: frame, number: number, depth: depth)
        case .set(let property, let value, _):
            let resolved = evaluate(value, frame: frame)
            declarationOrder[frame.reactor.index].properties[property.text] = resolved
            emit(.set(participant: frame.reactor.name, property: property.text, value: resolved, depth: depth))
        case .log(let log):
            emit(.log(text: interpolate(log, frame: frame), depth: depth))
        }
    }

    /// Binds a pattern's parameters by label, else by position; nil when it does not match.
    private func bind(_ pattern: Pattern, to message: Message) -> [String: Value]? {
        switch pattern {
        case .any:
            return [:]
        case .named(let name, let parameters, _):
            guard case .named(let messageName, let arguments) = message, messageName == name.text else { return nil }
            guard !parameters.isEmpty else { return [:] }
            // The first argument with each label, so that binding costs one pass over each list.
            var labelled: [String: Value] = [:]
            for argument in arguments {
                if let label = argument.label, labelled[label] == nil { labelled[label] = argument.value }
            }
            var bindings: [String: Value] = [:]
            for (position, parameter) in parameters.enumerated() {
                if let value = labelled[parameter.text] {
                    bindings[parameter.text] = value
                } else if position < arguments.count {
                    bindings[parameter.text] = arguments[position].value
                } else {
                    return nil
                }
            }
            return bindings
        }
    }

    // MARK: Values

    private func evaluate(_ message: MessageExpression, frame: Frame?) -> Message {
        switch message {
        case .text(let literal):
            return .text(literal.value)
        case .named(let name, let arguments, _):
            return .named(
                name.text,
                arguments.map { argument in
                    Message.Argument(
                        label: argument.label?.text,
                        value: evaluate(argument.value, frame: frame))
                })
        }
    }

    /// A value; a property never set is `.nothing`.
    private func evaluate(_ value: ValueExpression, frame: Frame?) -> Value {
        switch value {
        case .literal(let value, _): return value
        case .reference(let reference): return resolve(reference, frame: frame)
        }
    }

    private func resolve(_ reference: Reference, frame: Frame?) -> Value {
        switch reference {
        case .selfName: return frame.map { .string($0.reactor.name) } ?? .nothing
        case .sender: return frame.map { .string($0.sender?.name ?? "mediator") } ?? .nothing
        case .message: return frame.map { .string($0.message.interpolated) } ?? .nothing
        case .name(let name): return frame?.bindings[name.text] ?? .nothing
        case .property(let owner, let property, _):
            let ownerName: String?
            switch owner {
            case .selfName: ownerName = frame?.reactor.name
            case .participant(let name): ownerName = name.text
            }
            return ownerName.flatMap { entries[$0]?.properties[property.text] } ?? .nothing
        }
    }

    /// A `log` string with its interpolations filled in; a property never set reads `nothing`.
    private func interpolate(_ log: LogStatement, frame: Frame?) -> String {
        var text = ""
        for segment in log.segments {
            switch segment {
            case .text(let literal): text += literal
            case .interpolation(let reference): text += resolve(reference, frame: frame).interpolated
            }
        }
        return text
    }

    // MARK: Expectations

    /// Writes an expectation's line. Its condition either holds or gives the value it got; the
    /// line says `ok` when that is what the expectation meant (to hold under this run's design,
    /// or to fail under it: `expect … fails [under KIND, …]`), else `FAILED`.
    private func evaluate(_ expectation: Expectation) {
        let entry = entries[expectation.subject.text]
        let alive = entry?.object != nil
        let holds: Bool
        let got: String
        switch expectation.condition {
        case .property(let property, let comparison, let expected):
            let actual = entry?.properties[property.text] ?? .nothing
            holds = Self.compare(actual, comparison, evaluate(expected, frame: nil))
            got = actual.written
        case .received(let count, let message):
            let actual = message.map { entry?.messageCounts[Self.counted($0)] ?? 0 } ?? entry?.received ?? 0
            holds = actual == count
            got = String(actual)
        case .alive:
            holds = alive
            got = alive ? "alive" : "deallocated"
        case .deallocated:
            holds = !alive
            got = alive ? "alive" : "deallocated"
        }
        let meantToFail = expectation.intendedFailure?.applies(to: kind.rawValue) ?? false
        if holds == meantToFail {
            summary.failedExpectations += 1
            summary.expectationFailures.append(
                ExpectationFailure(range: expectation.range, text: expectation.text, got: got, heldButMeantToFail: holds))
        }
        emit(.expectation(text: expectation.text, got: holds && !meantToFail ? nil : got, intended: !holds && meantToFail))
    }

    /// Whether `actual OP expected` holds: `==` and `!=` on any values, the orderings on two
    /// numbers or two strings (by Unicode scalar values); an ordering of anything else does not hold.
    static func compare(_ actual: Value, _ comparison: Expectation.Comparison, _ expected: Value) -> Bool {
        switch comparison {
        case .equal: return actual == expected
        case .notEqual: return actual != expected
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (actual, expected) {
            case (.number(let left), .number(let right)):
                order = left < right ? -1 : left == right ? 0 : 1
            case (.string(let left), .string(let right)):
                if left.unicodeScalars.elementsEqual(right.unicodeScalars) {
                    order = 0
                } else {
                    order = left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars) ? -1 : 1
                }
            default:
                return false
            }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    // MARK: Reporting

    private func report(_ error: RunError, depth: Int) {
        summary.errors += 1
        emit(.error(error, depth: depth))
    }

    private func stop(_ error: RunError, depth: Int) {
        summary.stoppedBy = error
        summary.stoppedAt = stepRange
        report(error, depth: depth)
    }

    private func emit(_ event: TranscriptEvent) {
        sink.emit(event)
        if budget.used.pointee > limits.maxOutputBytes { overBudget(depth: event.depth) }
    }

    /// Stops the run once its output has passed the budget, unless it has stopped already or its
    /// steps are over.
    private func overBudget(depth: Int) {
        guard summary.stoppedBy == nil, !closing else { return }
        stop(.outputLimit(limit: limits.maxOutputBytes, step: step, line: stepLine), depth: depth)
    }
}

/// A weak reference to any object, to see whether it is still alive.
struct WeakObject {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
