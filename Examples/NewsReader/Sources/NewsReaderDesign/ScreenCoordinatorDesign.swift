import MediateKit
import NewsReader
import Synchronization

/// Runs scenarios through the app's own `ScreenCoordinator` actor and its `Screen`s, as the
/// asynchronous design `screen-coordinator`.
///
/// What a scenario's steps become in the app:
/// - each participant is a `Screen` of the same name, made with this design's coordinator (a
///   screen takes it in `init`); joining is `open()`, `leave NAME` is `close()`;
/// - `NAME -> *: liked(article: 7)` is the screen's `post(.liked(article: 7))`, and
///   `NAME -> OTHER: read(article: 7)` its `post(.read(article: 7), to: "OTHER")`;
///   `mediator -> …` is the coordinator's own `post`;
/// - every event a screen's `onEvent` hook receives is reported to the courier as a delivery.
///
/// Each call starts a task and returns: the run's scheduler runs the tasks, the coordinator's
/// turns and the hops to the main actor one at a time, so the transcript is the same every time.
///
/// Errors, as the transcript's `!` lines: a send to no open screen of that name is
/// `missingReceiver NAME`; a screen whose coordinator is gone that posts is `noMediator`; a text,
/// another named message or a broadcast to one type (`* TYPE`) is the design's own
/// `unsupported …`.
///
/// `participant NAME weak` changes nothing: the coordinator holds every screen weakly.
public final class ScreenCoordinatorDesign: MediatorFirstDesign {
    public static let name = "screen-coordinator"
    public static var isAsynchronous: Bool { true }

    /// The app's coordinator: the mediator the coupling diagrams show.
    private let coordinator = ScreenCoordinator()
    private let courier: Courier
    /// Every participant registered, by name, which the screens' hooks read on the main actor.
    private let members = Members()
    /// The open screens in the order they opened, held weakly as the coordinator holds them:
    /// the run reads `registered` without `await`.
    private var opened: [Opened] = []

    public init(courier: Courier) {
        self.courier = courier
    }

    public func newColleague(for member: Member) -> AnyObject {
        Screen(name: member.name, coordinator: coordinator)
    }

    public func register(_ registration: Registration) -> DeliveryError? {
        let member = registration.member
        guard let screen = registration.colleague as? Screen, screen.coordinator === coordinator else {
            return .foreignColleague(member.name)
        }
        members.add(member)
        if !opened.contains(where: { $0.screen === screen }) { opened.append(Opened(member: member, screen: screen)) }
        // The hook captures the courier and the names, not the design or the screen: it must
        // keep nothing alive that the coupling diagrams would then miss.
        Task { @MainActor [courier, members] in
            screen.onEvent = { event, sender in
                courier.deliver(message(of: event), to: member, from: sender.flatMap(members.named), throughMediator: true)
            }
            await screen.open()
        }
        return nil
    }

    public func unregister(_ registration: Registration) -> DeliveryError? {
        guard let screen = registration.colleague as? Screen else { return .foreignColleague(registration.member.name) }
        opened.removeAll { $0.screen === screen }
        Task { await screen.close() }
        return nil
    }

    public func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        if let type { return courier.fail(.other("unsupported typedBroadcast \(type)")) }
        guard let event = event(of: message) else { return }
        carry(from: sender) { [coordinator] screen throws(CoordinatorError) in
            if let screen { try await screen.post(event) } else { await coordinator.post(event) }
        }
    }

    public func send(_ message: Message, from sender: Origin, to target: String) {
        guard let event = event(of: message) else { return }
        carry(from: sender) { [coordinator] screen throws(CoordinatorError) in
            if let screen { try await screen.post(event, to: target) } else { try await coordinator.post(event, to: target) }
        }
    }

    public var registered: [Member] { opened.filter { $0.screen != nil }.map(\.member) }

    public var mediator: AnyObject? { coordinator }

    /// The app's event for a scenario's message, or nil (reported) for one the app has not.
    private func event(of message: Message) -> ScreenEvent? {
        switch (message.name, message.argument("article")) {
        case ("liked", .number(let id)?): return .liked(article: Int(id))
        case ("read", .number(let id)?): return .read(article: Int(id))
        default:
            courier.fail(.other("unsupported message \(message.written)"))
            return nil
        }
    }

    /// Starts a task that runs `post` with the sending screen (nil for the coordinator itself)
    /// and reports the app's error, if any.
    private func carry(from sender: Origin, _ post: @escaping @Sendable (Screen?) async throws(CoordinatorError) -> Void) {
        var screen: Screen?
        if case .participant(let member, let colleague) = sender {
            guard let sending = colleague as? Screen else { return courier.fail(.foreignColleague(member.name)) }
            screen = sending
        }
        Task { [courier, screen] in
            do throws(CoordinatorError) {
                try await post(screen)
            } catch {
                switch error {
                case .noSuchScreen(let name): courier.fail(.missingReceiver(name), throughMediator: true)
                case .noCoordinator: courier.fail(.noMediator)
                }
            }
        }
    }
}

/// A scenario's message for the app's event: `liked(article: 7)`, `read(article: 7)`.
private func message(of event: ScreenEvent) -> Message {
    let (name, id) =
        switch event {
        case .liked(let id): ("liked", id)
        case .read(let id): ("read", id)
        }
    return .named(name, [.init(label: "article", value: .number(Double(id)))])
}

/// A screen the design opened, held weakly, and the participant it stands for.
private struct Opened {
    let member: Member
    weak var screen: Screen?
}

/// The participants by name, shared by the design (on the run's thread) and the screens' hooks
/// (on the main actor).
private final class Members: Sendable {
    private let byName = Mutex<[String: Member]>([:])

    func add(_ member: Member) { byName.withLock { $0[member.name] = member } }

    func named(_ name: String) -> Member? { byName.withLock { $0[name] } }
}
