public import MediateSyntax

/// A design of the Mediator pattern that scenarios run through: one of the four reference
/// designs, or your own mediator and colleague classes behind a small adapter.
///
/// A run makes one instance of the design for each mediator the scenario builds: at the first
/// step, and again at each run-time replacement (`mediator NAME` after the first step). The
/// instance builds your mediator, registers and unregisters colleagues, and carries each send
/// through your code. Whenever your code hands a message to a colleague, the adapter tells the
/// run through its ``Courier``; a send that your code cannot carry is reported with
/// ``Courier/fail(_:throughMediator:)`` and becomes a `!` line of the transcript.
///
/// Every call comes on the run's thread, one at a time. A synchronous design delivers before
/// each call returns; deliveries from another thread are refused (see ``Courier``). A design
/// whose code is asynchronous (an actor, tasks reading a stream) says so with
/// ``isAsynchronous``: see there.
///
/// When your colleague class takes its mediator in `init`, conform to ``MediatorFirstDesign``
/// instead: the run then builds your mediator before it makes the colleagues.
///
/// The objects you return from ``makeColleague(for:)`` and ``mediator`` are what the coupling
/// analysis walks: their stored properties, class names and field names appear in the coupling
/// and compare diagrams.
public protocol Design: AnyObject, SendableMetatype {
    /// The name scenarios and `--mediator` use, e.g. `chat-room`: words of letters, digits and
    /// `_`, joined by `-`.
    static var name: String { get }

    /// Makes the object that stands for `member` in your code (your colleague class), when the
    /// scenario declares it. The run holds it strongly until the scenario releases it.
    static func makeColleague(for member: Member) -> AnyObject

    /// Builds the mediator with the participants declared before the first step, in order.
    /// `courier` takes every delivery and error of this run.
    init(participants: [Registration], courier: Courier)

    /// Registers a participant that joins later, or says why the design refuses.
    func register(_ registration: Registration) -> DeliveryError?
    /// Unregisters a participant (`leave`), or says why the design refuses.
    func unregister(_ registration: Registration) -> DeliveryError?

    /// Carries a broadcast (`*`, or `* TYPE` when `type` is set) from `sender` through your code.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?)
    /// Carries a send from `sender` to the participant named `target` through your code.
    func send(_ message: Message, from sender: Origin, to target: String)

    /// The registered participants in the design's own order: a replacement registers them in
    /// this order with the new mediator.
    var registered: [Member] { get }
    /// Your mediator object, or nil when the design has none (like the mesh).
    var mediator: AnyObject? { get }

    /// Called once a run has recorded that `colleague`, made by this design, leaked: drop its
    /// strong links, so that a process running many scenarios (a test suite) frees the cycle.
    /// The default does nothing.
    static func forgetLinks(of colleague: AnyObject)

    /// Whether your code is asynchronous: an actor, `Task { }`, a stream's consumers. Then the
    /// run makes each call inside a task on its own scheduler, which runs every job your code
    /// creates one at a time on the run's thread, in a fixed order, with `Task.sleep` in virtual
    /// time; the call may return before it delivers, and deliveries may come from any of those
    /// tasks. A step ends once no job is left. Work that leaves the scheduler (a `DispatchQueue`,
    /// a `Thread`) stops the run with an error. The default is `false`.
    static var isAsynchronous: Bool { get }
}

extension Design {
    /// `false`: every call delivers before it returns.
    public static var isAsynchronous: Bool { false }

    /// Does nothing: the leaked cycle is left as it is.
    public static func forgetLinks(of colleague: AnyObject) {}
}

/// A participant as a design sees it: its name and type, and the run it belongs to.
///
/// Only a run makes members; a design keeps the ones it is given and hands them back to its
/// ``Courier`` when it delivers.
public struct Member: Hashable, Sendable {
    /// Everything a member holds, in one object that its copies share: designs hand members to
    /// the courier on every delivery, and a copy costs one retain rather than one for each
    /// string (an optional member is one pointer, passed in a register).
    @usableFromInline let identity: Identity

