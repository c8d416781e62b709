/// The mesh, the baseline with no mediator: every participant holds a strong reference to every
/// other and calls them directly. N(N-1) references, every pair a cycle.
///
/// A broadcast is the sender calling each of its peers in the order they joined; `leave` makes
/// every peer drop the leaver and the leaver drop its peers; `mediator -> …` is `noMediator`.
struct MeshMediation: Mediation {
    /// Who is in the mesh, in joining order, so that a newcomer can be wired to everyone. Held
    /// weakly: the mesh is no object, and this list is the interpreter's, not the participants'.
    private var members: [WeakParticipant] = []

    init(participants: [Registration]) {
        for registration in participants { _ = register(registration) }
    }

    mutating func register(_ registration: Registration) -> DeliveryError? {
        let newcomer = registration.participant
        let current = registered
        newcomer.peers = current
        for peer in current { peer.peers.append(newcomer) }
        members.append(WeakParticipant(newcomer))
        return nil
    }

    mutating func unregister(_ participant: Participant) -> DeliveryError? {
        for peer in participant.peers {
            peer.peers.removeAll { $0 === participant }
        }
        participant.peers = []
        members.removeAll { $0.participant === participant }
        return nil
    }

    func broadcast(_ message: Message, from sender: Participant, ofType type: String?, courier: any Courier) {
        for peer in sender.peers where peer.matches(type: type) {
            peer.receive(message, from: sender, courier: courier)
        }
    }

    func send(_ message: Message, from sender: Participant, to target: String, courier: any Courier) {
        guard let peer = sender.peers.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        peer.receive(message, from: sender, courier: courier)
    }

    func broadcastFromMediator(_ message: Message, ofType type: String?, courier: any Courier) {
        courier.fail(.noMediator)
    }

    func sendFromMediator(_ message: Message, to target: String, courier: any Courier) {
        courier.fail(.noMediator)
    }

    var registered: [Participant] { members.compactMap(\.participant) }
    var mediatorObject: AnyObject? { nil }
}

/// A weak reference to a participant, for lists that must not keep it alive.
struct WeakParticipant {
    weak var participant: Participant?

    init(_ participant: Participant) { self.participant = participant }
}
