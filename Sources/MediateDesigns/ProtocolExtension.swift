import MediateRuntime

/// The protocol-extension design: a `Mediator` protocol whose behaviour is written once, in a
/// protocol extension, so a concrete mediator is an empty class.
///
/// Quirks kept on purpose: the mediator holds its receivers strongly in an array, receivers hold
/// it weakly; `add` ignores a receiver already present (by identity); `remove` swaps the leaver
/// with the last receiver and drops the last, which reorders later broadcasts; a receiver that has
/// left still holds its weak mediator and can still broadcast. Receivers would remove themselves
/// when deinitialised, which never happens while the strong array holds them.

/// A colleague as this design sees it: an `id` and a way to receive.
protocol Receivable: AnyObject {
    var id: String { get }
    func receive(_ message: Message, from sender: Colleague?, throughMediator: Bool, courier: Courier)
    func matches(type filter: String?) -> Bool
}

extension Colleague: Receivable {
    var id: String { name }
}

/// The mediator protocol: storage only. Everything it does comes from the extension below.
protocol ReceiverMediator: ColleagueMediator {
    var receivers: [any Receivable] { get set }
}

extension ReceiverMediator {
    /// Adds a receiver unless this very object is already there.
    func add(_ receiver: any Receivable) {
        guard !receivers.contains(where: { $0 === receiver }) else { return }
        receivers.append(receiver)
    }

    /// Removes a receiver by swapping it with the last one and dropping the last.
    func remove(_ receiver: any Receivable) {
        guard let index = receivers.firstIndex(where: { $0 === receiver }) else { return }
        receivers.swapAt(index, receivers.count - 1)
        receivers.removeLast()
    }

    /// Every receiver but the sender (by id), in array order.
    func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?, courier: Courier) {
        for receiver in receivers where receiver.id != sender?.id && receiver.matches(type: type) {
            receiver.receive(message, from: sender, throughMediator: true, courier: courier)
        }
    }

    /// The first receiver with the target's id, else `missingReceiver`.
    func send(_ message: Message, from sender: Colleague?, to target: String, courier: Courier) {
        guard let receiver = receivers.first(where: { $0.id == target }) else {
            return courier.fail(.missingReceiver(target), throughMediator: true)
        }
        receiver.receive(message, from: sender, throughMediator: true, courier: courier)
    }
}

/// A concrete mediator: an empty class, all behaviour from `ReceiverMediator`'s extension.
final class ReceiverListMediator: ReceiverMediator {
    var receivers: [any Receivable] = []
}

/// The run's adapter for a protocol-extension mediator.
final class ProtocolExtensionDesign: WeakLinkDesign {
    static let name = "protocol-extension"
    let hub = ReceiverListMediator()
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        colleague.mediator = hub
        hub.add(colleague)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        hub.remove(colleague)
        return nil
    }

    var registered: [Member] { hub.receivers.compactMap { ($0 as? Colleague)?.member } }
}
