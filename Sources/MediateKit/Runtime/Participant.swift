/// A participant object: the colleague every design registers, holds and calls.
///
/// Each design writes only its own link when it registers a participant: the two mediator
/// designs its weak `mediator`, direct-delegate its strong `delegate`, the mesh its strong
/// `peers`. A link another design wrote earlier (before a run-time replacement) stays, as it
/// would in a program, and the coupling analysis sees it.
public final class Participant {
    /// The participant's name, its `id` in the designs that look colleagues up by id.
    public let name: String
    /// Its type, which reactions, `* TYPE` broadcasts and diagrams group by.
    public let type: String
    /// Its 0-based position in declaration order, by which the interpreter finds its own record
    /// of it on every delivery without hashing its name.
    public let index: Int

    /// protocol-extension and wrapper: the colleague's weak reference to its mediator.
    public weak var mediator: (any ColleagueMediator)?
    /// direct-delegate: the delegate, held strongly since its protocol is not class-bound.
    public var delegate: (any ColleagueDelegate)?
    /// mesh: every peer, held strongly, in the order they joined.
    public var peers: [Participant] = []

    public init(name: String, type: String, index: Int = 0) {
        self.name = name
        self.type = type
        self.index = index
    }

    /// Where a design's colleague receives a message: the interpreter records the delivery
    /// and runs the participant's reactions.
    func receive(_ message: Message, from sender: Participant?, courier: any Courier) {
        courier.deliver(message, to: self, from: sender)
    }

    /// Forgets every link a design wrote into it. Only the interpreter calls it, after the
    /// release probe has recorded what leaked, to free the leaked cycles.
    func dropLinks() {
        mediator = nil
        delegate = nil
        peers = []
    }

    /// Whether a typed broadcast (`* TYPE`) reaches this participant; nil matches everyone.
    func matches(type filter: String?) -> Bool {
        filter == nil || filter == type
    }
}

/// A mediator that its colleagues reach through their weak `mediator` reference
/// (protocol-extension and wrapper).
public protocol ColleagueMediator: AnyObject {
    /// Delivers `message` to every registered colleague but `sender`, optionally of one type.
    func broadcast(_ message: Message, from sender: Participant?, ofType type: String?, courier: any Courier)
    /// Delivers `message` to the colleague named `target`, or reports `missingReceiver`.
    func send(_ message: Message, from sender: Participant?, to target: String, courier: any Courier)
}

/// The delegate a direct-delegate colleague calls when it has something to say. Not
/// class-bound, as in the original example, so colleagues can only hold it strongly.
public protocol ColleagueDelegate {
    /// The colleague `sender` broadcasts `message`, optionally to one type.
    func colleague(_ sender: Participant, broadcasts message: Message, toType type: String?, courier: any Courier)
    /// The colleague `sender` sends `message` to the colleague named `target`.
    func colleague(_ sender: Participant, sends message: Message, to target: String, courier: any Courier)
}

/// What a design reports to: deliveries and the errors of sending.
public protocol Courier: AnyObject {
    /// `receiver` received `message` from `sender` (nil: the mediator sent it).
    func deliver(_ message: Message, to receiver: Participant, from sender: Participant?)
    /// A delivery failed.
    func fail(_ error: DeliveryError)
}

/// An error a design reports instead of a delivery; the transcript writes it as a `!` line.
public enum DeliveryError: Hashable, Sendable {
    /// The mediator (or the sender's peers) holds no participant of that name.
    case missingReceiver(String)
    /// No mediator carries the send.
    case noMediator
    /// direct-delegate cannot add or remove a colleague after it is built.
    case fixedColleagues(String)

    /// `ERROR DETAIL`, as the transcript writes it after `! `.
    public var written: String {
        switch self {
        case .missingReceiver(let name): return "missingReceiver \(name)"
        case .noMediator: return "noMediator"
        case .fixedColleagues(let name): return "fixedColleagues \(name)"
        }
    }
}

/// A design whose colleagues reach their mediator through their weak `mediator` reference
/// (protocol-extension and wrapper): sends travel the same way in both.
protocol WeakLinkMediation: Mediation {
    associatedtype Mediator: ColleagueMediator
    /// The mediator object, held strongly by the scenario.
    var mediator: Mediator { get }
}

extension WeakLinkMediation {
    /// The sender calls its own weak mediator; with none alive the send fails with `noMediator`.
    func broadcast(_ message: Message, from sender: Participant, ofType type: String?, courier: any Courier) {
        guard let mediator = sender.mediator else { return courier.fail(.noMediator) }
        mediator.broadcast(message, from: sender, ofType: type, courier: courier)
    }

    func send(_ message: Message, from sender: Participant, to target: String, courier: any Courier) {
        guard let mediator = sender.mediator else { return courier.fail(.noMediator) }
        mediator.send(message, from: sender, to: target, courier: courier)
    }

    func broadcastFromMediator(_ message: Message, ofType type: String?, courier: any Courier) {
        mediator.broadcast(message, from: nil, ofType: type, courier: courier)
    }

    func sendFromMediator(_ message: Message, to target: String, courier: any Courier) {
        mediator.send(message, from: nil, to: target, courier: courier)
    }

    var mediatorObject: AnyObject? { mediator }
}
