import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

/// Language 1.1: `leave` and `release` in reactions, words of the language as names,
/// reactions `from here`, the hoisting warning and the version line.
@Suite("Leave and release in reactions, names, hoisting, version")
struct LeaveReleaseAndHoistingTests {
    // MARK: Words of the language as names

    @Test func keywordsAreMessageNamesLabelsAndPropertyNames() throws {
        let source = """
            participant Host
            participant Hall : Light { on = false }
            on Light receives set(value) { set on = value; log "{self.on} {Hall.on}" }
            on Host receives leave { self -> Hall: set(on: true) }
            Hall -> Host: leave
            expect Hall.on == true
            """
        #expect(
            try transcript(source) == """
                scenario test
                mediator protocol-extension
                + Host : Participant
                + Hall : Light
                1 Hall -> Host leave
                  Host <- Hall leave
                    1.1 Host -> Hall set(on: true)
                      Hall <- Host set(on: true)
                        set Hall.on = true
                        log true true
                expect Hall.on == true ok
                end: 2 sends, 2 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    // MARK: leave and release in reactions

    static let lobby = """
        participant Host : Admin
        participant Ann : Player
        participant Bob : Player
        on Admin receives kick(who) {
            leave who
            release who
        }
        on Ann receives bye { release sender }
        Ann -> Host: kick("Bob")
        Ann -> Host: kick("Zed")
        Ann -> Host: kick(3)
        mediator -> Ann: bye
        Host -> Ann: bye
        """

    @Test func aHostKicksAPlayerByAParameter() throws {
        #expect(
            try transcript(Self.lobby) == """
                scenario test
                mediator protocol-extension
                + Host : Admin
                + Ann : Player
                + Bob : Player
                1 Ann -> Host kick("Bob")
                  Host <- Ann kick("Bob")
                    leave Bob
                    release Bob
                      Bob deallocated
                2 Ann -> Host kick("Zed")
                  Host <- Ann kick("Zed")
                    ! unknownParticipant "Zed"
                    ! unknownParticipant "Zed"
                3 Ann -> Host kick(3)
                  Host <- Ann kick(3)
                    ! unknownParticipant 3
                    ! unknownParticipant 3
                4 mediator -> Ann bye
                  Ann <- mediator bye
                    ! unknownParticipant mediator
                5 Host -> Ann bye
                  Ann <- Host bye
                    release Host
                      Host still alive
                end: 5 sends, 5 deliveries, 5 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func directDelegateRefusesALeaveOneLevelDeeper() throws {
        let lines = try transcript(Self.lobby, kind: MediatorKind("direct-delegate")).split(separator: "\n")
        #expect(
            lines[5...10] == [
                "1 Ann -> Host kick(\"Bob\")", "  Host <- Ann kick(\"Bob\")", "    leave Bob",
                "      ! fixedColleagues Bob", "    release Bob", "      Bob still alive",
            ])
    }

