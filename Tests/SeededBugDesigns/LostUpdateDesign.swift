import MediateKit

/// `lost-update`: a depot (``Depot``) whose stock updates read in one task and write in another,
/// so two sends together can lose one. `restock(count: N)` and `sell(count: N)` change the
/// receiver's stock; any other message is delivered as sent. `lost-update-fixed` is the same
/// depot without the bug.
class LostUpdateDesign: MemberList {
    class var name: String { "lost-update" }
    class var fixed: Bool { false }
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { Account(member: member) }

    let depot: Depot
    let courier: Courier
    var registered: [Member] = []

    required init(participants: [Registration], courier: Courier) {
        self.courier = courier
        depot = Depot(fixed: Self.fixed, courier: courier)
        registered = participants.map(\.member)
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let bin = registered.first(where: { $0.name == target }) else { return courier.fail(.missingReceiver(target)) }
        switch (message.name, message.argument("count")) {
        case ("restock", .number(let count)?): depot.restock(count, of: bin, from: sender.member)
        case ("sell", .number(let count)?): depot.sell(count, of: bin, from: sender.member)
        default: courier.deliver(message, to: bin, from: sender.member, throughMediator: true)
        }
    }

    var mediator: AnyObject? { depot }
}

/// `lost-update-fixed`: ``LostUpdateDesign`` with each update read and written in one task.
final class LostUpdateFixedDesign: LostUpdateDesign {
    override class var name: String { "lost-update-fixed" }
    override class var fixed: Bool { true }
}
