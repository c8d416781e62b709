import MediateRuntime

/// The actor design: the mediator is an actor, as Swift teams write one today. Colleagues hold
/// it weakly and reach it with `await`; it holds them in the order they joined, strongly, or
/// weakly when the scenario declared them `weak`.
///
/// Each send is a task of its own (`Task { await mediator.broadcast(…) }`), so a send returns
/// before it delivers, and a reaction's send is delivered after the deliveries already under way:
/// the run writes each delivery under the send it belongs to, in the order the tasks ran
/// (docs/DESIGNS.md, "actor").
actor ActorMediator {
    private var held: [HeldColleague] = []
    private let courier: Courier

    init(courier: Courier) { self.courier = courier }

    /// The colleagues still alive, in the order they joined.
    private var colleagues: [Colleague] { held.compactMap(\.colleague) }

    func add(_ colleague: Colleague, weakly: Bool) {
        guard !held.contains(where: { $0.colleague === colleague }) else { return }
        held.append(HeldColleague(colleague, weakly: weakly))
    }

    func remove(_ colleague: Colleague) {
        held.removeAll { $0.colleague === colleague }
    }

    /// Delivers `message` to every colleague but `sender`, optionally of one type.
    func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?) {
        for colleague in colleagues where colleague !== sender && colleague.matches(type: type) {
            colleague.receive(message, from: sender, throughMediator: true, courier: courier)
        }
    }

    /// Delivers `message` to the first colleague named `target`, or reports `missingReceiver`.
    func send(_ message: Message, from sender: Colleague?, to target: String) {
        guard let colleague = colleagues.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target), throughMediator: true)
        }
        colleague.receive(message, from: sender, throughMediator: true, courier: courier)
    }
}

/// The run's adapter for the actor mediator.
final class ActorDesign: ReferenceDesign {
    static let name = "actor"
    static var isAsynchronous: Bool { true }
    let hub: ActorMediator
    let courier: Courier
    /// The colleagues in the order they joined, held as the actor holds them: kept here too,
    /// since the run reads ``registered`` without `await`.
    private var joined: [HeldColleague] = []

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        hub = ActorMediator(courier: courier)
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        colleague.actorMediator = hub
        let weakly = registration.weakly
        if !joined.contains(where: { $0.colleague === colleague }) { joined.append(HeldColleague(colleague, weakly: weakly)) }
        Task { [hub] in await hub.add(colleague, weakly: weakly) }
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        joined.removeAll { $0.colleague === colleague }
        Task { [hub] in await hub.remove(colleague) }
        return nil
    }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        guard let (mediator, colleague) = route(sender) else { return }
        Task { await mediator.broadcast(message, from: colleague, ofType: type) }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let (mediator, colleague) = route(sender) else { return }
        Task { await mediator.send(message, from: colleague, to: target) }
    }

    /// The actor a send goes through, and the colleague sending (nil for the mediator itself):
    /// a colleague awaits its own weak mediator, and with none alive the send fails with
    /// `noMediator`. Nil when the send is refused.
    private func route(_ sender: Origin) -> (ActorMediator, Colleague?)? {
        switch sending(sender) {
        case .mediator: return (hub, nil)
        case .colleague(let colleague):
            guard let mediator = colleague.actorMediator else {
                courier.fail(.noMediator)
                return nil
            }
            return (mediator, colleague)
        case .refused: return nil
        }
    }

    var registered: [Member] { joined.compactMap(\.colleague?.member) }
    var mediator: AnyObject? { hub }
}

/// A colleague held strongly, or weakly (`participant X weak`).
struct HeldColleague {
    private let strong: Colleague?
    private weak var weak: Colleague?

    init(_ colleague: Colleague, weakly: Bool) {
        strong = weakly ? nil : colleague
        weak = weakly ? colleague : nil
    }

    /// The colleague, or nil once a weakly held one is gone.
    var colleague: Colleague? { strong ?? weak }
}
