import MediateRuntime

/// The async-stream design: a bus of `AsyncStream`s, as Swift teams write one today. Each
/// colleague that joins gets a stream of envelopes and a task of its own that reads it
/// (`for await envelope in inbox`); a send yields an envelope into each recipient's stream and
/// returns. The bus holds its colleagues in the order they joined, strongly, or weakly when the
/// scenario declared them `weak`; each colleague holds the bus weakly.
///
/// A colleague's task captures it weakly, so the task never keeps it alive, and ends when its
/// stream is finished: when the colleague leaves, when the bus finds it gone, or when the bus
/// itself goes (docs/DESIGNS.md, "async-stream").
final class StreamBus: @unchecked Sendable {
    /// A message on its way to one colleague.
    struct Envelope: Sendable {
        let message: Message
        let sender: Colleague?
    }

    /// A colleague that joined, and the end of its stream the bus writes to.
    private struct Inbox {
        let held: HeldColleague
        let continuation: AsyncStream<Envelope>.Continuation
    }

    private var inboxes: [Inbox] = []
    private let courier: Courier

    init(courier: Courier) { self.courier = courier }

    deinit {
        for inbox in inboxes { inbox.continuation.finish() }
    }

    /// Gives `colleague` a stream and starts the task that reads it.
    func join(_ colleague: Colleague, weakly: Bool) {
        guard !inboxes.contains(where: { $0.held.colleague === colleague }) else { return }
        let (stream, continuation) = AsyncStream.makeStream(of: Envelope.self)
        inboxes.append(Inbox(held: HeldColleague(colleague, weakly: weakly), continuation: continuation))
        // Detached: the reader belongs to the colleague, not to the call that made it join, whose
        // task-local values it must not carry into every later delivery.
        Task.detached { [weak colleague, courier] in
            for await envelope in stream {
                colleague?.receive(envelope.message, from: envelope.sender, throughMediator: true, courier: courier)
            }
        }
    }

    /// Finishes `colleague`'s stream: what is already in it is still read, then its task ends.
    func leave(_ colleague: Colleague) {
        inboxes.removeAll { inbox in
            guard inbox.held.colleague === colleague else { return false }
            inbox.continuation.finish()
            return true
        }
    }

    /// Yields `message` into the stream of every colleague but `sender`, optionally of one type.
    func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?) {
        for inbox in live() {
            guard let colleague = inbox.held.colleague, colleague !== sender, colleague.matches(type: type) else { continue }
            inbox.continuation.yield(Envelope(message: message, sender: sender))
        }
    }

    /// Yields `message` into the stream of the first colleague named `target`, or reports
    /// `missingReceiver`.
    func send(_ message: Message, from sender: Colleague?, to target: String) {
        guard let inbox = live().first(where: { $0.held.colleague?.name == target }) else {
            return courier.fail(.missingReceiver(target), throughMediator: true)
        }
        inbox.continuation.yield(Envelope(message: message, sender: sender))
    }

    /// The colleagues still alive, in the order they joined: the stream of a weakly held one
    /// that is gone is finished, so its task ends.
    private func live() -> [Inbox] {
        inboxes.removeAll { inbox in
            guard inbox.held.colleague == nil else { return false }
            inbox.continuation.finish()
            return true
        }
        return inboxes
    }

    /// The colleagues still alive, in the order they joined.
    var colleagues: [Colleague] { inboxes.compactMap(\.held.colleague) }
}

/// The run's adapter for the async-stream bus.
final class StreamBusDesign: ReferenceDesign {
    static let name = "async-stream"
    static var isAsynchronous: Bool { true }
    let hub: StreamBus
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        hub = StreamBus(courier: courier)
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        colleague.bus = hub
        hub.join(colleague, weakly: registration.weakly)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        hub.leave(colleague)
        return nil
    }

    /// A colleague posts through its own weak bus; with none alive the send fails with
    /// `noMediator`. The mediator itself posts to every colleague.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        route(sender, hub: hub, link: \.bus) { $0.broadcast(message, from: $1, ofType: type) }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        route(sender, hub: hub, link: \.bus) { $0.send(message, from: $1, to: target) }
    }

    var registered: [Member] { hub.colleagues.map(\.member) }
    var mediator: AnyObject? { hub }
}
