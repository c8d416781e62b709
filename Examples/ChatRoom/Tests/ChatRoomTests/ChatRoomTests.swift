import ChatRoom
import Testing

/// The app on its own: who is in a room, and who hears what.
@Suite struct ChatRoomTests {
    /// A user who says something, and the events each listener received.
    final class Screen {
        var events: [ChatEvent] = []

        func watch(_ user: User) {
            user.onEvent = { [unowned self] in events.append($0) }
        }
    }

    @Test func theRoomDoesNotKeepAUserAlive() {
        let room = ChatRoom()
        weak var gone: User?
        do {
            let user = User(name: "Ann")
            user.join(room)
            gone = user
            #expect(room.users.map(\.name) == ["Ann"])
        }
        #expect(gone == nil)
        #expect(room.users.isEmpty)
    }

    @Test func leaveRemovesThatUserNotAnotherOfTheSameName() {
        let room = ChatRoom()
        let first = User(name: "Sam"), second = User(name: "Sam")
        first.join(room)
        second.join(room)
        second.leave()
        #expect(room.users.count == 1)
        #expect(room.users.first === first)
        #expect(second.room == nil)
    }

    @Test func everyoneElseHearsInJoinOrder() throws {
        let room = ChatRoom()
        let ann = User(name: "Ann"), ben = User(name: "Ben"), cho = User(name: "Cho")
        for user in [ann, ben, cho] { user.join(room) }
        var heard: [String] = []
        for user in [ann, ben, cho] {
            user.onEvent = { event in
                if case .message(let from, let text) = event { heard.append("\(user.name) <- \(from ?? "room"): \(text)") }
            }
        }
        try ben.say("hi")
        room.announce("closing")
        #expect(heard == ["Ann <- Ben: hi", "Cho <- Ben: hi", "Ann <- room: closing", "Ben <- room: closing", "Cho <- room: closing"])
    }

    @Test func joiningAndLeavingAreAnnouncedToTheOthers() {
        let room = ChatRoom()
        let ann = User(name: "Ann"), ben = User(name: "Ben")
        let screen = Screen()
        ann.join(room)
        screen.watch(ann)
        ben.join(room)
        ben.leave()
        #expect(screen.events == [.joined("Ben"), .left("Ben")])
    }

    @Test func aWhisperReachesOnlyItsTarget() throws {
        let room = ChatRoom()
        let ann = User(name: "Ann"), ben = User(name: "Ben"), cho = User(name: "Cho")
        let bens = Screen(), chos = Screen()
        for user in [ann, ben, cho] { user.join(room) }
        bens.watch(ben)
        chos.watch(cho)
        try ann.whisper("psst", to: "Ben")
        #expect(bens.events == [.whisper(from: "Ann", text: "psst")])
        #expect(chos.events.isEmpty)
        #expect(throws: ChatError.noSuchUser("Dee")) { try ann.whisper("hello?", to: "Dee") }
    }

    @Test func someoneInNoRoomCannotSpeak() {
        let ann = User(name: "Ann")
        #expect(throws: ChatError.notInRoom) { try ann.say("anyone?") }
    }
}
