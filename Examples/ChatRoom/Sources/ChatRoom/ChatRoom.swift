/// A chat room: passes what its users say to the others, so that no user knows any other.
///
/// The room holds its users weakly: a user whose app lets go of it drops out of the room without
/// leaving. Everything a user says goes to the others in the order they joined.
public final class ChatRoom {
    /// One user in the room, held weakly.
    private struct Membership {
        weak var user: User?
    }

    /// Who is in the room, in the order they joined.
    private var members: [Membership] = []

    public init() {}

    /// The users still in the room and alive, in the order they joined.
    public var users: [User] { members.compactMap(\.user) }

    /// Posts `text` to everyone in the room, as the room itself.
    public func announce(_ text: String) {
        post(.message(from: nil, text: text))
    }

    /// Posts `text` to the user named `name` only, as the room itself.
    public func announce(_ text: String, to name: String) throws(ChatError) {
        try user(named: name).receive(.message(from: nil, text: text))
    }

    /// Adds `user`, unless it is already here, and tells the others.
    func add(_ user: User) {
        guard !members.contains(where: { $0.user === user }) else { return }
        members.append(Membership(user: user))
        post(.joined(user.name), except: user)
    }

    /// Removes this very user (not another of the same name), tidies away users that are gone,
    /// and tells the others.
    func remove(_ user: User) {
        members.removeAll { $0.user === user || $0.user == nil }
        post(.left(user.name))
    }

    /// Passes `text` from `sender` to everyone else.
    func broadcast(_ text: String, from sender: User) {
        post(.message(from: sender.name, text: text), except: sender)
    }

    /// Passes `text` from `sender` to the user named `name` only.
    func whisper(_ text: String, from sender: User, to name: String) throws(ChatError) {
        try user(named: name).receive(.whisper(from: sender.name, text: text))
    }

    private func user(named name: String) throws(ChatError) -> User {
        guard let user = users.first(where: { $0.name == name }) else { throw .noSuchUser(name) }
        return user
    }

    private func post(_ event: ChatEvent, except excluded: User? = nil) {
        for user in users where user !== excluded {
            user.receive(event)
        }
    }
}
