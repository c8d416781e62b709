import MediateRuntime

/// The direct-delegate design: a concrete mediator built with its colleagues, holding them in
/// strong stored properties, and handing itself to each as a delegate.
///
/// The colleagues hold that delegate strongly (its protocol is not class-bound, so it cannot be
/// weak): a retain cycle the original example never mentions. The colleagues are fixed when the
/// mediator is built: no late join and no `leave` (`fixedColleagues`).
final class DirectDelegateMediator: ColleagueDelegate {
    /// The colleagues it was built with, in order.
    let colleagues: [Colleague]

    init(colleagues: [Colleague]) {
        self.colleagues = colleagues
        for colleague in colleagues { colleague.delegate = self }
    }

    /// Calls each colleague it was built with but `sender`, in order.
    func colleague(_ sender: Colleague, broadcasts message: Message, toType type: String?, courier: Courier) {
        notifyColleagues(message, from: sender, ofType: type, courier: courier)
    }

    func colleague(_ sender: Colleague, sends message: Message, to target: String, courier: Courier) {
        notifyColleague(named: target, message, from: sender, courier: courier)
    }

    func notifyColleagues(_ message: Message, from sender: Colleague?, ofType type: String?, courier: Courier) {
        for colleague in colleagues where colleague !== sender && colleague.matches(type: type) {
            colleague.receive(message, from: sender, throughMediator: true, courier: courier)
        }
    }

    func notifyColleague(named target: String, _ message: Message, from sender: Colleague?, courier: Courier) {
        guard let colleague = colleagues.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target), throughMediator: true)
        }
        colleague.receive(message, from: sender, throughMediator: true, courier: courier)
    }
}

/// The run's adapter for a direct-delegate mediator.
final class DirectDelegateDesign: ReferenceDesign {
    static let name = "direct-delegate"
    private let hub: DirectDelegateMediator
    let courier: Courier

    /// Builds the mediator with its colleagues; `weak` is not something this design can do.
    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        var colleagues: [Colleague] = []
        for registration in participants {
            if let colleague = registration.colleague as? Colleague {
                colleagues.append(colleague)
            } else {
                courier.fail(.foreignColleague(registration.member.name))
            }
        }
        hub = DirectDelegateMediator(colleagues: colleagues)
    }

    func register(_ registration: Registration) -> DeliveryError? {
        .refused(reason: "fixedColleagues", name: registration.member.name)
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        .refused(reason: "fixedColleagues", name: registration.member.name)
    }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        switch sending(sender) {
        case .mediator: hub.notifyColleagues(message, from: nil, ofType: type, courier: courier)
        case .colleague(let colleague):
            guard let delegate = colleague.delegate else { return courier.fail(.noMediator) }
            delegate.colleague(colleague, broadcasts: message, toType: type, courier: courier)
        case .refused: break
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        switch sending(sender) {
        case .mediator: hub.notifyColleague(named: target, message, from: nil, courier: courier)
        case .colleague(let colleague):
            guard let delegate = colleague.delegate else { return courier.fail(.noMediator) }
            delegate.colleague(colleague, sends: message, to: target, courier: courier)
        case .refused: break
        }
    }

    var registered: [Member] { hub.colleagues.map(\.member) }
    var mediator: AnyObject? { hub }
}
