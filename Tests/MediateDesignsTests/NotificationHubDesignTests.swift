import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// The notification-center reference design: a `NotificationCenter` of its own, one observer per
/// colleague, delivering on the posting thread.
@Suite("notification-center design")
struct NotificationHubDesignTests {
    /// Synchronous: an observer with no queue runs before `post` returns, so a scenario's
    /// transcript is the wrapper's but for the `mediator` line (and the design a `together` line
    /// names). (smart-home, whose hub sends to a
    /// weak participant that is gone, differs: see `aPostToAWeakColleagueThatIsGoneIsLost`.)
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path).sorted())
    func theTranscriptIsTheWrappersButForTheMediatorLine(name: String) throws {
        guard name != "smart-home.scenario" else { return }
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name)"), encoding: .utf8)
        let wrapper = try transcript(source, kind: .wrapper)
        let hub = try transcript(source, kind: .notificationCenter)
        // The header's line only: a run-time replacement (`mediator wrapper` in control-room) stays.
        let header = try #require(wrapper.range(of: "\nmediator wrapper"))
        let together = "\ntogether (in written order: "
        #expect(
            hub
                == wrapper.replacingCharacters(in: header, with: "\nmediator notification-center")
                .replacingOccurrences(of: together + "wrapper ", with: together + "notification-center "))
    }

    /// Observers of one name are called in the order of a hash table that changes with every
    /// process and every address: the hub posts to each receiver in the order they joined, so
    /// the order is the same on every run.
    @Test func aBroadcastReachesTheColleaguesInTheOrderTheyJoined() throws {
        let names = (1...30).map { "P\($0)" }
        let source = names.map { "participant \($0)" }.joined(separator: "\n") + "\nmediator -> *: \"hello\"\n"
        let expected = names.map { "  \($0) <- mediator \"hello\"" }.joined(separator: "\n")
        for _ in 1...10 {
            let text = try transcript(source, kind: .notificationCenter)
            #expect(text.contains(expected), "\(text)")
        }
    }

    /// A broadcast goes on with the receivers it started with (docs/LANGUAGE.md): Bob, who left
    /// in a reaction to it, still hears it, as under the wrapper; then no send finds him, and one
    /// who leaves and comes back during a broadcast hears it once.
    @Test func aColleagueThatLeavesMidBroadcastHearsItThenNothingMore() throws {
        let source = """
            language 1.1
            participant Host
            participant Ann
            participant Bob
            on Ann receives start { leave Bob }
            Host -> *: start
            Host -> Bob: again
            Bob -> *: "still here"
            """
        let text = try transcript(source, kind: .notificationCenter)
        #expect(
            text.contains(
                """
                1 Host -> * start
                  Ann <- Host start
                    leave Bob
                  Bob <- Host start
                2 Host -> Bob again
                  ! missingReceiver Bob
                3 Bob -> * "still here"
                  Host <- Bob "still here"
                  Ann <- Bob "still here"
                end: 3 sends, 4 deliveries, 1 errors, 0 failed expectations
                """), "\(text)")
        let wrapper = try transcript(source, kind: .wrapper)
        #expect(text.replacingOccurrences(of: "mediator notification-center", with: "mediator wrapper") == wrapper)
    }

    /// A `weak` colleague's observer holds it weakly: released, it is gone at once. The hub
    /// keeps no reference to it, so it still posts to it, and the message is lost without an
    /// error, where the wrapper writes `! missingReceiver`. A strong one's observer keeps it
    /// alive after it is released, and it still hears.
    @Test func aPostToAWeakColleagueThatIsGoneIsLost() throws {
        let source = """
            participant Ann weak
            participant Bob
            participant Cid
            release Ann
            release Cid
            Bob -> Ann: "hi"
            Bob -> Cid: "hi"
            """
        let text = try transcript(source, kind: .notificationCenter)
        #expect(
            text.contains(
                """
                release Ann
                  Ann deallocated
                release Cid
                  Cid still alive
                1 Bob -> Ann "hi"
                2 Bob -> Cid "hi"
                  Cid <- Bob "hi"
                end: 2 sends, 1 deliveries, 0 errors, 0 failed expectations
                leaked: none
                """), "\(text)")
        #expect(try transcript(source, kind: .wrapper).contains("1 Bob -> Ann \"hi\"\n  ! missingReceiver Ann\n"))
    }
}
