import Foundation
import MediateRuntime

/// The notification-center design: Foundation's `NotificationCenter` as the bus, one observer
/// per colleague, as Swift teams wrote a mediator before Combine and actors. The hub owns a
/// center of its own (never `.default`, which every run in the process would share); each
/// colleague that joins adds an observer block for the notifications addressed to it, with no
/// queue, so the block runs on the posting thread before `post` returns. A send posts one
/// notification to each receiver, in the order they joined; `leave` removes the observer, once
/// the broadcasts under way have posted to the receivers they started with (docs/LANGUAGE.md).
///
/// One notification per receiver, not one for everyone: swift-corelibs-foundation calls the
/// observers of one name in the order of a hash table, which changes from process to process
/// (docs/DESIGNS.md, "notification-center").
///
/// The observer block holds its colleague strongly, or weakly when the scenario declared it
/// `weak`; the hub keeps who each observer is for and its token, never the colleague, and each
/// colleague holds the hub weakly. So the hub cannot tell that a weak colleague is gone: a post to
/// it reaches a block with nothing to deliver to, and is lost without an error.
final class NotificationHub {
    /// A colleague's observer: who it is, and the token that removes it.
    private struct Observer {
        let member: Member
        let token: any NSObjectProtocol
    }

    /// The `userInfo` key of the message a notification carries.
    private static let messageKey = "message"

    private let center = NotificationCenter()
    private var observers: [Observer] = []
    /// How many broadcasts are posting, one inside another's delivery.
    private var broadcasting = 0
    /// The observers of colleagues that left while a broadcast was posting: removed from the
    /// center when the outermost broadcast ends.
    private var leftWhileBroadcasting: [Observer] = []
    private let courier: Courier

    init(courier: Courier) { self.courier = courier }

    deinit {
        for observer in observers + leftWhileBroadcasting { center.removeObserver(observer.token) }
    }

    /// The name of the notifications addressed to `member`.
    private static func inbox(of member: Member) -> Notification.Name {
        Notification.Name(member.name)
    }

    /// Adds `colleague`'s observer, whose block holds it strongly, or weakly.
    func join(_ colleague: Colleague, weakly: Bool) {
        guard !observers.contains(where: { $0.member == colleague.member }) else { return }
        // Back before the broadcast it left ended: its old observer goes now, so it hears once.
        leftWhileBroadcasting.removeAll { observer in
            guard observer.member == colleague.member else { return false }
            center.removeObserver(observer.token)
            return true
        }
        let courier = courier
        let receive: @Sendable (Notification, Colleague?) -> Void = { notification, colleague in
            guard let colleague, let message = notification.userInfo?[Self.messageKey] as? Message else { return }
            colleague.receive(message, from: notification.object as? Colleague, throughMediator: true, courier: courier)
        }
        let name = Self.inbox(of: colleague.member)
        let token =
            weakly
            ? center.addObserver(forName: name, object: nil, queue: nil) { [weak colleague] in receive($0, colleague) }
            : center.addObserver(forName: name, object: nil, queue: nil) { receive($0, colleague) }
        observers.append(Observer(member: colleague.member, token: token))
    }

    /// Takes `colleague` off the hub: no send finds it any more. Its observer is removed at once,
    /// or, while a broadcast is posting, when the outermost one ends.
    func leave(_ colleague: Colleague) {
        observers.removeAll { observer in
            guard observer.member == colleague.member else { return false }
            if broadcasting > 0 { leftWhileBroadcasting.append(observer) } else { center.removeObserver(observer.token) }
            return true
        }
    }

    /// Posts `message` to every colleague but `sender`, optionally of one type: those that had
    /// joined when it started, in the order they joined.
    func broadcast(_ message: Message, from sender: Colleague?, ofType type: String?) {
        broadcasting += 1
        defer {
            broadcasting -= 1
            if broadcasting == 0 {
                for observer in leftWhileBroadcasting { center.removeObserver(observer.token) }
                leftWhileBroadcasting = []
            }
        }
        for observer in observers where observer.member != sender?.member && observer.member.matches(type: type) {
            post(message, to: observer.member, from: sender)
        }
    }

    /// Posts `message` to the first colleague named `target`, or reports `missingReceiver`
    /// when none has an observer.
    func send(_ message: Message, from sender: Colleague?, to target: String) {
        guard let observer = observers.first(where: { $0.member.name == target }) else {
            return courier.fail(.missingReceiver(target), throughMediator: true)
        }
        post(message, to: observer.member, from: sender)
    }

    /// Posts one notification, which the receiver's observer block handles before `post` returns.
    /// A poster cannot tell whether anyone handled it.
    private func post(_ message: Message, to member: Member, from sender: Colleague?) {
        center.post(name: Self.inbox(of: member), object: sender, userInfo: [Self.messageKey: message])
    }

    /// The colleagues with an observer, in the order they joined.
    var members: [Member] { observers.map(\.member) }
}

/// The run's adapter for the notification-center hub.
final class NotificationHubDesign: ReferenceDesign {
    static let name = "notification-center"
    let hub: NotificationHub
    let courier: Courier

    init(participants: [Registration], courier: Courier) {
        self.courier = courier
        hub = NotificationHub(courier: courier)
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        colleague.notificationHub = hub
        hub.join(colleague, weakly: registration.weakly)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        guard let colleague = colleague(of: registration) else { return nil }
        hub.leave(colleague)
        return nil
    }

    /// A colleague posts through its own weak hub; with none alive the send fails with
    /// `noMediator`. The mediator itself posts to every colleague.
    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        route(sender, hub: hub, link: \.notificationHub) { $0.broadcast(message, from: $1, ofType: type) }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        route(sender, hub: hub, link: \.notificationHub) { $0.send(message, from: $1, to: target) }
    }

    var registered: [Member] { hub.members }
    var mediator: AnyObject? { hub }
}
