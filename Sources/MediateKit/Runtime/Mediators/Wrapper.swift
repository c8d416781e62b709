/// The wrapper design: a generic mediator keeps each colleague inside a private wrapper that
/// holds it strongly (the default) or weakly.
///
/// Reading the colleague list compacts away wrappers whose weak colleague is gone; removal finds
/// the colleague's index in the compacted list and removes that wrapper, keeping the order.
/// Colleagues keep a weak reference to their mediator.
final class WrapperMediator<Colleague: AnyObject> {
    /// Holds one colleague, strongly or weakly.
    private final class ColleagueWrapper {
        var strongColleague: Colleague?
        weak var weakColleague: Colleague?

        init(_ colleague: Colleague, strongReference: Bool) {
            if strongReference { strongColleague = colleague } else { weakColleague = colleague }
        }

        var colleague: Colleague? { strongColleague ?? weakColleague }

        /// Whether the colleague is still there, read without retaining it.
        var isHolding: Bool { strongColleague != nil || weakColleague != nil }
    }

    private var colleagueWrappers: [ColleagueWrapper] = []

    /// The live colleagues in order; reading drops the wrappers whose colleague is gone.
    var colleagues: [Colleague] {
        colleagueWrappers.removeAll { !$0.isHolding }
        // Every wrapper left holds its colleague: the list is made in one allocation.
        return colleagueWrappers.map { $0.colleague! }
    }

    func addColleague(_ colleague: Colleague, strongReference: Bool = true) {
        colleagueWrappers.append(ColleagueWrapper(colleague, strongReference: strongReference))
    }

    func removeColleague(_ colleague: Colleague) {
        guard let index = colleagues.firstIndex(where: { $0 === colleague }) else { return }
        colleagueWrappers.remove(at: index)
    }

    /// Calls `body` on every colleague but `sender` (every colleague when `sender` is nil).
    func invokeColleagues(by sender: Colleague? = nil, _ body: (Colleague) -> Void) {
        for colleague in colleagues where colleague !== sender {
            body(colleague)
        }
    }
}

extension WrapperMediator: ColleagueMediator where Colleague == Participant {
    func broadcast(_ message: Message, from sender: Participant?, ofType type: String?, courier: any Courier) {
        invokeColleagues(by: sender) { colleague in
            if colleague.matches(type: type) {
                colleague.receive(message, from: sender, courier: courier)
            }
        }
    }

    func send(_ message: Message, from sender: Participant?, to target: String, courier: any Courier) {
        guard let colleague = colleagues.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        colleague.receive(message, from: sender, courier: courier)
    }
}

/// The interpreter's handle on a wrapper mediator.
struct WrapperMediation: WeakLinkMediation {
    let mediator = WrapperMediator<Participant>()

    init(participants: [Registration]) {
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        registration.participant.mediator = mediator
        mediator.addColleague(registration.participant, strongReference: !registration.weakly)
        return nil
    }

    func unregister(_ participant: Participant) -> DeliveryError? {
        mediator.removeColleague(participant)
        return nil
    }

    var registered: [Participant] { mediator.colleagues }
}
