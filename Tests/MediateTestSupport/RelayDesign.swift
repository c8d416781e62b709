package import MediateKit

/// A user's well-behaved design: a switchboard holding its desks strongly in joining order, each
/// desk holding the switchboard weakly.
package final class RelayDesign: Design {
    /// The user's colleague class.
    package final class Desk {
        package let member: Member
        package weak var board: Switchboard?
        package init(_ member: Member) { self.member = member }
    }

    /// The user's mediator.
    package final class Switchboard {
        package var desks: [Desk] = []
    }

    package static let name = "relay"
    package static func makeColleague(for member: Member) -> AnyObject { Desk(member) }

    package let board = Switchboard()
    package let courier: Courier

    package init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants {
            if let error = register(registration) { courier.fail(error) }
        }
    }

    package func register(_ registration: Registration) -> DeliveryError? {
        guard let desk = registration.colleague as? Desk else { return .foreignColleague(registration.member.name) }
        desk.board = board
        board.desks.append(desk)
        return nil
    }

    package func unregister(_ registration: Registration) -> DeliveryError? {
        board.desks.removeAll { $0 === registration.colleague }
        return nil
    }

    package func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        if case .participant(let member, let object) = sender, !(object is Desk) {
            return courier.fail(.foreignColleague(member.name))
        }
        for desk in board.desks where desk.member != sender.member && desk.member.matches(type: type) {
            courier.deliver(message, to: desk.member, from: sender.member)
        }
    }

    package func send(_ message: Message, from sender: Origin, to target: String) {
        guard let desk = board.desks.first(where: { $0.member.name == target }) else {
            return courier.fail(.missingReceiver(target))
        }
        courier.deliver(message, to: desk.member, from: sender.member)
    }

    package var registered: [Member] { board.desks.map(\.member) }
    package var mediator: AnyObject? { board }
}
