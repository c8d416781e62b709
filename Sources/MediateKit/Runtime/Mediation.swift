/// The small protocol through which the interpreter drives a design: register, unregister,
/// send and broadcast. Each design implements it in its own file under `Mediators/`.
///
/// A conforming value is the scenario's handle on its mediator: it holds the mediator object
/// strongly (as the scenario does), or nothing for the mesh.
public protocol Mediation {
    /// Builds the design with its first participants, registered in order.
    init(participants: [Registration])

    /// Registers a participant that joins later, or says why the design refuses.
    mutating func register(_ registration: Registration) -> DeliveryError?
    /// Unregisters a participant (`leave`), or says why the design refuses.
    mutating func unregister(_ participant: Participant) -> DeliveryError?

    /// `sender` broadcasts through its own references (`*`, or `* TYPE` when `type` is set).
    func broadcast(_ message: Message, from sender: Participant, ofType type: String?, courier: any Courier)
    /// `sender` sends to one named target through its own references.
    func send(_ message: Message, from sender: Participant, to target: String, courier: any Courier)
    /// The mediator itself broadcasts to every registered participant.
    func broadcastFromMediator(_ message: Message, ofType type: String?, courier: any Courier)
    /// The mediator itself sends to one named target.
    func sendFromMediator(_ message: Message, to target: String, courier: any Courier)

    /// The registered participants, in the design's own order (a replacement keeps it).
    var registered: [Participant] { get }
    /// The mediator object, or nil when the design has none (the mesh).
    var mediatorObject: AnyObject? { get }
}

/// A participant to register, and whether it asked to be held weakly (`participant X weak`).
public struct Registration {
    public var participant: Participant
    public var weakly: Bool

    public init(_ participant: Participant, weakly: Bool) {
        self.participant = participant
        self.weakly = weakly
    }
}

extension MediatorKind {
    /// Builds this kind's design, registering `participants` in order.
    public func makeMediation(participants: [Registration]) -> any Mediation {
        switch self {
        case .protocolExtension: return ProtocolExtensionMediation(participants: participants)
        case .wrapper: return WrapperMediation(participants: participants)
        case .directDelegate: return DirectDelegateMediation(participants: participants)
        case .mesh: return MeshMediation(participants: participants)
        }
    }
}
