public import MediateSyntax
import Synchronization

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
        /// The `leave` that took it out of the mediator, once the design accepted it; and whether
        /// a `! missingReceiver` line for it has been noted in the summary.
        var leftAt: SourceRange?
        var missingNoted = false
        /// Reactions that apply to it, by trigger: those on its name, then those on its type (the
        /// groups are shared with every participant of the type, not copied).
        var receives: [ReactionGroup] = []
        var sends: [ReactionGroup] = []

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

    /// The message being handled by a reaction: who reacts (nil: the mediator), who sent (nil:
    /// the mediator), and bound parameters.
    private struct Frame {
        var reactor: Member?
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
    /// Whether ``countedMessages`` holds any: read on every delivery, where reading the set
    /// itself retained and released its storage.
    private let countsMessages: Bool
    private let kind: MediatorKind
    private let designs: DesignRegistry
    /// The design of the mediator in force: the scenario's, then each replacement's.
    private var design: any Design.Type
    private let limits: RunLimits
    /// The order an asynchronous design's jobs run in.
    private let schedule: SchedulePolicy
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
    /// A ``MediatorFirstDesign`` built for the colleagues declared before the first step.
    private var unstarted: (any MediatorFirstDesign)?
    private var mediatorSentinels: [WeakObject] = []
    /// The ids `roots()` gave the mediators, by their index in `mediatorSentinels`.
    private var mediatorIds: [Int: String] = [:]
    /// Counted on every delivery; unchecked for the same reason as `Entry.received`.
    @exclusivity(unchecked) private var summary = RunSummary()

    // The mediator as a party (language 1.1): its name, state and reactions. Kept by the run, not
    // by the design, so they survive replacements.
    /// What the transcript calls the mediator: `mediator`, or the name the scenario gives it.
    private let mediatorName: String
    /// Whether the scenario names its mediator: only then may a target's name be the mediator's.
    private let mediatorIsNamed: Bool
    /// The mediator's properties: its `{ … }` block, then what its reactions set.
    var mediatorProperties: [String: Value] = [:]
    /// Messages delivered to the mediator.
    private var mediatorReceived = 0
    /// Messages delivered to the mediator that an expectation counts (`received N MESSAGE`).
    private var mediatorMessageCounts: [CountedMessage: Int] = [:]
    /// The reactions on `mediator` and on its name, in the order written.
    private var mediatorReceives: [ReactionGroup] = []
    private var mediatorSends: [ReactionGroup] = []

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

    // An asynchronous design (``Design/isAsynchronous``): its calls run as tasks on `scheduler`,
    // and each top-level statement ends once no job of theirs is left.

    /// Whether the design in force is asynchronous; read on every delivery.
    private var asynchronous = false
    /// Runs the asynchronous designs' tasks; made for the first one.
    private var scheduler: Scheduler?
    /// Where deliveries from a task that carries no ``SendScope`` go: under the step's send.
    private var stepScope = SendScope(depth: 1, numberPath: [])
    /// How many jobs of an asynchronous design a step may run for each delivery it may make:
    /// past that, the design is taken to never finish.
    static let jobsPerDelivery = 16

    /// Prepares a run of `script` under the design `design`, titled `title`; a run-time
    /// replacement looks its design up in `designs`. Limits are clamped to what
    /// ``RunLimits/validated`` allows. A sink that counts what it writes into `budget` stops the
    /// run past ``RunLimits/maxOutputBytes``; without a budget nothing is counted. An asynchronous
    /// design's jobs run in the order `schedule` chooses.
    ///
    /// - Parameters:
    ///   - script: A checked script (`Frontend.load(_:designs:)`).
    ///   - title: The title the transcript's header names.
    ///   - design: The design the run starts under.
    ///   - designs: The designs a run-time replacement may name.
    ///   - limits: Where the run stops.
    ///   - schedule: The order of an asynchronous design's jobs.
    ///   - sink: What each event of the run goes to, in order.
    ///   - budget: The bytes written so far, shared with the sinks that count them.
    public init(
        script: Script, title: String, design: any Design.Type, designs: DesignRegistry, limits: RunLimits = RunLimits(),
        schedule: SchedulePolicy = .fixed, sink: any EventSink, budget: OutputBudget = OutputBudget()
    ) {
        self.schedule = schedule
        self.budget = budget
        self.relays = sink.takesRelays
        self.script = script
        self.title = title
        self.kind = MediatorKind(design.name)
        self.design = design
        asynchronous = design.isAsynchronous
        self.designs = designs
        self.limits = limits.validated
        self.sink = sink
        var counted: Set<CountedMessage> = []
        for case .expect(let expectation) in script.statements {
            guard case .received(_, let message?) = expectation.condition else { continue }
            counted.insert(Self.counted(message))
        }
        self.countedMessages = counted
        countsMessages = !counted.isEmpty
        let name = Self.mediatorName(of: script)
        mediatorName = name ?? "mediator"
        mediatorIsNamed = name != nil
    }

    /// The name a script gives its mediator (`mediator … as NAME` before the first step), if any.
    package static func mediatorName(of script: Script) -> String? {
        for statement in script.statements {
            if statement.isStep { break }
            if case .mediatorDeclaration(let declaration) = statement, let name = declaration.name { return name.text }
        }
        return nil
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
            if case .mediatorDeclaration(let declaration) = statement, let name = declaration.kind {
                kind = MediatorKind(name.text)
            }
        }
        return kind
    }

    /// The title a script gives itself, else `fallback` (the file name without `.scenario`).
    ///
    /// - Parameters:
    ///   - script: A parsed script.
    ///   - fallback: The title when it declares none.
    /// - Returns: The `scenario "…"` title, else `fallback`.
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
    ///
    /// - Returns: What the run did: its counts, its failed expectations, what leaked, and why it
    ///   stopped early, if it did.
    public func run() -> RunSummary {
        guard !hasRun else { return summary }
        hasRun = true
        let summary = onLargeStack(bytes: Self.stackBytes(forDepth: limits.maxDepth)) { runHere() }
        DesignPrints.drain(labelled: design.name)
        return summary
    }

    /// The stack a run of reaction chains up to `depth` sends deep needs: a base, and per send the
    /// frames of the interpreter, the design and the courier, measured at under 12 KiB in a debug
    /// build (about twice that under AddressSanitizer), with room to spare.
    static func stackBytes(forDepth depth: Int) -> Int {
        (16 << 20) + max(0, depth) * (32 << 10)
    }

    private func runHere() -> RunSummary {
        courier.open(for: self)
        declareMediator()
        emit(.scenario(title: title))
        emit(.mediator(kind: kind, replacement: false, name: mediatorIsNamed ? mediatorName : nil))
        var onMediator: [Reaction.Trigger: ReactionGroup] = [:]
        for statement in script.statements {
            guard case .reaction(let reaction) = statement else { continue }
            if !hasLifetimeReactions {
                hasLifetimeReactions = reaction.body.contains { statement in
                    switch statement {
                    case .leave, .release: return true
                    default: return false
                    }
                }
            }
            if reaction.fromHere != nil {
                hasReactionsFromHere = true
                continue
            }
            if isMediator(reaction.subject.text) {
                onMediator[reaction.trigger, default: ReactionGroup()].insert(reaction)
                continue
            }
            reactionsBySubject[reaction.subject.text, default: [:]][reaction.trigger, default: ReactionGroup()].insert(reaction)
        }
        mediatorReceives = onMediator[.receives].map { [$0] } ?? []
        mediatorSends = onMediator[.sends].map { [$0] } ?? []
        for statement in script.statements {
            if summary.stoppedBy != nil { break }
            execute(statement)
            if scheduler != nil {
                settle()
                // What the step's tasks let go of (a participant that left) may be gone now.
                reportDeallocations()
            }
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
        // What letting go woke (a stream's reader, its stream finished as its bus went) runs to its
        // end: the scheduler goes with the run, and a job it still held would never run, leaving
        // its task suspended for ever. Nothing is written; a delivery made here is late.
        _ = scheduler?.runUntilQuiescent(jobBudget: 10_000)
        summary.scheduleChoices = scheduler?.choices ?? []
        // After the reclaim too: a leaked colleague freed there may deliver from its deinit.
        summary.lateDeliveries = courier.late
        return summary
    }

    /// Takes the mediator's properties from the scenario's `mediator … { … }`.
    private func declareMediator() {
        for statement in script.statements {
            if statement.isStep { break }
            guard case .mediatorDeclaration(let declaration) = statement else { continue }
            for property in declaration.properties {
                if case .literal(let value, _) = property.value { mediatorProperties[property.name.text] = value }
            }
        }
    }

    /// Every reaction of the script in force by its subject (a participant or a type) and
    /// trigger, in the order written: those without `from here`, and those with it that the run
    /// has reached.
    private var reactionsBySubject: [String: [Reaction.Trigger: ReactionGroup]] = [:]
    /// Whether the script has reactions `from here`, which apply once the run reaches them.
    private var hasReactionsFromHere = false
    /// Whether a reaction's body may `leave` or `release`: a participant released in a reaction
    /// may go when the step that released it is over.
    private var hasLifetimeReactions = false

    /// Puts a reaction `from here` in force now that the run has reached it: into its group, in
    /// the order written (see ``ReactionGroup/insert(_:)``), and into the lists of every
    /// participant it applies to.
    private func activate(_ reaction: Reaction) {
        if isMediator(reaction.subject.text) {
            var group = (reaction.trigger == .receives ? mediatorReceives : mediatorSends).first ?? ReactionGroup()
            // Let go of the stored group, so that the insertion does not copy it.
            if reaction.trigger == .receives { mediatorReceives = [] } else { mediatorSends = [] }
            group.insert(reaction)
            if reaction.trigger == .receives { mediatorReceives = [group] } else { mediatorSends = [group] }
            return
        }
        let entries = entriesBySubject[reaction.subject.text] ?? []
        // The entries share the group's storage: without them, the insertion does not copy it.
        for entry in entries {
            entry.receives = []
            entry.sends = []
        }
        reactionsBySubject[reaction.subject.text, default: [:]][reaction.trigger, default: ReactionGroup()].insert(reaction)
        for entry in entries {
            entry.receives = reactions(for: entry.declaration, trigger: .receives)
            entry.sends = reactions(for: entry.declaration, trigger: .sends)
        }
    }

    /// The participants declared so far by their names and by their types, kept only when the
    /// script has reactions `from here`.
    private var entriesBySubject: [String: [Entry]] = [:]

    // MARK: Statements

    private func execute(_ statement: Statement) {
        if statement.isStep {
            start()
            step += 1
            stepLine = statement.range.lowerBound.line
            stepRange = statement.range
        }
        switch statement {
        case .scenario, .language, .mediatorDeclaration:
            break
        case .reaction(let reaction):
            if reaction.fromHere != nil { activate(reaction) }
        case .mediator(let name, _):
            if mediation != nil, let newDesign = designs.design(MediatorKind(name.text)) { replaceMediator(with: newDesign) }
        case .participant(let declaration):
            declare(declaration)
        case .send(let send):
            guard let message = evaluate(send.message, frame: nil, depth: 0) else { break }
            topLevelSends += 1
            perform(send, message: message, frame: nil, number: topLevelSends, depth: 0)
            // A participant a reaction released may go once the calls that held it return.
            if hasLifetimeReactions { reportDeallocations() }
        case .together(let together):
            perform(together)
        case .set(let assignment):
            assign(assignment, frame: nil, depth: 0)
        case .leave(let name, let range):
            emit(.leave(name: name.text, depth: 0))
            if let entry = entries[name.text], let object = entry.object, let mediation {
                atStep {
                    let error = mediation.unregister(
                        Registration(member: entry.member, colleague: object, weakly: entry.declaration.isWeak))
                    if error == nil { entry.leftAt = range }
                    return error
                }
            }
            reportDeallocations()
        case .release(let name, _):
            emit(.release(name: name.text, depth: 0))
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

    /// Runs a `together` block (language 1.2): each send as a top-level send does, one level
    /// deeper, without settling in between. Under an asynchronous design each send's call is a
    /// task of its own on the scheduler (see ``perform(_:message:frame:number:depth:)``), so the
    /// tasks start together and their jobs interleave as the schedule chooses when the step
    /// settles; a synchronous design delivers each send before the next starts, in written order.
    private func perform(_ together: Together) {
        emit(.together(kind: MediatorKind(design.name), synchronous: !asynchronous))
        for send in together.sends where summary.stoppedBy == nil {
            guard let message = evaluate(send.message, frame: nil, depth: 1) else { continue }
            topLevelSends += 1
            perform(send, message: message, frame: nil, number: topLevelSends, depth: 1)
            if hasLifetimeReactions { reportDeallocations() }
        }
    }

    /// Builds the scenario's mediator at its first step, with every participant declared so far.
    private func start() {
        guard mediation == nil else { return }
        let design = design
        let participants = pending
        pending = []
        atStep {
            let built =
                self.unstarted.map { $0.registering(participants, courier: self.courier) }
                ?? design.init(participants: participants, courier: self.courier)
            self.unstarted = nil
            self.track(built)
            self.mediation = built
            return nil
        }
        // An asynchronous design is built before the step goes on.
        settle()
    }

    /// Makes one of a step's calls into the design (building it, a join, a `leave`): what it
    /// delivers and the error it returns go one level under the step, and a delivery it made
    /// from another thread stops the run once it returns. An asynchronous design's call is
    /// a task that runs when the step settles.
    private func atStep(_ call: @escaping () -> DeliveryError?) {
        callDesign(SendScope(depth: 1, numberPath: stepScope.numberPath)) {
            self.deliveryDepth = 1
            if let error = call() { self.report(.delivery(error), depth: 1) }
            self.checkStrays(depth: 1)
        }
    }

    /// Calls the design now, or, when it is asynchronous, starts a task on the run's scheduler
    /// that makes the call with `scope` bound (see ``SendScope``).
    private func callDesign(_ scope: @autoclosure () -> SendScope, _ call: @escaping () -> Void) {
        guard asynchronous else { return call() }
        let scheduler = self.scheduler ?? makeScheduler()
        let task = RunThreadBox(value: (scope: scope(), call: call))
        scheduler.start { SendScope.$current.withValue(task.value.scope) { task.value.call() } }
    }

    private func makeScheduler() -> Scheduler {
        let made = Scheduler(policy: schedule)
        scheduler = made
        return made
    }

    /// Runs the asynchronous design's tasks until no job is left: the end of a step. A design
    /// whose jobs never end, or whose work left the scheduler, stops the run. Without a
    /// scheduler (no asynchronous design has run) there is nothing to do.
    private func settle() {
        guard let scheduler else { return }
        let allowed = max(limits.maxDeliveries, 1) &* Self.jobsPerDelivery
        var ran = 0
        while summary.stoppedBy == nil {
            let outcome = scheduler.runUntilQuiescent(jobBudget: min(10_000, allowed - ran))
            guard summary.stoppedBy == nil else { return }
            switch outcome {
            case .quiescent, .timersPending:
                return
            case .budgetExhausted(let jobs):
                ran += jobs
                if ran >= allowed { return stop(.design("neverQuiescent \(design.name): \(ran) jobs ran in this step"), depth: 1) }
            case .stalled, .escaped:
                return stop(.design("escapedWork \(design.name): \(outcome)"), depth: 1)
            }
        }
    }

    private func declare(_ declaration: ParticipantDeclaration) {
        var properties: [String: Value] = [:]
        for property in declaration.properties {
            if case .literal(let value, _) = property.value { properties[property.name.text] = value }
        }
        let member = Member(
            name: declaration.name.text, type: declaration.typeName, index: declarationOrder.count,
            run: courier.run, properties: properties)
        let object = makeColleague(for: member)
        let entry = Entry(declaration, member: member, maker: design, object: object)
        entry.properties = properties
        entry.receives = reactions(for: declaration, trigger: .receives)
        entry.sends = reactions(for: declaration, trigger: .sends)
        entries[declaration.name.text] = entry
        declarationOrder.append(entry)
        if hasReactionsFromHere {
            entriesBySubject[declaration.name.text, default: []].append(entry)
            entriesBySubject[declaration.typeName, default: []].append(entry)
        }
        emit(.participant(name: member.name, type: member.type, weak: declaration.isWeak))
        let registration = Registration(member: member, colleague: object, weakly: declaration.isWeak)
        if let mediation {
            atStep { mediation.register(registration) }
        } else {
            pending.append(registration)
        }
    }

    /// The colleague for `member`: made by the design's type, or by the design itself when its
    /// colleagues take its mediator (built now when the run has none yet).
    private func makeColleague(for member: Member) -> AnyObject {
        guard let maker = design as? any MediatorFirstDesign.Type else { return design.makeColleague(for: member) }
        if let built = (mediation ?? unstarted) as? any MediatorFirstDesign { return built.newColleague(for: member) }
        let built = maker.init(courier: courier)
        unstarted = built
        return built.newColleague(for: member)
    }

    /// Reactions on the participant's name, then on its type, each group in the order written.
    private func reactions(for declaration: ParticipantDeclaration, trigger: Reaction.Trigger) -> [ReactionGroup] {
        [declaration.name.text, declaration.typeName].compactMap { reactionsBySubject[$0]?[trigger] }
    }

    /// A new mediator of `newDesign` takes over every registered participant, in the old order.
    private func replaceMediator(with newDesign: any Design.Type) {
        DesignPrints.drain(labelled: design.name)
        emit(.mediator(kind: MediatorKind(newDesign.name), replacement: true))
        // In a scope of its own: the registrations hold the colleagues strongly, and must be gone
        // before the deallocations are looked for.
        do {
            let registrations = (mediation?.registered ?? []).compactMap { member -> Registration? in
                guard let entry = ownEntry(member), let object = entry.object else { return nil }
                return Registration(member: entry.member, colleague: object, weakly: entry.declaration.isWeak)
            }
            design = newDesign
            asynchronous = newDesign.isAsynchronous
            atStep {
                let replacement = newDesign.init(participants: registrations, courier: self.courier)
                self.track(replacement)
                self.mediation = replacement
                return nil
            }
            settle()
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

    /// Writes `NAME deallocated`, at `depth`, for every released participant that has just gone.
    private func reportDeallocations(depth: Int = 1) {
        for entry in declarationOrder where entry.awaitingDeallocation && entry.sentinel == nil {
            entry.awaitingDeallocation = false
            emit(.lifetime(name: entry.declaration.name.text, deallocated: true, depth: depth))
        }
    }

    /// The participants still alive in declaration order, then the current mediator, then any
    /// earlier mediator still alive (`mediator 2`, `mediator 3` … in order of creation). A named
    /// mediator's ids carry its name, as the transcript does (`Tower`, `Tower 2` …).
    private func roots() -> [ReferenceRoot] {
        var roots = declarationOrder.compactMap { entry in
            entry.object.map { ReferenceRoot(id: entry.declaration.name.text, role: .participant, object: $0) }
        }
        let current = mediation?.mediator
        if let current { roots.append(ReferenceRoot(id: mediatorName, role: .mediator, object: current)) }
        var number = 1
        for (index, sentinel) in mediatorSentinels.enumerated() {
            guard let object = sentinel.object else { continue }
            if object === current {
                mediatorIds[index] = mediatorName
                continue
            }
            number += 1
            mediatorIds[index] = "\(mediatorName) \(number)"
            roots.append(ReferenceRoot(id: "\(mediatorName) \(number)", role: .mediator, object: object))
        }
        return roots
    }

    /// Drops every participant, then the mediator, and names what is still alive.
    private func releaseEverything() {
        for entry in declarationOrder { entry.letGo() }
        mediation = nil
        unstarted = nil
        pending = []
        let participants = declarationOrder.filter { $0.sentinel != nil }.map(\.declaration.name.text)
        let mediators = mediatorSentinels.indices.filter { mediatorSentinels[$0].object != nil }
        summary.leaked = participants + (mediators.isEmpty ? [] : [mediatorName])
        summary.leakedObjects = participants + mediators.map { mediatorIds[$0] ?? mediatorName }
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
    private func perform(_ send: Send, message: Message, frame: Frame?, number: Int, depth: Int) {
        // The sending entry and its object.
        let sender: (entry: Entry, object: AnyObject)?
        // Whether the send is written as the mediator's: its `sends` reactions run.
        var fromMediator = false
        // A participant that a reaction released and that is gone (language 1.1; 1.0's checker
        // refuses a released sender): its send is written, and refused.
        var gone: String?
        switch send.sender {
        case .participant(let name):
            sender = entries[name.text].flatMap { entry in entry.object.map { (entry, $0) } }
            fromMediator = sender == nil && mediatorIsNamed && name.text == mediatorName
            if sender == nil, entries[name.text] != nil { gone = name.text }
        case .selfName:
            sender = frame.flatMap { frame in
                guard let reactor = frame.reactor else { return nil }
                let entry = declarationOrder[reactor.index]
                return entry.object.map { (entry, $0) }
            }
            fromMediator = frame.map { $0.reactor == nil } ?? false
        case .mediator:
            sender = nil
            fromMediator = true
        }
        let senderName = sender?.entry.member.name ?? gone ?? mediatorName
        let targetText: String
        var names: [String] = []
        switch send.targets {
        case .everyone: targetText = "*"
        case .type(let type, _): targetText = "* \(type.text)"
        case .names(let targets):
            names = targets.map { target in
                switch target {
                case .participant(let name): return name.text
                case .sender: return frame?.sender?.name ?? mediatorName
                case .mediator: return mediatorName
                case .type(let type, _): return "* \(type.text)"
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
        if let gone { return report(.delivery(.other("deallocatedSender \(gone)")), depth: depth + 1) }
        if let sender {
            let sendsFrame = Frame(reactor: sender.entry.member, sender: sender.entry.member, message: message, bindings: [:])
            runReactions(sender.entry.sends, for: sendsFrame, depth: depth + 1)
        } else if fromMediator, !mediatorSends.isEmpty, mediation?.mediator != nil {
            let sendsFrame = Frame(reactor: nil, sender: nil, message: message, bindings: [:])
            runReactions(mediatorSends, for: sendsFrame, depth: depth + 1)
        }
        guard summary.stoppedBy == nil, let mediation else { return }
        let from: Origin = sender.map { .participant($0.entry.member, colleague: $0.object) } ?? .mediator
        guard asynchronous else {
            return carry(send, message, from: from, names: names, through: mediation, depth: depth)
        }
        // The design's call returns before it delivers: its deliveries come in as the step
        // settles, each written under this send (see ``SendScope``).
        let scope = SendScope(depth: depth + 1, numberPath: numberPath)
        if frame == nil { stepScope = scope }
        callDesign(scope) {
            self.inScope { self.carry(send, message, from: from, names: names, through: mediation, depth: depth) }
        }
    }

    /// Hands a send to the design: its broadcast, or its send to each target in turn.
    private func carry(_ send: Send, _ message: Message, from: Origin, names: [String], through mediation: any Design, depth: Int) {
        deliveryDepth = depth + 1
        switch send.targets {
        case .everyone, .type:
            var type: String? = nil
            if case .type(let name, _) = send.targets { type = name.text }
            mediation.broadcast(message, from: from, toType: type)
        case .names(let targets):
            for (target, name) in zip(targets, names) where summary.stoppedBy == nil {
                switch target {
                case .participant(let written) where mediatorIsNamed && written.text == mediatorName:
                    deliverToMediator(message, from: from.member, through: mediation, depth: depth + 1)
                case .participant, .sender:
                    mediation.send(message, from: from, to: name)
                case .mediator:
                    deliverToMediator(message, from: from.member, through: mediation, depth: depth + 1)
                case .type(let type, _):
                    mediation.broadcast(message, from: from, toType: type.text)
                }
            }
        }
        checkStrays(depth: depth + 1)
    }

    /// A send to the mediator itself (language 1.1): delivered when the design in force has a
    /// mediator object, and handled by the mediator's `receives` reactions, which the scenario
    /// scripts (the design's code never sees the message); `! noMediator` without one.
    private func deliverToMediator(_ message: Message, from sender: Member?, through mediation: any Design, depth: Int) {
        guard mediation.mediator != nil else { return report(.delivery(.noMediator), depth: depth) }
        guard summary.deliveries < limits.maxDeliveries else {
            return stop(.deliveryLimit(limit: limits.maxDeliveries, step: step, line: stepLine), depth: depth)
        }
        summary.deliveries += 1
        mediatorReceived += 1
        if countsMessages { count(message, into: &mediatorMessageCounts) }
        deliveryDepth = depth
        sink.emitDelivery(receiver: mediatorName, sender: sender?.name ?? mediatorName, message: message, depth: depth)
        if budget.used.pointee > limits.maxOutputBytes { return overBudget(depth: depth) }
        guard !mediatorReceives.isEmpty else { return }
        let frame = Frame(reactor: nil, sender: sender, message: message, bindings: [:])
        runReactions(mediatorReceives, for: frame, depth: depth + 1)
        deliveryDepth = depth
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
        if asynchronous {
            return inScope { deliverHere(message, to: receiver, from: sender, throughMediator: throughMediator) }
        }
        deliverHere(message, to: receiver, from: sender, throughMediator: throughMediator)
    }

    /// Runs `body` as a delivery under the send of the running task's ``SendScope``: at its
    /// depth, its reactions' sends numbered after it.
    private func inScope(_ body: () -> Void) {
        let scope = SendScope.current ?? stepScope
        if activeScope === scope { return body() }
        let saved = (deliveryDepth, numberPath, activeScope)
        deliveryDepth = scope.depth
        numberPath = scope.numberPath
        childCounters.append(scope.children)
        activeScope = scope
        body()
        scope.children = childCounters.removeLast()
        (deliveryDepth, numberPath, activeScope) = saved
    }

    /// The scope ``inScope(_:)`` is running a body in, if any.
    private var activeScope: SendScope?

    @inline(__always)
    private func deliverHere(_ message: Message, to receiver: Member, from sender: Member?, throughMediator: Bool) {
        // The courier has checked that the member is this run's; an index past the end is refused all the same.
        guard receiver.index < declarationOrder.count else { return fail(.other("unknownReceiver \(receiver.name)")) }
        guard summary.deliveries < limits.maxDeliveries else {
            return stop(.deliveryLimit(limit: limits.maxDeliveries, step: step, line: stepLine), depth: deliveryDepth)
        }
        summary.deliveries += 1
        let depth = deliveryDepth
        if throughMediator && relays { sink.emitRelay(receiver: receiver.name, depth: depth) }
        // Branched rather than `sender?.name ?? mediatorName`, which retained the stored name on
        // every delivery (measured with callgrind: 28 instructions a delivery).
        if let name = sender?.name {
            sink.emitDelivery(receiver: receiver.name, sender: name, message: message, depth: depth)
        } else {
            sink.emitDelivery(receiver: receiver.name, sender: mediatorName, message: message, depth: depth)
        }
        if budget.used.pointee > limits.maxOutputBytes { return overBudget(depth: depth) }
        // Counted before the entry is read: a call between reading it and using it made the entry
        // be retained on every delivery.
        if countsMessages { count(message, forEntryAt: receiver.index) }
        let entry = declarationOrder[receiver.index]
        entry.received += 1
        guard !entry.receives.isEmpty else { return }
        let frame = Frame(reactor: receiver, sender: sender, message: message, bindings: [:])
        runReactions(entry.receives, for: frame, depth: depth + 1)
    }

    /// Counts a delivery of `message` to `entry` if an expectation counts such messages.
    private func count(_ message: Message, forEntryAt index: Int) {
        count(message, into: &declarationOrder[index].messageCounts)
    }

    /// Adds a delivery of `message` to `counts` if an expectation counts such messages.
    private func count(_ message: Message, into counts: inout [CountedMessage: Int]) {
        let key: CountedMessage
        switch message {
        case .named(let name, _): key = .named(name)
        case .text(let text): key = .text(text)
        }
        if countedMessages.contains(key) { counts[key, default: 0] += 1 }
    }

    func fail(_ error: DeliveryError, throughMediator: Bool = false) {
        guard summary.stoppedBy == nil else { return }
        if asynchronous { return inScope { failHere(error, throughMediator: throughMediator) } }
        failHere(error, throughMediator: throughMediator)
    }

    private func failHere(_ error: DeliveryError, throughMediator: Bool) {
        if throughMediator, relays, case .missingReceiver(let name) = error { sink.emitRelay(receiver: name, depth: deliveryDepth) }
        if case .missingReceiver(let name) = error, let entry = entries[name], let leftAt = entry.leftAt, !entry.missingNoted {
            entry.missingNoted = true
            summary.missingAfterLeave.append(MissingAfterLeave(name: name, range: sendRange(naming: name), leftAt: leftAt))
        }
        report(.delivery(error), depth: deliveryDepth)
    }

    /// Where the current step names `name` as a target of its own send, else the step.
    private func sendRange(naming name: String) -> SourceRange {
        let sends: [Send]
        switch script.statements.first(where: { $0.range == stepRange }) {
        case .send(let send) where deliveryDepth == 1: sends = [send]
        case .together(let together) where deliveryDepth == 2: sends = together.sends
        default: sends = []
        }
        for case .names(let targets) in sends.map(\.targets) {
            for case .participant(let target) in targets where target.text == name { return target.range }
        }
        return stepRange ?? script.range
    }

    /// Runs every reaction whose pattern matches, its body one level under its trigger. Each
    /// reaction tested (one whose pattern can match: see ``ReactionGroup``) counts towards
    /// ``RunLimits/maxReactions``.
    private func runReactions(_ groups: [ReactionGroup], for frame: Frame, depth: Int) {
        for group in groups {
            for reaction in group.candidates(for: frame.message) {
                guard summary.stoppedBy == nil else { return }
                guard summary.reactionsTested < limits.maxReactions else {
                    return stop(.reactionLimit(limit: limits.maxReactions, step: step, line: stepLine), depth: depth)
                }
                summary.reactionsTested += 1
                run(reaction, frame: frame, depth: depth)
            }
        }
    }

    /// Runs `reaction` if its pattern matches the frame's message and its guard holds.
    private func run(_ reaction: Reaction, frame: Frame, depth: Int) {
        guard let bindings = bind(reaction.pattern, to: frame.message) else { return }
        var bound = frame
        bound.bindings = bindings
        var bodyDepth = depth
        if let condition = reaction.condition {
            guard holds(condition, frame: bound, depth: depth) else { return }
            bodyDepth = depth + 1
        }
        for statement in reaction.body {
            guard summary.stoppedBy == nil else { return }
            run(statement, frame: bound, depth: bodyDepth)
        }
    }

    private func run(_ statement: ReactionStatement, frame: Frame, depth: Int) {
        switch statement {
        case .send(let send):
            guard numberPath.count < limits.maxDepth else {
                return stop(.depthLimit(limit: limits.maxDepth, step: step, line: stepLine), depth: depth)
            }
            guard let message = evaluate(send.message, frame: frame, depth: depth) else { return }
            childCounters[childCounters.count - 1] += 1
            let number = childCounters[childCounters.count - 1]
            perform(send, message: message, frame: frame, number: number, depth: depth)
        case .set(let assignment):
            assign(assignment, frame: frame, depth: depth)
        case .log(let log):
            emit(.log(text: interpolate(log, frame: frame), depth: depth))
        case .leave(let party, let range):
            guard let entry = participant(party, frame: frame, depth: depth) else { return }
            emit(.leave(name: entry.declaration.name.text, depth: depth))
            if let object = entry.object, let mediation {
                let savedDepth = deliveryDepth
                let registration = Registration(member: entry.member, colleague: object, weakly: entry.declaration.isWeak)
                callDesign(SendScope(depth: depth + 1, numberPath: numberPath)) {
                    self.deliveryDepth = depth + 1
                    if let error = mediation.unregister(registration) {
                        self.report(.delivery(error), depth: depth + 1)
                    } else {
                        entry.leftAt = range
                    }
                    self.checkStrays(depth: depth + 1)
                }
                deliveryDepth = savedDepth
            }
            reportDeallocations(depth: depth + 1)
        case .release(let party, _):
            guard let entry = participant(party, frame: frame, depth: depth) else { return }
            emit(.release(name: entry.declaration.name.text, depth: depth))
            entry.letGo()
            entry.awaitingDeallocation = entry.sentinel != nil
            emit(.lifetime(name: entry.declaration.name.text, deallocated: entry.sentinel == nil, depth: depth + 1))
            reportDeallocations(depth: depth + 1)
        }
    }

    /// The participant a reaction's `leave` or `release` names, or nil after writing
    /// `! unknownParticipant VALUE` at `depth`: the mediator, a parameter that holds no
    /// participant's name, a participant not declared yet.
    private func participant(_ party: PartyReference, frame: Frame, depth: Int) -> Entry? {
        let unknown: String
        switch party {
        case .selfName:
            if let reactor = frame.reactor { return declarationOrder[reactor.index] }
            unknown = mediatorName
        case .sender:
            if let sender = frame.sender, let entry = ownEntry(sender) { return entry }
            unknown = frame.sender?.name ?? mediatorName
        case .name(let name):
            if let value = frame.bindings[name.text] {
                if case .string(let text) = value, let entry = entries[text] { return entry }
                unknown = value.written
            } else {
                if let entry = entries[name.text] { return entry }
                unknown = name.text
            }
        }
        report(.delivery(.other("unknownParticipant \(unknown)")), depth: depth)
        return nil
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
                switch parameter {
                case .binding(let parameter):
                    if let value = labelled[parameter.text] {
                        bindings[parameter.text] = value
                    } else if position < arguments.count {
                        bindings[parameter.text] = arguments[position].value
                    } else {
                        return nil
                    }
                case .literal(let label, let expected, _, _):
                    // The argument with the label, else the one at the literal's position.
                    let actual = label.flatMap { labelled[$0.text] } ?? (position < arguments.count ? arguments[position].value : nil)
                    guard actual == expected else { return nil }
                }
            }
            return bindings
        }
    }

    /// Whether a reaction's guard holds: `if …` is written when it does; an error is written at
    /// `depth`, and the guard does not hold.
    private func holds(_ condition: Guard, frame: Frame, depth: Int) -> Bool {
        let value: Value
        do {
            value = try evaluate(condition.expression, frame: frame)
        } catch {
            report(.evaluation(error), depth: depth)
            return false
        }
        guard case .bool(let holds) = value else {
            report(.evaluation(.notABoolean(value)), depth: depth)
            return false
        }
        if holds { emit(.guardPassed(text: condition.text, depth: depth)) }
        return holds
    }

    /// `set [OWNER.]PROP = VALUE`: the value, then the property and the `set` line; an error line
    /// instead when the value cannot be evaluated or the participant is not declared yet.
    private func assign(_ assignment: Assignment, frame: Frame?, depth: Int) {
        let value: Value
        do {
            value = try evaluate(assignment.value, frame: frame)
        } catch {
            return report(.evaluation(error), depth: depth)
        }
        let property = assignment.property.text
        let owner: String
        switch assignment.owner {
        case nil, .selfName:
            // The checker allows these only in a reaction.
            guard let frame else { return }
            if let reactor = frame.reactor {
                owner = reactor.name
                declarationOrder[reactor.index].properties[property] = value
            } else {
                owner = mediatorName
                mediatorProperties[property] = value
            }
        case .participant(let name) where mediatorIsNamed && name.text == mediatorName:
            owner = mediatorName
            mediatorProperties[property] = value
        case .participant(let name):
            guard let entry = entries[name.text] else {
                return report(.delivery(.other("unknownParticipant \(name.text)")), depth: depth)
            }
            owner = name.text
            entry.properties[property] = value
        case .mediator:
            owner = mediatorName
            mediatorProperties[property] = value
        }
        emit(.set(participant: owner, property: property, value: value, depth: depth))
    }

    // MARK: Values

    /// The message a send carries, or nil when an argument cannot be evaluated: its error is then
    /// written at `depth`, and nothing is sent.
    private func evaluate(_ message: MessageExpression, frame: Frame?, depth: Int) -> Message? {
        switch message {
        case .text(let literal):
            return .text(literal.value)
        case .named(let name, let arguments, _):
            do {
                return .named(
                    name.text,
                    try arguments.map { (argument) throws(EvaluationError) in
                        Message.Argument(
                            label: argument.label?.text,
                            value: try evaluate(argument.value, frame: frame))
                    })
            } catch {
                report(.evaluation(error), depth: depth)
                return nil
            }
        }
    }

    /// A value; a property never set is `.nothing`. An expression is evaluated left to right,
    /// `and` and `or` short-circuiting.
    private func evaluate(_ value: ValueExpression, frame: Frame?) throws(EvaluationError) -> Value {
        switch value {
        case .literal(let value, _): return value
        case .reference(let reference): return resolve(reference, frame: frame)
        case .unary(.negate, let operand, _): return try Arithmetic.negate(evaluate(operand, frame: frame))
        case .unary(.not, let operand, _):
            let operand = try evaluate(operand, frame: frame)
            guard case .bool(let flag) = operand else { throw .notABoolean(operand) }
            return .bool(!flag)
        case .binary(let op, let left, let right, _):
            let left = try evaluate(left, frame: frame)
            if op == .and || op == .or {
                guard case .bool(let flag) = left else { throw .notABoolean(left) }
                if flag == (op == .or) { return left }
            }
            return try Arithmetic.apply(op, left, evaluate(right, frame: frame))
        }
    }

    private func resolve(_ reference: Reference, frame: Frame?) -> Value {
        switch reference {
        case .selfName: return frame.map { .string($0.reactor?.name ?? mediatorName) } ?? .nothing
        case .sender: return frame.map { .string($0.sender?.name ?? mediatorName) } ?? .nothing
        case .message: return frame.map { .string($0.message.interpolated) } ?? .nothing
        case .name(let name): return frame?.bindings[name.text] ?? .nothing
        case .property(let owner, let property, _):
            let ownerName: String?
            switch owner {
            case .selfName:
                guard let frame else { return .nothing }
                ownerName = frame.reactor?.name ?? mediatorName
            case .participant(let name): ownerName = name.text
            case .mediator: return mediatorProperties[property.text] ?? .nothing
            }
            guard let ownerName else { return .nothing }
            if let entry = entries[ownerName] { return entry.properties[property.text] ?? .nothing }
            return ownerName == mediatorName ? mediatorProperties[property.text] ?? .nothing : .nothing
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
        let onMediator = isMediator(expectation.subject.text)
        let entry = onMediator ? nil : entries[expectation.subject.text]
        let alive = entry?.object != nil
        let holds: Bool
        let got: String
        switch expectation.condition {
        case .property(let property, let comparison, let expected):
            let actual = (onMediator ? mediatorProperties[property.text] : entry?.properties[property.text]) ?? .nothing
            do {
                holds = Self.compare(actual, comparison, try evaluate(expected, frame: nil))
            } catch {
                // The right side cannot be evaluated: its `!` line, and the expectation fails.
                report(.evaluation(error), depth: 0)
                holds = false
            }
            got = actual.written
        case .received(let count, let message):
            let counts = onMediator ? mediatorMessageCounts : entry?.messageCounts ?? [:]
            let total = onMediator ? mediatorReceived : entry?.received ?? 0
            let actual = message.map { counts[Self.counted($0)] ?? 0 } ?? total
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

    /// Whether `actual OP expected` holds, as the same comparison in an expression decides; an
    /// ordering of values that are not two numbers or two strings does not hold.
    static func compare(_ actual: Value, _ comparison: Expectation.Comparison, _ expected: Value) -> Bool {
        guard let op = BinaryOperator(rawValue: comparison.rawValue) else { return false }
        return (try? Arithmetic.apply(op, actual, expected)) == .bool(true)
    }

    /// Whether a subject written `name` is the mediator: `mediator`, or its name.
    private func isMediator(_ name: String) -> Bool {
        name == "mediator" || (mediatorIsNamed && name == mediatorName)
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
