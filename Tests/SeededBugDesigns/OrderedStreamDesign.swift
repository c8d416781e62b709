import MediateKit

/// `ordered-stream`: a post office (``PostOffice``) whose stream consumer assumes that of two
/// senders feeding it, the subject's always comes first. `subject(text:)` and `body(text:)` to a
/// receiver become one `letter(title:text:)` once both have come; any other message is delivered
/// as sent. `ordered-stream-fixed` is the same post office without the bug.
class OrderedStreamDesign: MemberList {
    class var name: String { "ordered-stream" }
    class var fixed: Bool { false }
    static var isAsynchronous: Bool { true }
    static func makeColleague(for member: Member) -> AnyObject { Account(member: member) }

    let office: PostOffice
    let courier: Courier
    var registered: [Member] = []

    required init(participants: [Registration], courier: Courier) {
        self.courier = courier
        office = PostOffice(fixed: Self.fixed, courier: courier)
        registered = participants.map(\.member)
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let receiver = registered.first(where: { $0.name == target }) else { return courier.fail(.missingReceiver(target)) }
        switch message.name {
        case "subject", "body": office.post(message, from: sender.member, to: receiver)
        default: courier.deliver(message, to: receiver, from: sender.member, throughMediator: true)
        }
    }

    var mediator: AnyObject? { office }
}

/// `ordered-stream-fixed`: ``OrderedStreamDesign`` with the pieces told apart by name.
final class OrderedStreamFixedDesign: OrderedStreamDesign {
    override class var name: String { "ordered-stream-fixed" }
    override class var fixed: Bool { true }
}