    /// The participant's name in the scenario.
    @inlinable public var name: String { identity.name }
    /// Its type, which reactions, `* TYPE` broadcasts and diagrams group by.
    @inlinable public var type: String { identity.type }
    /// The values its declaration gives its properties, by name: `participant Feed : Screen
    /// { likes = 3 }` gives `["likes": .number(3)]`. Build your colleague with them, so that its
    /// initial state is the scenario's. Empty when the declaration has no property block.
    public var properties: [String: Value] { identity.properties }
    /// Its 0-based position in declaration order, which the run checks on every delivery.
    var index: Int { identity.index }
    /// The number of the run that made it (``Courier``'s).
    var run: UInt64 { identity.run }

    init(name: String, type: String, index: Int, run: UInt64, properties: [String: Value] = [:]) {
        identity = Identity(name: name, type: type, index: index, run: run, properties: properties)
    }

    /// Whether a broadcast to `type` (`* TYPE`) reaches this participant; nil reaches everyone.
    @inlinable public func matches(type filter: String?) -> Bool {
        filter == nil || filter == type
    }

    /// Equal when they are the same participant of the same run: a run makes one member for
    /// each position, so its name and type follow.
    public static func == (left: Member, right: Member) -> Bool {
        left.run == right.run && left.index == right.index
    }

    /// Hashes the run and the position, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(run)
        hasher.combine(index)
    }

    @usableFromInline final class Identity: Sendable {
        @usableFromInline let name: String
        @usableFromInline let type: String
        let index: Int
        let run: UInt64
        let properties: [String: Value]

        init(name: String, type: String, index: Int, run: UInt64, properties: [String: Value]) {
            self.name = name
            self.type = type
            self.index = index
            self.run = run
            self.properties = properties
        }
    }
}

extension Member: CustomReflectable {
    /// Its name, type, index and run, as a struct of those fields would show them: `dump`, a
    /// debugger and the coupling analysis see no object inside a member.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "type": type, "index": index, "run": run], displayStyle: .struct)
    }
}

/// A participant to register: who it is, the object ``Design/makeColleague(for:)`` made for it,
/// and whether the scenario asked for it to be held weakly (`participant X weak`).
public struct Registration {
    /// The participant.
    public let member: Member
    /// The colleague object. After a run-time replacement it may have been made by another design;
    /// a design that cannot take it reports ``DeliveryError/foreignColleague(_:)``.
    public let colleague: AnyObject
    /// Whether the scenario declared it `weak`: hold the colleague weakly if the design can.
    public let weakly: Bool

    init(member: Member, colleague: AnyObject, weakly: Bool) {
        self.member = member
        self.colleague = colleague
        self.weakly = weakly
    }
}

/// Where a send comes from: the mediator itself (`mediator -> …`), or a participant, with its colleague object.
public enum Origin {
    /// The mediator itself: `mediator -> …`.
    case mediator
    /// A participant, with the colleague object made for it.
    case participant(Member, colleague: AnyObject)

    /// The sending participant, or nil for the mediator.
    public var member: Member? {
        if case .participant(let member, _) = self { return member }
        return nil
    }
}

/// An error a design reports instead of a delivery; the transcript writes it as a `!` line.
public enum DeliveryError: Hashable, Sendable {
    /// The mediator (or the sender's peers) holds no participant of that name.
    case missingReceiver(String)
    /// No mediator carries the send.
    case noMediator
    /// The design refuses the participant for a reason of its own, written `REASON NAME`
    /// (direct-delegate's `fixedColleagues NAME`). `reason` is one word.
    case refused(reason: String, name: String)
    /// The colleague object was made by another design, which this design cannot hold.
    case foreignColleague(String)
    /// The design's own error, written after `! ` as given: a word, then any detail.
    case other(String)

    /// `ERROR DETAIL`, as the transcript writes it after `! `.
    public var written: String {
        switch self {
        case .missingReceiver(let name): return "missingReceiver \(name)"
        case .noMediator: return "noMediator"
        case .refused(let reason, let name): return "\(reason) \(name)"
        case .foreignColleague(let name): return "foreignColleague \(name)"
        case .other(let text): return text
        }
    }

    /// The error's word and its detail, as JSON lines write them.
    public var parts: (error: String, detail: String?) {
        switch self {
        case .missingReceiver(let name): return ("missingReceiver", name)
        case .noMediator: return ("noMediator", nil)
        case .refused(let reason, let name): return (reason, name)
        case .foreignColleague(let name): return ("foreignColleague", name)
        case .other(let text):
            guard let space = text.firstIndex(of: " ") else { return (text, nil) }
            return (String(text[..<space]), String(text[text.index(after: space)...]))
        }
    }
}
