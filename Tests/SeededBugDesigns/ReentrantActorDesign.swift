import MediateKit

/// `reentrant-actor`: a bank whose mediator is an actor (``Bank``) that reads a balance before an
/// `await` and writes it after. `deposit(amount: N)` and `withdraw(amount: N)` post to the
/// receiver's balance; any other message is delivered as sent. `reentrant-actor-fixed` is the
/// same bank without the bug.
class ReentrantActorDesign: MemberList {
    class var name: String { "reentrant-actor" }
    class var fixed: Bool { false }
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { Account(member: member) }

    let bank: Bank
    let courier: Courier
    var registered: [Member] = []

    required init(participants: [Registration], courier: Courier) {
        self.courier = courier
        bank = Bank(fixed: Self.fixed, courier: courier)
        registered = participants.map(\.member)
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let account = registered.first(where: { $0.name == target }) else { return courier.fail(.missingReceiver(target)) }
        let from = sender.member
        guard case .number(let amount)? = message.argument("amount"), message.name == "deposit" || message.name == "withdraw" else {
            return courier.deliver(message, to: account, from: from, throughMediator: true)
        }
        let change = message.name == "deposit" ? amount : -amount
        Task { [bank] in await bank.post(change, to: account, from: from) }
    }

    var mediator: AnyObject? { bank }
}

/// `reentrant-actor-fixed`: ``ReentrantActorDesign`` with the balance updated before the `await`.
final class ReentrantActorFixedDesign: ReentrantActorDesign {
    override class var name: String { "reentrant-actor-fixed" }
    override class var fixed: Bool { true }
}
