import MediateRuntime

/// The wrapper design: a generic mediator keeps each colleague inside a private wrapper that
/// holds it strongly (the default) or weakly.
///
/// Reading the colleague list compacts away wrappers whose weak colleague is gone; removal finds
/// the colleague's index in the compacted list and removes that wrapper, keeping the order.
/// Colleagues keep a weak reference to their mediator.
final class WrapperMediator<ColleagueType: AnyObject> {
    /// Holds one colleague, strongly or weakly.
    private final class ColleagueWrapper {
        var strongColleague: ColleagueType?
        weak var weakColleague: ColleagueType?

        init(_ colleague: ColleagueType, strongReference: Bool) {
            if strongReference { strongColleague = colleague } else { weakColleague = colleague }
        }

        var colleague: ColleagueType? { strongColleague ?? weakColleague }

        /// Whether the colleague is still there, read without retaining it.
        var isHolding: Bool { strongColleague != nil || weakColleague != nil }
    }

    private var colleagueWrappers: [ColleagueWrapper] = []

    /// The live colleagues in order; reading drops the wrappers whose colleague is gone.
    var colleagues: [ColleagueType] {
        colleagueWrappers.removeAll { !$0.isHolding }
        // Every wrapper left holds its colleague: the list is made in one allocation.
        return colleagueWrappers.map { $0.colleague! }
    }

    func addColleague(_ colleague: ColleagueType, strongReference: Bool = true) {
        colleagueWrappers.append(ColleagueWrapper(colleague, strongReference: strongReference))
    }

    func removeColleague(_ colleague: ColleagueType) {
        guard let index = colleagues.firstIndex(where: { $0 === colleague }) else { return }
        colleagueWrappers.remove(at: index)
    }

    /// Calls `body` on every colleague but `sender` (every colleague when `sender` is nil).
    func invokeColleagues(by sender: ColleagueType? = nil, _ body: (ColleagueType) -> Void) {
        for colleague in colleagues where colleague !== sender {
            body(colleague)
        }
    }
}

extension WrapperMediator: ColleagueMediator where ColleagueType == Colleague {
    func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?, courier: Courier) {
        invokeColleagues(by: sender) { colleague in
            if colleague.matches(type: type) {
                colleague.receive(message, from: sender, throughMediator: true, courier: courier)
            }
        }
    }

    func send(_ message: Message, from sender: Colleague?, to target: String, courier: Courier) {
        guard let colleague = colleagues.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target), throughMediator: true)
        }
        colleague.receive(message, from: sender, throughMediator: true, courier: courier)
    }
}

/// The run's adapter for a wrapper mediator.
final class WrapperDesign: WeakLinkDesign {
    static let name = "wrapper"
    let hub = WrapperMediator<Colleague>()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        colleague.mediator = hub
        hub.addColleague(colleague, strongReference: !registration.weakly)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        hub.removeColleague(colleague)
        return nil
    }

    var registered: [Member] { hub.colleagues.map(\.member) }
}
