package import MediateKit

/// A design whose mediator echoes every broadcast back to its sender as well as to the others:
/// a colleague that answers what it receives answers itself, again and again.
package final class EchoDesign: Design {
    /// The colleague.
    package final class Parrot {
        package let member: Member
        package init(_ member: Member) { self.member = member }
    }

    /// The mediator.
    package final class Cave {
        package var parrots: [Parrot] = []
    }

    package static let name = "echo"
    package static func makeColleague(for member: Member) -> AnyObject { Parrot(member) }

    package let cave = Cave()
    package let courier: Courier

    package init(participants: [Registration], courier: Courier) {
        self.courier = courier
        cave.parrots = participants.compactMap { $0.colleague as? Parrot }
    }

    package func register(_ registration: Registration) -> DeliveryError? {
        guard let parrot = registration.colleague as? Parrot else { return .foreignColleague(registration.member.name) }
        cave.parrots.append(parrot)
        return nil
    }

    package func unregister(_ registration: Registration) -> DeliveryError? { nil }

    /// Every parrot, the sender included.
    package func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for parrot in cave.parrots {
            courier.deliver(message, to: parrot.member, from: sender.member)
        }
    }

    package func send(_ message: Message, from sender: Origin, to target: String) {
        for parrot in cave.parrots where parrot.member.name == target {
            courier.deliver(message, to: parrot.member, from: sender.member)
        }
    }

    package var registered: [Member] { cave.parrots.map(\.member) }
    package var mediator: AnyObject? { cave }
}
