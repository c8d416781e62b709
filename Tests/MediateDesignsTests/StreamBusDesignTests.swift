import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// The async-stream reference design: a bus of `AsyncStream`s, one reading task per colleague.
@Suite("async-stream design")
struct StreamBusDesignTests {
    /// Its transcript is the same on every run: the readers' jobs run one at a time, in the
    /// scheduler's fixed order.
    @Test(arguments: ["auction", "smart-home", "game-lobby", "control-room"])
    func theTranscriptIsTheSameOnEveryRun(name: String) throws {
        let source = try String(
            contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).scenario"), encoding: .utf8)
        let first = try transcript(source, kind: .asyncStream)
        for _ in 1...20 { #expect(try transcript(source, kind: .asyncStream) == first) }
        #expect(first.contains("mediator async-stream"))
    }

    /// A reader carries no link to the send that fed its stream: every delivery is written under
    /// the step, and a reaction's send, numbered among the step's, is delivered once the readers
    /// already woken have run.
    @Test func deliveriesAreWrittenUnderTheStepInTheOrderTheReadersRan() throws {
        let text = try transcript(
            """
            participant A
            participant B
            participant C
            on B receives hello {
                self -> C: thanks
                log "B answered"
            }
            on C receives hello { self -> A: back }
            A -> *: hello
            """, kind: .asyncStream)
        #expect(
            text.contains(
                """
                1 A -> * hello
                  B <- A hello
                    1.1 B -> C thanks
                    log B answered
                  C <- A hello
                    1.2 C -> A back
                  A <- C back
                  C <- B thanks
                end: 3 sends, 4 deliveries, 0 errors, 0 failed expectations
                """), "\(text)")
    }

    /// Each colleague reads its own stream in the order it was fed: B's two sends reach A in
    /// the order B made them.
    @Test func aColleagueReadsItsStreamInOrder() throws {
        let text = try transcript(
            """
            participant A
            participant B
            on B receives one {
                self -> A: x
                self -> A: y
            }
            on A receives x { self -> B: z }
            A -> B: one
            """, kind: .asyncStream)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let x = try #require(lines.firstIndex(of: "A <- B x"))
        let y = try #require(lines.firstIndex(of: "A <- B y"))
        #expect(x < y, "\(text)")
    }

    /// A colleague that leaves has its stream finished: it hears nothing more, a send to it is
    /// `! missingReceiver`, and it can still post through its weak bus. What a reaction's `leave`
    /// finds already in the stream is still read.
    @Test func aColleagueThatLeavesHearsNothingMore() throws {
        let text = try transcript(
            """
            participant A
            participant B
            participant C
            leave B
            A -> *: "one"
            A -> B: "two"
            B -> *: "three"
            """, kind: .asyncStream)
        #expect(
            text.contains(
                """
                leave B
                1 A -> * "one"
                  C <- A "one"
                2 A -> B "two"
                  ! missingReceiver B
                3 B -> * "three"
                  A <- B "three"
                  C <- B "three"
                end: 3 sends, 3 deliveries, 1 errors, 0 failed expectations
                leaked: none
                """), "\(text)")
        let kicked = try transcript(
            """
            participant Host
            participant Ann
            participant Bob
            on Ann receives start { leave Bob }
            Host -> *: start
            Host -> *: again
            """, kind: .asyncStream)
        #expect(kicked.contains("    leave Bob\n  Bob <- Host start\n2 Host -> * again\n  Ann <- Host again\nend:"), "\(kicked)")
    }

    /// A `weak` colleague is held weakly by the bus and by its reader: released, it is gone at
    /// once, and a send to it is `! missingReceiver`, as under the wrapper.
    @Test func aWeakColleagueIsGoneOnceReleased() throws {
        let source = """
            participant Ann weak
            participant Bob
            release Ann
            Bob -> Ann: "hi"
            expect Ann deallocated
            """
        let text = try transcript(source, kind: .asyncStream)
        #expect(text.contains("release Ann\n  Ann deallocated\n1 Bob -> Ann \"hi\"\n  ! missingReceiver Ann\n"), "\(text)")
        #expect(text.hasSuffix("0 failed expectations\nleaked: none\n"))
    }
}
