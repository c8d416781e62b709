import MediateSyntax

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
    ///
    /// - Parameter member: The participant: its name, type and properties.
    /// - Returns: Your colleague object.
    static func makeColleague(for member: Member) -> AnyObject

    /// Builds the mediator with the participants declared before the first step, in order.
    /// `courier` takes every delivery and error of this run.
    ///
    /// - Parameters:
    ///   - participants: The participants to register, in declaration order.
    ///   - courier: Where your code reports each delivery and failure.
    init(participants: [Registration], courier: Courier)

    /// Registers a participant that joins later, or says why the design refuses.
    ///
    /// - Parameter registration: The participant and the colleague object made for it.
    /// - Returns: Nil when it is registered, else why not.
    func register(_ registration: Registration) -> DeliveryError?
    /// Unregisters a participant (`leave`), or says why the design refuses.
    ///
    /// - Parameter registration: The participant and its colleague object.
    /// - Returns: Nil when it is unregistered, else why not.
    func unregister(_ registration: Registration) -> DeliveryError?

    /// Carries a broadcast (`*`, or `* TYPE` when `type` is set) from `sender` through your code.
    ///
    /// - Parameters:
    ///   - message: What is sent.
    ///   - sender: The participant that sends it, or ``Origin/mediator`` for `mediator -> …`.
    ///   - type: The type of participant it goes to; nil sends it to every registered
    ///     participant but the sender.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?)
    /// Carries a send from `sender` to the participant named `target` through your code.
    ///
    /// - Parameters:
    ///   - message: What is sent.
    ///   - sender: The participant that sends it, or ``Origin/mediator`` for `mediator -> …`.
    ///   - target: The name of the participant it goes to.
    func send(_ message: Message, from sender: Origin, to target: String)

    /// The registered participants in the design's own order: a replacement registers them in
    /// this order with the new mediator.
    var registered: [Member] { get }
    /// Your mediator object, or nil when the design has none (like the mesh).
    var mediator: AnyObject? { get }

    /// Called once a run has recorded that `colleague`, made by this design, leaked: drop its
    /// strong links, so that a process running many scenarios (a test suite) frees the cycle.
    /// The default does nothing.
    ///
    /// - Parameter colleague: An object ``makeColleague(for:)`` or ``MediatorFirstDesign`` made.
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
