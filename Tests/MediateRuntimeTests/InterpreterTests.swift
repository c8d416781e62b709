import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

@Suite("Interpreter, statement by statement")
struct InterpreterTests {
    @Test func theSpecificationsExampleTranscriptExactly() throws {
        let source = """
            # Scenarios/musketeers.scenario
            scenario "Musketeers"
            mediator wrapper

            participant Athos : Musketeer
            participant Porthos : Musketeer
            participant Aramis : Musketeer

            on Musketeer sends any { log "{self} sent: {message}" }
            on Musketeer receives any { log "{self} received: {message}" }

            Athos -> *: "One for all...!"
            mediator -> *: "Charge!"
            """
        #expect(
            try transcript(source) == """
                scenario Musketeers
                mediator wrapper
                + Athos : Musketeer
                + Porthos : Musketeer
                + Aramis : Musketeer
                1 Athos -> * "One for all...!"
                  log Athos sent: One for all...!
                  Porthos <- Athos "One for all...!"
                    log Porthos received: One for all...!
                  Aramis <- Athos "One for all...!"
                    log Aramis received: One for all...!
                2 mediator -> * "Charge!"
                  Athos <- mediator "Charge!"
                    log Athos received: Charge!
                  Porthos <- mediator "Charge!"
                    log Porthos received: Charge!
                  Aramis <- mediator "Charge!"
                    log Aramis received: Charge!
                end: 2 sends, 5 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func theTitleDefaultsToTheFileNameAndTheKindToProtocolExtension() throws {
        let run = try runScenario("participant A\n", path: "some/dir/my-first.scenario")
        #expect(
            run.text == """
                scenario my-first
                mediator protocol-extension
                + A : Participant
                end: 0 sends, 0 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func targetedSendsGoToEachTargetInOrderAndReportMissingReceivers() throws {
        let source = """
            participant A
            participant B : Clerk weak
            participant C
            participant N
            leave N
            A -> C, N, B: ping(n: 1, "two", ok: true, -3.5)
            """
        #expect(
            try transcript(source, kind: .wrapper) == """
                scenario test
                mediator wrapper
                + A : Participant
                + B : Clerk weak
                + C : Participant
                + N : Participant
                leave N
                1 A -> C, N, B ping(n: 1, "two", ok: true, -3.5)
                  C <- A ping(n: 1, "two", ok: true, -3.5)
                  ! missingReceiver N
                  B <- A ping(n: 1, "two", ok: true, -3.5)
                end: 1 sends, 2 deliveries, 1 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func reactionsCascadeDepthFirstAndAreNumberedUnderTheirTrigger() throws {
        let source = """
            participant A : Node
            participant B : Node
            participant C : Node
            on B receives ping { self -> C: pong }
            on C receives pong { self -> *: done }
            on Node sends done { log "{self} is done" }
            A -> B, C: ping
            """
        #expect(
            try transcript(source) == """
                scenario test
                mediator protocol-extension
                + A : Node
                + B : Node
                + C : Node
                1 A -> B, C ping
                  B <- A ping
                    1.1 B -> C pong
                      C <- B pong
                        1.1.1 C -> * done
                          log C is done
                          A <- C done
                          B <- C done
                  C <- A ping
                end: 3 sends, 5 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func patternsBindByLabelElseByPositionAndReactionsOnTheNameComeFirst() throws {
        let source = """
            participant A
            participant B : Robot
            on Robot receives move(x, y) { log "type: {x},{y}" }
            on B receives move(y, x) { log "name: {x},{y}" }
            on B receives move(a, b, c) { log "never" }
            on B receives any { set last = sender
              set seen = self.last }
            A -> B: move(y: 2, x: 1)
            A -> B: move(7, 8)
            A -> B: "move"
            expect B.last == "A"
            """
        #expect(
            try transcript(source) == """
                scenario test
                mediator protocol-extension
                + A : Participant
                + B : Robot
                1 A -> B move(y: 2, x: 1)
                  B <- A move(y: 2, x: 1)
                    log name: 1,2
                    set B.last = "A"
                    set B.seen = "A"
                    log type: 1,2
                2 A -> B move(7, 8)
                  B <- A move(7, 8)
                    log name: 8,7
                    set B.last = "A"
                    set B.seen = "A"
                    log type: 7,8
                3 A -> B "move"
                  B <- A "move"
                    set B.last = "A"
                    set B.seen = "A"
                expect B.last == "A" ok
                end: 3 sends, 3 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func releaseReportsWhatTheObjectsDid() throws {
        let source = """
            participant A
            participant W weak
            participant S
            release W
            release S
            """
        let wrapper = try transcript(source, kind: .wrapper)
        #expect(wrapper.contains("release W\n  W deallocated\nrelease S\n  S still alive\n"))
        let protocolExtension = try transcript(source, kind: .protocolExtension)
        #expect(protocolExtension.contains("release W\n  W still alive\nrelease S\n  S still alive\n"))
        #expect(protocolExtension.hasSuffix("leaked: none\n"))
        let mesh = try transcript(source, kind: .mesh)
        #expect(mesh.hasSuffix("leaked: A, W, S\n"))
        let directDelegate = try transcript(source, kind: .directDelegate)
        #expect(directDelegate.hasSuffix("leaked: A, W, S, mediator\n"))
    }

    @Test func leaveDeallocatesAReleasedParticipantAndDirectDelegateRefuses() throws {
        let source = """
            participant A
            participant B
            release B
            leave B
            A -> B: "hi"
            """
        #expect(
            try transcript(source, kind: .wrapper).contains(
                """
                release B
                  B still alive
                leave B
                  B deallocated
                1 A -> B "hi"
                  ! missingReceiver B

                """))
        #expect(
            try transcript(source, kind: .directDelegate).contains(
                """
                leave B
                  ! fixedColleagues B
                1 A -> B "hi"
                  B <- A "hi"

                """))
    }

    @Test func aLateJoinIsRefusedByDirectDelegateOnly() throws {
        let source = """
            participant A
            A -> *: "first"
            participant B
            B -> *: "second"
            """
        #expect(
            try transcript(source, kind: .directDelegate).contains(
                """
                + B : Participant
                  ! fixedColleagues B
                2 B -> * "second"
                  ! noMediator

                """))
        #expect(
            try transcript(source, kind: .mesh).contains(
                """
                + B : Participant
                2 B -> * "second"
                  A <- B "second"

                """))
    }

    @Test func aRunTimeReplacementReregistersInTheOldOrderAndReleasesTheOldMediator() throws {
        let source = """
            participant A
            participant B weak
            participant C
            participant D
            leave B
            mediator wrapper
            release C
            mediator -> *: "hello"
            """
        let text = try transcript(source, kind: .protocolExtension)
        #expect(
            text.contains(
                """
                leave B
                mediator wrapper
                release C
                  C still alive
                1 mediator -> * "hello"
                  A <- mediator "hello"
                  D <- mediator "hello"
                  C <- mediator "hello"

                """))
        #expect(text.hasSuffix("leaked: none\n"))
    }

    @Test func aReplacementThatLetsAWeakReleasedParticipantGoSaysSo() throws {
        let source = """
            participant A
            participant B weak
            A -> *: "x"
            release B
            mediator wrapper
            """
        #expect(
            try transcript(source, kind: .protocolExtension).contains(
                """
                release B
                  B still alive
                mediator wrapper
                  B deallocated

                """))
        // The direct-delegate's colleagues still hold the old mediator, which holds B.
        let directDelegate = try transcript(source, kind: .directDelegate)
        #expect(directDelegate.contains("mediator wrapper\nend:"))
        #expect(directDelegate.hasSuffix("leaked: A, B, mediator\n"))
    }

    @Test func repliesToTheMediatorAndSendsWithoutOneAreErrors() throws {
        let source = """
            participant A
            participant B
            on A receives any { self -> sender: "back" }
            mediator -> A: "hi"
            """
        #expect(
            try transcript(source).contains(
                """
                1 mediator -> A "hi"
                  A <- mediator "hi"
                    1.1 A -> mediator "back"
                      ! missingReceiver mediator

                """))
        #expect(try transcript(source, kind: .mesh).contains("1 mediator -> A \"hi\"\n  ! noMediator\n"))
    }

    @Test func expectationsReportOkOrWhatTheyGot() throws {
        let source = """
            participant A { n = 1.50, s = "x" }
            participant B weak
            A -> B: "m"
            release B
            expect   A.n   ==   1.50
            expect A.s != "x"
            expect A.missing == 3
            expect B received 2
            expect B alive
            expect B deallocated
            """
        let run = try runScenario(source, kind: .wrapper)
        #expect(
            run.text.contains(
                """
                expect A.n == 1.50 ok
                expect A.s != "x" FAILED (got "x")
                expect A.missing == 3 FAILED (got nothing)
                expect B received 2 FAILED (got 1)
                expect B alive FAILED (got deallocated)
                expect B deallocated ok
                end: 1 sends, 1 deliveries, 0 errors, 4 failed expectations

                """))
        #expect(run.summary.exitCode == 1)
    }

    @Test func logInterpolatesPropertiesAndCanonicalNumbers() throws {
        let source = """
            participant A { price = 1099.990, whole = 10.0, tiny = 0.1, neg = -3 }
            log "{A.price} {A.whole} {A.tiny} {A.neg} {A.none} \\{literal\\} tab\\tend"
            """
        #expect(try runScenario(source, format: .log).text == "1099.99 10 0.1 -3 nothing {literal} tab\tend\n")
    }

    /// A line break or another control character in a title, a `log` text or an expectation's
    /// string does not split its transcript line: it is written as the language's escape. Tab and
    /// backslash stay as they are; `--format log` and JSON lines keep the text itself.
    @Test func controlCharactersInTitlesLogsAndExpectationsStayOnTheirLine() throws {
        let source =
            "scenario \"two\\nlines\\u{D}\"\nparticipant A { s = \"a\u{7}b\" }\n"
            + "log \"x\\ny\\u{0}\\u{7F}\\tz \\\\n\"\nexpect A.s == \"a\u{7}b\"\n"
        let run = try runScenario(source)
        #expect(
            run.text == """
                scenario two\\nlines\\u{D}
                mediator protocol-extension
                + A : Participant
                log x\\ny\\u{0}\\u{7F}\tz \\n
                expect A.s == "a\\u{7}b" ok
                end: 0 sends, 0 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
        #expect(try runScenario(source, format: .log).text == "x\ny\u{0}\u{7F}\tz \\n\n")
        #expect(try runScenario(source, format: .jsonl).text.contains(#""title":"two\nlines\r""#))
        let stem = try runScenario("participant A\n", path: "odd\nname.scenario").text
        #expect(stem.hasPrefix("scenario odd\\nname\n"))
    }

    @Test func theDepthLimitStopsTheRunNamingTheLimitAndTheStep() throws {
        let source = """
            participant A
            participant B
            on A receives ping { self -> B: ping }
            on B receives ping { self -> A: ping }
            log "start"
            A -> B: ping
            log "never"
            """
        let run = try runScenario(source, limits: RunLimits(maxDepth: 3))
        #expect(
            run.text.contains(
                """
                1 A -> B ping
                  B <- A ping
                    1.1 B -> A ping
                      A <- B ping
                        1.1.1 A -> B ping
                          B <- A ping
                            ! depthLimit 3 at step 2 (line 6)
                end: 3 sends, 3 deliveries, 1 errors, 0 failed expectations

                """))
        #expect(!run.text.contains("never"))
        #expect(run.summary.exitCode == 3)
    }

    @Test func theDeliveryLimitStopsTheRun() throws {
        let source = """
            participant A
            participant B
            participant C
            A -> *: "one"
            A -> *: "two"
            """
        let run = try runScenario(source, limits: RunLimits(maxDeliveries: 3))
        #expect(
            run.text.contains(
                """
                2 A -> * "two"
                  B <- A "two"
                  ! deliveryLimit 3 at step 2 (line 5)
                end: 2 sends, 3 deliveries, 1 errors, 0 failed expectations

                """))
        #expect(run.summary.exitCode == 3)
    }

    @Test func typedBroadcastsSkipOtherTypesAndTheSender() throws {
        let source = """
            participant A : Cat
            participant B : Dog
            participant C : Cat
            A -> * Cat: "meow"
            """
        #expect(try transcript(source, kind: .mesh).contains("1 A -> * Cat \"meow\"\n  C <- A \"meow\"\nend:"))
    }

    @Test func aParticipantThatLeftStillBroadcastsUnderProtocolExtensionButNotInTheMesh() throws {
        let source = """
            participant A
            participant B
            leave A
            A -> *: "still here"
            """
        #expect(try transcript(source, kind: .protocolExtension).contains("1 A -> * \"still here\"\n  B <- A \"still here\"\n"))
        #expect(try transcript(source, kind: .mesh).contains("1 A -> * \"still here\"\nend:"))
    }
}
