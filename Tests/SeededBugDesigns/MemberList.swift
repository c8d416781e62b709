import MediateKit

/// A seeded-bug design that keeps its members in a list, in the order they joined: what all three
/// share, so that each file shows only its mediator and its bug.
protocol MemberList: Design {
    /// The members registered, in order.
    var registered: [Member] { get set }
}

extension MemberList {
    func register(_ registration: Registration) -> DeliveryError? {
        registered.append(registration.member)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        registered.removeAll { $0 == registration.member }
        return nil
    }

    /// Sends `message` to each member of `type` but the sender, in order.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for member in registered where member != sender.member && member.matches(type: type) {
            send(message, from: sender, to: member.name)
        }
    }
}