    @Test func aSenderThatAReactionReleasedAndIsGoneSendsNothing() throws {
        let source = """
            participant A weak
            participant B
            on B receives bye { release A }
            A -> B: bye
            A -> B: hello
            """
        #expect(
            try transcript(source, kind: MediatorKind("wrapper"))
                == """
                scenario test
                mediator wrapper
                + A : Participant weak
                + B : Participant
                1 A -> B bye
                  B <- A bye
                    release A
                      A still alive
                  A deallocated
                2 A -> B hello
                  ! deallocatedSender A
                end: 2 sends, 1 deliveries, 1 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func jsonLinesGiveTheDepthOfAReactionsLeaveAndRelease() throws {
        let lines = try runScenario(Self.lobby, format: .jsonl).text.split(separator: "\n")
        #expect(lines.contains(#"{"depth":2,"event":"leave","name":"Bob"}"#))
        #expect(lines.contains(#"{"depth":2,"event":"release","name":"Bob"}"#))
        #expect(lines.contains(#"{"deallocated":true,"depth":3,"event":"lifetime","name":"Bob"}"#))
        #expect(lines.contains(#"{"depth":2,"detail":"\"Zed\"","error":"unknownParticipant","event":"error"}"#))
        let top = try runScenario("participant A\nleave A\nrelease A", format: .jsonl).text.split(separator: "\n")
        #expect(top.contains(#"{"depth":0,"event":"leave","name":"A"}"#))
    }

    /// A broadcast whose second receiver makes the third leave and be released, releases the
    /// fourth, and leaves and releases itself: no design crashes, and each says what it did.
    static let broadcast = """
        participant A : P
        participant B : P
        participant C : P
        participant D : P
        on B receives ping {
            leave C
            release C
            release D
            leave self
            release self
        }
        on P receives ping { log "{self} got it" }
        A -> *: ping
        A -> *: ping
        """

    /// What each design does with ``broadcast``. The broadcast in progress goes on over the
    /// receivers it started with; once the step is over the calls that held them have returned.
    static let afterTheBroadcast: [String: String] = [
        "protocol-extension": removed + "leaked: none\n",
        "wrapper": removed + "leaked: none\n",
        "mesh": removed + "leaked: A, D\n",
        "actor": removed + "leaked: none\n",
        "async-stream": removed + "leaked: none\n",
        "notification-center": removed + "leaked: none\n",
        "combine": removed + "leaked: none\n",
        "direct-delegate": """
        scenario test
        mediator direct-delegate
        + A : P
        + B : P
        + C : P
        + D : P
        \(refusedStep(1))\(refusedStep(2))end: 2 sends, 6 deliveries, 4 errors, 0 failed expectations
        leaked: A, B, C, D, mediator

        """,
    ]

    static let removed = """
        scenario test
        mediator \u{0}
        + A : P
        + B : P
        + C : P
        + D : P
        1 A -> * ping
          B <- A ping
            leave C
            release C
              C still alive
            release D
              D still alive
            leave B
            release B
              B still alive
            log B got it
          C <- A ping
            log C got it
          D <- A ping
            log D got it
          B deallocated
          C deallocated
        2 A -> * ping
          D <- A ping
            log D got it
        end: 2 sends, 4 deliveries, 0 errors, 0 failed expectations

        """

    static func refusedStep(_ number: Int) -> String {
        """
        \(number) A -> * ping
          B <- A ping
            leave C
              ! fixedColleagues C
            release C
              C still alive
            release D
              D still alive
            leave B
              ! fixedColleagues B
            release B
              B still alive
            log B got it
          C <- A ping
            log C got it
          D <- A ping
            log D got it

        """
    }

    @Test(arguments: MediatorKind.allCases)
    func aReactionThatRemovesColleaguesMidBroadcastCannotCrash(kind: MediatorKind) throws {
        let run = try runScenario(Self.broadcast, kind: kind)
        let expected = try #require(Self.afterTheBroadcast[kind.rawValue])
        #expect(run.text == expected.replacingOccurrences(of: "\u{0}", with: kind.rawValue))
        #expect(run.summary.stoppedBy == nil)
    }

    @Test func aReactionsReleaseDoesNotStopATopLevelSendFromTheReleased() throws {
        // The static rule only looks at top-level releases; the run decides.
        let source = """
            participant A
            participant B
            on B receives ping { release self }
            A -> B: ping
            B -> A: pong
            """
        // The mediator still holds B, which sends on.
        #expect(try transcript(source).contains("    release B\n      B still alive\n2 B -> A pong\n  A <- B pong\n"))
    }

    // MARK: from here

    @Test func aReactionFromHereAppliesOnceTheRunReachesIt() throws {
        let source = """
            participant A : T
            participant B : T
            on T receives ping { log "always {self}" }
            A -> B: ping
            on B receives ping from here { log "from here" }
            on T receives ping from here { log "typed from here" }
            A -> B: ping
            participant C : T
            A -> C: ping
            """
        #expect(
            try transcript(source) == """
                scenario test
                mediator protocol-extension
                + A : T
                + B : T
                1 A -> B ping
                  B <- A ping
                    log always B
                2 A -> B ping
                  B <- A ping
                    log from here
                    log always B
                    log typed from here
                + C : T
                3 A -> C ping
                  C <- A ping
                    log always C
                    log typed from here
                end: 3 sends, 3 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func fromHereAndHereStayNames() throws {
        let source =
            "participant from\nparticipant here\nfrom -> here: from\non here receives from from here { log \"x\" }\nfrom -> here: from"
        #expect(
            try transcript(source).hasSuffix(
                "2 from -> here from\n  here <- from from\n    log x\nend: 2 sends, 2 deliveries, 0 errors, 0 failed expectations\nleaked: none\n"
            ))
    }

