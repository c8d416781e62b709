/// Something that happens in a room, as a user receives it.
public enum ChatEvent: Equatable, Sendable {
    /// A message to everyone in the room; `from` is nil for the room's own announcement.
    case message(from: String?, text: String)
    /// A message meant for this user only.
    case whisper(from: String, text: String)
    /// Someone joined the room.
    case joined(String)
    /// Someone left the room.
    case left(String)
}

/// Why a user could not say something.
public enum ChatError: Error, Equatable, Sendable {
    /// The user is in no room.
    case notInRoom
    /// Nobody of that name is in the room.
    case noSuchUser(String)
}
