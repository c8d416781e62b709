/// The direct-delegate design: a concrete mediator built with its colleagues, holding them in
/// strong stored properties, and handing itself to each as a delegate.
///
/// The colleagues hold that delegate strongly (its protocol is not class-bound, so it cannot be
/// weak): a retain cycle the original example never mentions. The colleagues are fixed when the
/// mediator is built: no late join and no `leave` (`fixedColleagues`).
final class DirectDelegateMediator: ColleagueDelegate {
    /// The colleagues it was built with, in order.
    let colleagues: [Participant]

    init(colleagues: [Participant]) {
        self.colleagues = colleagues
        for colleague in colleagues { colleague.delegate = self }
    }

    /// Calls each colleague it was built with but `sender`, in order.
    func colleague(_ sender: Participant, broadcasts message: Message, toType type: String?, courier: any Courier) {
        notifyColleagues(message, from: sender, ofType: type, courier: courier)
    }

    func colleague(_ sender: Participant, sends message: Message, to target: String, courier: any Courier) {
        notifyColleague(named: target, message, from: sender, courier: courier)
    }

    func notifyColleagues(_ message: Message, from sender: Participant?, ofType type: String?, courier: any Courier) {
        for colleague in colleagues where colleague !== sender && colleague.matches(type: type) {
            colleague.receive(message, from: sender, courier: courier)
        }
    }

    func notifyColleague(named target: String, _ message: Message, from sender: Participant?, courier: any Courier) {
        guard let colleague = colleagues.first(where: { $0.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        colleague.receive(message, from: sender, courier: courier)
    }
}

/// The interpreter's handle on a direct-delegate mediator.
struct DirectDelegateMediation: Mediation {
    private let mediator: DirectDelegateMediator

    /// Builds the mediator with its colleagues; `weak` is not something this design can do.
    init(participants: [Registration]) {
        mediator = DirectDelegateMediator(colleagues: participants.map(\.participant))
    }

    func register(_ registration: Registration) -> DeliveryError? {
        .fixedColleagues(registration.participant.name)
    }

    func unregister(_ participant: Participant) -> DeliveryError? {
        .fixedColleagues(participant.name)
    }

    func broadcast(_ message: Message, from sender: Participant, ofType type: String?, courier: any Courier) {
        guard let delegate = sender.delegate else { return courier.fail(.noMediator) }
        delegate.colleague(sender, broadcasts: message, toType: type, courier: courier)
    }

    func send(_ message: Message, from sender: Participant, to target: String, courier: any Courier) {
        guard let delegate = sender.delegate else { return courier.fail(.noMediator) }
        delegate.colleague(sender, sends: message, to: target, courier: courier)
    }

    func broadcastFromMediator(_ message: Message, ofType type: String?, courier: any Courier) {
        mediator.notifyColleagues(message, from: nil, ofType: type, courier: courier)
    }

    func sendFromMediator(_ message: Message, to target: String, courier: any Courier) {
        mediator.notifyColleague(named: target, message, from: nil, courier: courier)
    }

    var registered: [Participant] { mediator.colleagues }
    var mediatorObject: AnyObject? { mediator }
}