    // MARK: The hoisting warning

    func warnings(_ source: String) throws -> [String] {
        let script = try Frontend.load(SourceFile(path: "t.scenario", text: source), designs: .reference).get()
        return script.warnings.map { "\($0.range.lowerBound.line): \($0.message) | \($0.notes.last!.message)" }
    }

    @Test func aReactionBelowASendItMatchesWarns() throws {
        let source = """
            participant A : T
            participant B : T
            participant C : U
            A -> *: ping
            A -> C: "hi"
            on B receives ping { log "late" }
            on T sends any { log "x" }
            on C receives pong { log "other message" }
            on A receives ping { log "A is the sender, not a receiver" }
            on B receives ping from here { log "fine" }
            on U receives any { log "text too" }
            """
        let help = "add 'from here' before '{' to apply it from this line on, or move it above line"
        #expect(
            try warnings(source) == [
                "6: this reaction also applies to the send on line 4, written above it | \(help) 4",
                "7: this reaction also applies to the send on line 4, written above it | \(help) 4",
                "11: this reaction also applies to the send on line 4, written above it | \(help) 4",
            ])
        #expect(
            try warnings("language 1.0\nparticipant A\nA -> A: ping\non A receives any {}")
                == ["4: this reaction also applies to the send on line 3, written above it | move it above line 3"])
    }

    @Test func aWarningPrintsWithItsCaretAndNeverChangesTheExitCode() throws {
        let workspace = try Workspace()
        try workspace.write("w.scenario", "participant A\nparticipant B\nA -> B: ping\non B receives ping { log \"late\" }\n")
        let out = StringOutput()
        let err = StringOutput()
        let code = RunCommand(paths: [workspace.path("w.scenario")], designs: .reference)
            .execute(standardOutput: out, standardError: err)
        #expect(code == 0)
        #expect(out.text.contains("    log late\n"))
        #expect(
            err.text.replacingOccurrences(of: workspace.root.path + "/", with: "") == """
                w.scenario:4:1: warning: this reaction also applies to the send on line 3, written above it
                on B receives ping { log "late" }
                ^~~~~~~~~~~~~~~~~~
                note: a reaction applies throughout the run, to the sends above it too
                help: add 'from here' before '{' to apply it from this line on, or move it above line 3

                """)
        let json = StringOutput()
        _ = RunCommand(paths: [workspace.path("w.scenario")], designs: .reference, diagnosticFormat: .json)
            .execute(standardOutput: StringOutput(), standardError: json)
        #expect(json.text.contains(#""severity":"warning""#))
    }

    @Test func aSendToAParticipantThatLeftWarnsWithTheLeaveLine() throws {
        let source = "participant A\nparticipant B\nparticipant C\nleave B\nA -> B: hi\nleave C\nA -> C, B: hi\nA -> B, A: hi"
        #expect(
            try warnings(source) == [
                "5: this send goes to 'B', who left the mediator on line 4 | send to 'B' above line 4, or take it out of the targets",
                "7: this send goes to 'C', who left the mediator on line 6 | send to 'C' above line 6, or take it out of the targets",
                "7: this send goes to 'B', who left the mediator on line 4 | send to 'B' above line 4, or take it out of the targets",
                "8: this send goes to 'B', who left the mediator on line 4 | send to 'B' above line 4, or take it out of the targets",
            ])
        // A send above the `leave`, a broadcast, and a `leave` in a reaction do not warn.
        #expect(try warnings("participant A\nparticipant B\nA -> B: hi\nleave B\nA -> *: hi\nA -> * Participant: hi") == [])
        #expect(try warnings("participant A\nparticipant B\non A receives go { leave B }\nB -> A: go\nA -> B: hi") == [])
    }

    /// The run explains its first `! missingReceiver NAME` for a participant that left, where the
    /// `leave` is, on standard error; the transcript is as before.
    @Test func theRunNotesWhyAParticipantThatLeftMissesAMessage() throws {
        let workspace = try Workspace()
        let source = """
            participant Host : Admin
            participant Ann
            participant Bob
            on Admin receives kick(who) { leave who }
            on Ann receives poke { self -> Bob: hi }
            Ann -> Host: kick("Bob")
            Ann -> Bob: "one"
            Host -> Ann: poke
            """
        try workspace.write("k.scenario", source)
        func run(_ kind: String, format: DiagnosticFormat = .text) -> (out: String, err: String) {
            let out = StringOutput()
            let err = StringOutput()
            _ = RunCommand(
                paths: [workspace.path("k.scenario")], mediator: .kind(MediatorKind(kind)), designs: .reference,
                diagnosticFormat: format
            )
            .execute(standardOutput: out, standardError: err)
            return (out.text, err.text.replacingOccurrences(of: workspace.root.path + "/", with: ""))
        }
        let mesh = run("mesh")
        #expect(mesh.out.components(separatedBy: "! missingReceiver Bob").count == 3)
        #expect(
            mesh.err == """
                k.scenario:7:8: note: under mesh, the run wrote '! missingReceiver Bob' here: Bob left the mediator on line 4
                Ann -> Bob: "one"
                       ^~~

                """)
        #expect(run("mesh", format: .json).err.contains(#""severity":"note""#))
        #expect(run("mesh", format: .github).err.hasPrefix("::notice file=k.scenario,line=7,col=8"))
        // direct-delegate refuses the `leave`: Bob still hears, and nothing needs explaining.
        #expect(run("direct-delegate").err.isEmpty)
    }

    /// The project's scenarios warn only where they send to a participant that left on purpose,
    /// to show what each design does with it.
    @Test func theProjectsScenariosWarnOnlyAtTheirSendsToParticipantsThatLeft() throws {
        let folder = packageRoot.appendingPathComponent("Scenarios")
        let expected = [
            "auction.scenario": ["33: this send goes to 'Ann', who left the mediator on line 29"],
            "office.scenario": ["41: this send goes to 'Carol', who left the mediator on line 36"],
        ]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".scenario") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let found = try warnings(text).map { $0.components(separatedBy: " | ")[0] }
            #expect(found == expected[name] ?? [], "\(name)")
        }
    }

    // MARK: The version line

    @Test func aVersionLineWritesNothing() throws {
        let plain = "scenario \"V\"\nparticipant A\nA -> *: hi"
        #expect(try transcript("language 1.1\n" + plain) == transcript(plain))
        #expect(try transcript("# pinned\nlanguage 1.0\n" + plain) == transcript(plain))
        #expect(try runScenario("language 1.1\n" + plain, format: .jsonl).text == runScenario(plain, format: .jsonl).text)
    }

    @Test func languageIsStillAName() throws {
        #expect(try transcript("participant language\nparticipant B\nlanguage -> B: hi").contains("1 language -> B hi"))
    }

    // MARK: fmt and the tree

    static let everything = """
        language   1.1
        participant Host : Admin
        participant Light{on=true}
        on Admin receives kick(who)   from   here {leave who;release  who}
        on Light receives set(value) { set on=value }
        on Host receives any{ release sender }
        Host->Light:set(on:false)
        """

    static let canonical = """
        language 1.1
        participant Host : Admin
        participant Light { on = true }
        on Admin receives kick(who) from here {
            leave who
            release who
        }
        on Light receives set(value) { set on = value }
        on Host receives any { release sender }
        Host -> Light: set(on: false)

        """

    @Test func fmtWritesEachConstructCanonicallyAndIdempotently() throws {
        let once = try format(Self.everything)
        #expect(once == Self.canonical)
        #expect(try format(once) == once)
    }

    @Test func theTreeDumpShowsEachConstruct() throws {
        let script = try Frontend.load(SourceFile(path: "t.scenario", text: Self.canonical), designs: .reference).get()
        let dump = script.dump()
        #expect(dump.contains("├─ Language 1.1 @1:1-1:13"))
        #expect(dump.contains("│  ├─ From here @4:29-4:38"))
        #expect(dump.contains("│  ├─ Leave who @5:5-5:14"))
        #expect(dump.contains("│  └─ Release who @6:5-6:16"))
        #expect(dump.contains("│  └─ Release sender @9:24-9:38"))
        #expect(dump.contains("├─ Participant Light @3:1-3:32\n│  └─ Property on = true @3:21-3:30"))
    }

    func format(_ text: String) throws -> String {
        switch ScenarioFormatter.format(SourceFile(path: "t.scenario", text: text)) {
        case .success(let formatted): return formatted
        case .failure(let failure):
            Issue.record("not formatted: \(failure)")
            throw failure
        }
    }
}
