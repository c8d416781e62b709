#if Combine
    import MediateRuntime
    import OpenCombine

    /// The combine design: OpenCombine's `PassthroughSubject` as the bus. Each colleague subscribes
    /// to its own subject, its inbox, with `sink` and keeps the `AnyCancellable`; the mediator keeps
    /// the inboxes in the order colleagues joined and sends each delivery on the receiver's inbox.
    /// Colleagues reach the mediator through their weak `mediator`, as in the wrapper design.
    ///
    /// One inbox per colleague rather than one subject for all: OpenCombine 0.14.0 keeps a subject's
    /// subscriptions in a `Set` hashed by object identity, so one `send` would reach its subscribers
    /// in an order that changes from process to process (docs/DESIGNS.md, "combine").
    ///
    /// Synchronous: `send` calls each subscriber's `sink` closure on the sending thread before it
    /// returns, and a `sink` asks for unlimited demand, so nothing is buffered or dropped; a send
    /// from inside a `sink` closure is delivered inside it, as a method call would be.
    final class CombineMediator {
        /// What an inbox carries: the message and its sender (nil for the mediator itself).
        struct Delivery {
            let message: Message
            let sender: Colleague?
        }

        /// A colleague, held strongly or weakly (`participant X weak`), and the subject it listens to.
        private struct Inbox {
            let colleague: HeldColleague
            let subject: PassthroughSubject<Delivery, Never>
        }

        private var inboxes: [Inbox] = []

        /// The colleagues still alive, in the order they joined.
        var colleagues: [Colleague] { receivers.map(\.colleague) }

        /// Makes `colleague` an inbox and subscribes it, unless it has one already; its deliveries
        /// go to `courier`.
        func join(_ colleague: Colleague, weakly: Bool, courier: Courier) {
            guard !inboxes.contains(where: { $0.colleague.colleague === colleague }) else { return }
            let subject = PassthroughSubject<Delivery, Never>()
            colleague.listen(to: subject, courier: courier)
            inboxes.append(Inbox(colleague: HeldColleague(colleague, weakly: weakly), subject: subject))
        }

        /// Drops `colleague`'s inbox: the mediator sends on it no more, and the others keep their
        /// order. The colleague keeps its subscription until it drops it or joins again, so that a
        /// broadcast under way when it leaves still reaches it, as in the other designs.
        func leave(_ colleague: Colleague) {
            inboxes.removeAll { $0.colleague.colleague === colleague }
        }

        /// Every colleague still alive, held strongly while a send goes on, with its inbox, in the
        /// order they joined; reading drops the inboxes of weakly held colleagues that are gone.
        private var receivers: [(colleague: Colleague, inbox: PassthroughSubject<Delivery, Never>)] {
            inboxes.removeAll { $0.colleague.colleague == nil }
            return inboxes.compactMap { inbox in inbox.colleague.colleague.map { ($0, inbox.subject) } }
        }
    }

    extension CombineMediator: ColleagueMediator {
        /// Sends `message` on the inbox of every colleague but `sender`, optionally of one type, in
        /// the order they joined.
        func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?, courier: Courier) {
            let delivery = Delivery(message: message, sender: sender)
            for (colleague, inbox) in receivers where colleague !== sender && colleague.matches(type: type) {
                inbox.send(delivery)
            }
        }

        /// Sends `message` on the inbox of the first colleague named `target`, or reports
        /// `missingReceiver`.
        func send(_ message: Message, from sender: Colleague?, to target: String, courier: Courier) {
            guard let receiver = receivers.first(where: { $0.colleague.name == target }) else {
                return courier.fail(.missingReceiver(target), throughMediator: true)
            }
            receiver.inbox.send(Delivery(message: message, sender: sender))
        }
    }

    extension Colleague {
        /// Subscribes to `inbox` with `sink`, capturing itself weakly, and keeps the subscription:
        /// dropping it (or the colleague) cancels it.
        func listen(to inbox: PassthroughSubject<CombineMediator.Delivery, Never>, courier: Courier) {
            subscription = inbox.sink { [weak self] delivery in
                self?.receive(delivery.message, from: delivery.sender, throughMediator: true, courier: courier)
            }
        }
    }

    /// The run's adapter for the combine mediator.
    final class CombineDesign: WeakLinkDesign {
        static let name = "combine"
        let hub = CombineMediator()
        let courier: Courier

        init(participants: [Registration], courier: Courier) {
            self.courier = courier
            for registration in participants { _ = register(registration) }
        }

        func register(_ registration: Registration) -> DeliveryError? {
            guard let colleague = colleague(of: registration) else { return nil }
            colleague.mediator = hub
            hub.join(colleague, weakly: registration.weakly, courier: courier)
            return nil
        }

        func unregister(_ registration: Registration) -> DeliveryError? {
            guard let colleague = colleague(of: registration) else { return nil }
            hub.leave(colleague)
            return nil
        }

        var registered: [Member] { hub.colleagues.map(\.member) }
    }
#endif
