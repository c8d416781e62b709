import ChatRoom
import MediateKit

/// Runs scenarios through the app's own `ChatRoom` and `User`s, as the design `chat-room`.
///
/// What a scenario's steps become in the app:
/// - each participant is a `User` of the same name; joining the scenario's mediator is `join`,
///   `leave NAME` is `leave()`;
/// - `NAME -> *: "text"` is `say`, `NAME -> OTHER: "text"` is `whisper(_:to:)`, and
///   `mediator -> …` is the room's `announce`;
/// - every message a user's `onEvent` hook receives is reported to the courier as a delivery.
///   Presence events (`joined`, `left`) are the app's notices, not messages a scenario sends, and
///   are not reported.
///
/// Errors, as the transcript's `!` lines:
/// - a whisper to nobody of that name in the room: `missingReceiver NAME`;
/// - a user in no room (one who left) who speaks: `noMediator`;
/// - what a chat cannot say, the design's own error: a broadcast to one type (`* TYPE`) is
///   `unsupported typedBroadcast TYPE`, and a named message is `unsupported namedMessage NAME`
///   (a chat carries text only).
///
/// `participant NAME weak` changes nothing: the room holds every user weakly.
public final class ChatRoomDesign: Design {
    public static let name = "chat-room"

    /// The app's room: the mediator the coupling diagrams show.
    private let room = ChatRoom()
    private let courier: Courier
    /// Every participant this design has registered, by name, so that a hook can say who sent
    /// what it received.
    private var members: [String: Member] = [:]

    public static func makeColleague(for member: Member) -> AnyObject {
        User(name: member.name)
    }

    public init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants {
            if let error = register(registration) { courier.fail(error) }
        }
    }

    public func register(_ registration: Registration) -> DeliveryError? {
        let member = registration.member
        guard let user = registration.colleague as? User else { return .foreignColleague(member.name) }
        members[member.name] = member
        // Weakly: the coupling analysis cannot see inside closures, so the hook must not hold
        // anything strongly that the diagrams would then miss.
        user.onEvent = { [weak self] event in self?.report(event, to: member) }
        user.join(room)
        return nil
    }

    public func unregister(_ registration: Registration) -> DeliveryError? {
        guard let user = registration.colleague as? User else { return .foreignColleague(registration.member.name) }
        user.leave()
        return nil
    }

    public func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        if let type { return courier.fail(.other("unsupported typedBroadcast \(type)")) }
        guard let text = chatText(of: message) else { return }
        carry(from: sender) { user throws(ChatError) in
            if let user { try user.say(text) } else { room.announce(text) }
        }
    }

    public func send(_ message: Message, from sender: Origin, to target: String) {
        guard let text = chatText(of: message) else { return }
        carry(from: sender) { user throws(ChatError) in
            if let user { try user.whisper(text, to: target) } else { try room.announce(text, to: target) }
        }
    }

    public var registered: [Member] { room.users.compactMap { members[$0.name] } }

    public var mediator: AnyObject? { room }

    /// A leaked user leaves its room, which breaks the user-and-room cycle.
    public static func forgetLinks(of colleague: AnyObject) {
        guard let user = colleague as? User else { return }
        user.onEvent = nil
        user.leave()
    }

    /// The message's text, or nil (reported) for a named message, which a chat cannot carry.
    private func chatText(of message: Message) -> String? {
        switch message {
        case .text(let text): return text
        case .named(let name, _):
            courier.fail(.other("unsupported namedMessage \(name)"))
            return nil
        }
    }

    /// Runs `speak` with the sending user (nil for the mediator, the room itself) and reports the
    /// app's error, if any.
    private func carry(from sender: Origin, _ speak: (User?) throws(ChatError) -> Void) {
        var user: User?
        if case .participant(let member, let colleague) = sender {
            guard let sending = colleague as? User else { return courier.fail(.foreignColleague(member.name)) }
            user = sending
        }
        do throws(ChatError) {
            try speak(user)
        } catch {
            switch error {
            case .notInRoom: courier.fail(.noMediator)
            case .noSuchUser(let name): courier.fail(.missingReceiver(name))
            }
        }
    }

    /// Tells the run about a message the app handed to `receiver`.
    private func report(_ event: ChatEvent, to receiver: Member) {
        switch event {
        case .message(let from, let text):
            courier.deliver(.text(text), to: receiver, from: from.flatMap { members[$0] })
        case .whisper(let from, let text):
            courier.deliver(.text(text), to: receiver, from: members[from])
        case .joined, .left:
            break
        }
    }
}
