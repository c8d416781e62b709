#if Combine
    import Foundation
    import MediateDesigns
    import MediateTestSupport
    import Testing

    @testable import MediateKit

    /// The combine reference design (OpenCombine's `PassthroughSubject`, one inbox per colleague):
    /// synchronous, so its transcripts are the wrapper's but for the `mediator` line.
    @Suite("The combine design")
    struct CombineDesignTests {
        /// The transcript under `kind`, without its `mediator` line.
        private func body(_ source: String, kind: MediatorKind) throws -> String {
            try transcript(source, kind: kind).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("mediator ") }.joined(separator: "\n")
        }

        /// A broadcast reaches six colleagues in the order they joined (a late joiner last), and a
        /// reaction's send is delivered inside the delivery that caused it: the subject calls each
        /// `sink` on the sending thread before `send` returns. One subject shared by all would reach
        /// them in its `Set`'s order instead.
        @Test func deliversInJoinOrderAndInsideTheCausingDelivery() throws {
            let source = """
                participant A
                participant B
                participant C
                participant D
                participant E
                on B receives hello {
                    self -> E: thanks
                    log "B answered"
                }
                A -> *: hello
                participant F
                A -> *: again
                """
            let text = try transcript(source, kind: .combine)
            #expect(
                text.contains(
                    """
                    1 A -> * hello
                      B <- A hello
                        1.1 B -> E thanks
                          E <- B thanks
                        log B answered
                      C <- A hello
                      D <- A hello
                      E <- A hello
                    """), "\(text)")
            #expect(text.contains("  E <- A again\n  F <- A again\n"), "\(text)")
            #expect(try body(source, kind: .combine) == body(source, kind: .wrapper))
        }

        /// A colleague that left gets no more deliveries and is a missing receiver; one that leaves
        /// in a reaction still gets the broadcast under way, as docs/LANGUAGE.md says of every design.
        @Test func aColleagueThatLeftGetsNothingButTheBroadcastUnderWay() throws {
            let source = """
                language 1.1
                participant A
                participant B
                participant C
                on B receives bye { leave C }
                A -> *: bye
                A -> *: after
                A -> C: direct
                expect C received 1 bye
                expect C received 0 after
                """
            let (text, summary) = try runScenario(source, kind: .combine)
            #expect(summary.failedExpectations == 0, "\(text)")
            #expect(text.contains("  C <- A bye\n"), "\(text)")
            #expect(text.contains("! missingReceiver C"), "\(text)")
            #expect(try body(source, kind: .combine) == body(source, kind: .wrapper))
        }

        /// The mediator holds a `weak` participant weakly: released, it is deallocated and gets
        /// nothing more; a participant held strongly stays alive. Nothing leaks.
        @Test func weakColleaguesGoWhenReleased() throws {
            let source = """
                participant A
                participant W weak
                participant S
                release W
                release S
                A -> *: hello
                expect S received 1 hello
                """
            let (text, summary) = try runScenario(source, kind: .combine)
            #expect(summary.failedExpectations == 0, "\(text)")
            #expect(text.contains("release W\n  W deallocated\n"), "\(text)")
            #expect(text.contains("release S\n  S still alive\n"), "\(text)")
            #expect(!text.contains("W <- A"), "\(text)")
            #expect(summary.leaked.isEmpty)
            #expect(try body(source, kind: .combine) == body(source, kind: .wrapper))
        }

        /// The transcript is the same on every run in this process (MediateEndToEndTests runs it in
        /// new ones): no order comes from a `Set` of subscriptions.
        @Test(arguments: ["auction", "smart-home", "game-lobby", "office"])
        func theTranscriptIsTheSameOnEveryRun(name: String) throws {
            let path = "Scenarios/\(name).scenario"
            let golden = try String(contentsOf: packageRoot.appendingPathComponent("Output/\(name)/combine.transcript"), encoding: .utf8)
            let source = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            for _ in 1...10 { #expect(try runScenario(source, kind: .combine, path: path).text == golden) }
        }
    }
#endif
