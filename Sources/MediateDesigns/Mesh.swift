import MediateRuntime

/// The mesh, the baseline with no mediator: every participant holds a strong reference to every
/// other and calls them directly. N(N-1) references, every pair a cycle.
///
/// A broadcast is the sender calling each of its peers in the order they joined; `leave` makes
/// every peer drop the leaver and the leaver drop its peers; `mediator -> …` is `noMediator`.
final class MeshDesign: ReferenceDesign {
    static let name = "mesh"
    let courier: Courier
    /// Who is in the mesh, in joining order, so that a newcomer can be wired to everyone. Held
    /// weakly: the mesh is no object, and this list is the run's, not the participants'.
    private var members: [WeakColleague] = []

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let newcomer = colleague(of: registration) else { return nil }
        let current = members.compactMap(\.colleague)
        newcomer.peers = current
        for peer in current { peer.peers.append(newcomer) }
        members.append(WeakColleague(newcomer))
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        guard let participant = colleague(of: registration) else { return nil }
        for peer in participant.peers {
            peer.peers.removeAll { $0 === participant }
        }
        participant.peers = []
        members.removeAll { $0.colleague === participant }
        return nil
    }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        guard let colleague = peer(sending: sender) else { return }
        for peer in colleague.peers where peer.matches(type: type) {
            peer.receive(message, from: colleague, courier: courier)
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let colleague = peer(sending: sender) else { return }
        guard let peer = colleague.peers.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        peer.receive(message, from: colleague, courier: courier)
    }

    /// The sending colleague; the mediator, which the mesh has none of, fails with `noMediator`.
    private func peer(sending sender: Origin) -> Colleague? {
        switch sending(sender) {
        case .mediator:
            courier.fail(.noMediator)
            return nil
        case .colleague(let colleague): return colleague
        case .refused: return nil
        }
    }

    var registered: [Member] { members.compactMap(\.colleague?.member) }
    var mediator: AnyObject? { nil }
}

/// A weak reference to a colleague, for lists that must not keep it alive.
struct WeakColleague {
    weak var colleague: Colleague?

    init(_ colleague: Colleague) { self.colleague = colleague }
}
