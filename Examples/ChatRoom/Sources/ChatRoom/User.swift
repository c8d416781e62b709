/// Someone chatting: joins a room, says things to everyone in it, and whispers to one person.
public final class User {
    /// The name others see and whisper to.
    public let name: String
    /// The room the user is in, held strongly: the user's session keeps its room open.
    public private(set) var room: ChatRoom?
    /// Called with every event the user receives, as a screen would show it.
    public var onEvent: ((ChatEvent) -> Void)?

    public init(name: String) {
        self.name = name
    }

    /// Joins `room`, leaving the room the user was in.
    public func join(_ room: ChatRoom) {
        guard room !== self.room else { return }
        leave()
        self.room = room
        room.add(self)
    }

    /// Leaves the room, if the user is in one.
    public func leave() {
        guard let room else { return }
        self.room = nil
        room.remove(self)
    }

    /// Says `text` to everyone else in the room.
    public func say(_ text: String) throws(ChatError) {
        guard let room else { throw .notInRoom }
        room.broadcast(text, from: self)
    }

    /// Says `text` to the user named `name` only.
    public func whisper(_ text: String, to name: String) throws(ChatError) {
        guard let room else { throw .notInRoom }
        try room.whisper(text, from: self, to: name)
    }

    /// Where the room hands the user an event.
    func receive(_ event: ChatEvent) {
        onEvent?(event)
    }
}
