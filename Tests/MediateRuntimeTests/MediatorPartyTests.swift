import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateEmitters
@testable import MediateKit
@testable import MediateSyntax

/// Language 1.1: the mediator as a party (`mediator KIND as NAME { … }`, sends to it, its
/// reactions) and targets that mix `* TYPE` with names.
@Suite("The mediator as a party, and typed-plus-named targets")
struct MediatorPartyTests {
    static let tower = """
        scenario "Tower"
        mediator wrapper as Tower { landed = 0 }

        participant Alpha : Plane
        participant Bravo : Plane
        participant App

        on Tower receives land(runway) {
            log "{self} clears {sender} for {runway}"
            set landed = 1
            self -> sender: cleared(runway)
            self -> * Plane, App: busy(runway)
        }
        on mediator sends any { log "{self} sends {message}" }
        on Plane receives cleared(runway) { self -> mediator: thanks }
        on App receives any { log "app got {message} from {sender}" }

        Alpha -> Tower: land("27L")
        mediator -> App: hello
        Bravo -> * Plane, App, Tower: ping
        log "landed: {Tower.landed}"
        expect Tower.landed == 1
        expect Tower received 3
        expect mediator received 3
        """

    @Test func aNamedMediatorReceivesReactsAndSendsUnderItsName() throws {
        #expect(
            try transcript(Self.tower) == """
                scenario Tower
                mediator wrapper as Tower
                + Alpha : Plane
                + Bravo : Plane
                + App : Participant
                1 Alpha -> Tower land("27L")
                  Tower <- Alpha land("27L")
                    log Tower clears Alpha for 27L
                    set Tower.landed = 1
                    1.1 Tower -> Alpha cleared("27L")
                      log Tower sends cleared("27L")
                      Alpha <- Tower cleared("27L")
                        1.1.1 Alpha -> Tower thanks
                          Tower <- Alpha thanks
                    1.2 Tower -> * Plane, App busy("27L")
                      log Tower sends busy("27L")
                      Alpha <- Tower busy("27L")
                      Bravo <- Tower busy("27L")
                      App <- Tower busy("27L")
                        log app got busy("27L") from Tower
                2 Tower -> App hello
                  log Tower sends hello
                  App <- Tower hello
                    log app got hello from Tower
                3 Bravo -> * Plane, App, Tower ping
                  Alpha <- Bravo ping
                  App <- Bravo ping
                    log app got ping from Bravo
                  Tower <- Bravo ping
                log landed: 1
                expect Tower.landed == 1 ok
                expect Tower received 3 ok
                expect mediator received 3 ok
                end: 6 sends, 10 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test(arguments: [MediatorKind.protocolExtension, .wrapper, .directDelegate])
    func everyDesignWithAMediatorObjectDeliversToIt(kind: MediatorKind) throws {
        let run = try runScenario(Self.tower, kind: kind)
        #expect(run.text.hasPrefix("scenario Tower\nmediator \(kind.rawValue) as Tower\n"))
        #expect(run.text.contains("\n  Tower <- Alpha land(\"27L\")\n    log Tower clears Alpha for 27L\n"))
        #expect(run.summary.failedExpectations == 0)
    }

    @Test func withoutAMediatorObjectASendToTheMediatorIsNoMediator() throws {
        let text = try transcript(Self.tower, kind: .mesh)
        #expect(text.contains("\n1 Alpha -> Tower land(\"27L\")\n  ! noMediator\n2 Tower -> App hello\n  ! noMediator\n"))
        #expect(text.contains("\n  Tower <- Bravo ping\n") == false)
        #expect(text.contains("\nexpect Tower received 3 FAILED (got 0)\n"))
    }

    @Test func theMediatorsStateSurvivesAReplacementAndItsNameStays() throws {
        let source = """
            mediator as Hub { count = 0 }
            participant A
            on Hub receives ping { set count = 1 }
            A -> Hub: ping
            mediator wrapper
            A -> mediator: ping
            expect Hub.count == 1
            expect Hub received 2
            """
        #expect(
            try transcript(source) == """
                scenario test
                mediator protocol-extension as Hub
                + A : Participant
                1 A -> Hub ping
                  Hub <- A ping
                    set Hub.count = 1
                mediator wrapper
                2 A -> Hub ping
                  Hub <- A ping
                    set Hub.count = 1
                expect Hub.count == 1 ok
                expect Hub received 2 ok
                end: 2 sends, 2 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func aReplyToTheMediatorIsStillMissingUnderItsName() throws {
        let source = """
            mediator wrapper as Hub
            participant A
            on A receives hello { self -> sender: thanks }
            mediator -> A: hello
            """
        #expect(
            try transcript(source).contains(
                "\n1 Hub -> A hello\n  A <- Hub hello\n    1.1 A -> Hub thanks\n      ! missingReceiver Hub\n"))
    }

    @Test func anUnnamedMediatorCanBeSentToAndScripted() throws {
        let source = """
            mediator { seen = 0 }
            participant A
            on mediator receives any { set seen = 1; log "{self} got {message} from {sender}" }
            A -> mediator: "hi"
            expect mediator.seen == 1
            """
        #expect(
            try transcript(source) == """
                scenario test
                mediator protocol-extension
                + A : Participant
                1 A -> mediator "hi"
                  mediator <- A "hi"
                    set mediator.seen = 1
                    log mediator got hi from A
                expect mediator.seen == 1 ok
                end: 1 sends, 1 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func typedAndNamedTargetsGoInTheOrderWritten() throws {
        let source = """
            participant Hallway : Sensor
            participant Kitchen : Light
            participant Porch : Light
            participant App
            Hallway -> App, * Light: motion
            Kitchen -> * Light, * Sensor: off
            """
        #expect(
            try transcript(source, kind: .wrapper) == """
                scenario test
                mediator wrapper
                + Hallway : Sensor
                + Kitchen : Light
                + Porch : Light
                + App : Participant
                1 Hallway -> App, * Light motion
                  App <- Hallway motion
                  Kitchen <- Hallway motion
                  Porch <- Hallway motion
                2 Kitchen -> * Light, * Sensor off
                  Porch <- Kitchen off
                  Hallway <- Kitchen off
                end: 2 sends, 5 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    @Test func oneZeroTargetsKeepTheirRepresentation() throws {
        let script = try Frontend.load(
            SourceFile(path: "t.scenario", text: "participant A : T\nparticipant B\nA -> * T: x\nA -> B: y\nA -> *: z"),
            designs: .reference
        ).get()
        let targets = script.statements.compactMap { statement -> Targets? in
            if case .send(let send) = statement { return send.targets }
            return nil
        }
        guard targets.count == 3, case .type = targets[0], case .names(let names) = targets[1], case .everyone = targets[2],
            case .participant = names.first
        else {
            Issue.record("targets: \(targets)")
            return
        }
    }

    @Test func theJSONHeaderNamesTheMediatorOnlyWhenNamed() throws {
        let named = try runScenario(Self.tower, format: .jsonl).text.split(separator: "\n")
        #expect(named[1] == #"{"depth":0,"event":"mediator","kind":"wrapper","name":"Tower","replacement":false}"#)
        #expect(
            named[6]
                == #"{"depth":1,"event":"delivery","message":{"arguments":[{"value":"27L"}],"name":"land"},"receiver":"Tower","sender":"Alpha"}"#
        )
        let unnamed = try runScenario("participant A", format: .jsonl).text.split(separator: "\n")
        #expect(unnamed[1] == #"{"depth":0,"event":"mediator","kind":"protocol-extension","replacement":false}"#)
    }

    @Test func theLeakedLineNamesTheMediator() throws {
        let text = try transcript("mediator direct-delegate as Hub\nparticipant A\nparticipant B\nA -> B: x")
        #expect(text.hasSuffix("leaked: A, B, Hub\n"))
    }

    // MARK: Diagrams

    @Test func theMessageGraphDrawsDeliveriesToTheNamedMediator() throws {
        let scenario = try ScenarioLoader.load(SourceFile(path: "t.scenario", text: Self.tower)).get()
        let collector = MessageGraphCollector()
        _ = Interpreter(script: scenario.script, title: "Tower", kind: .wrapper, sink: collector).run()
        let graph = collector.graph
        #expect(graph.mediator == "Tower")
        #expect(graph.nodes == ["Alpha", "Bravo", "App", "Tower"])
        #expect(graph.links.contains { $0.from == "Alpha" && $0.to == "Tower" })
        #expect(!graph.nodes.contains("mediator"))
        let dot = DOTEmitter.messages(graph, title: "Tower", kind: .wrapper)
        #expect(dot.contains(#"  "Tower" ["#))
        #expect(dot.contains(#""Alpha" -> "Tower" [label="1: land(\"27L\")\n1.1.1: thanks"];"#))
    }

    @Test func theSequenceDiagramLabelsTheMediatorsLifelineWithItsName() throws {
        let scenario = try ScenarioLoader.load(SourceFile(path: "t.scenario", text: Self.tower)).get()
        let design = try #require(DesignRegistry.reference.design(.wrapper))
        let seen = KindRun.mediatorTakesPart(scenario, design: design, designs: .reference)
        #expect(seen)
        let output = StringOutput()
        let writer = SequenceDiagramWriter(
            dialect: .mermaid, title: "Tower", kind: .wrapper, participants: ["Alpha", "Bravo", "App"],
            mediatorLifeline: seen, output: output)
        _ = Interpreter(script: scenario.script, title: "Tower", kind: .wrapper, sink: writer).run()
        #expect(output.text.contains("    participant m as Tower\n    p1->>m: 1 land(#34;27L#34;)\n"))
        let svg = SequenceSVGWriter(title: "Tower", kind: .wrapper, participants: ["Alpha", "Bravo", "App"], mediatorLifeline: true)
        _ = Interpreter(script: scenario.script, title: "Tower", kind: .wrapper, sink: svg).run()
        let picture = svg.svg()
        #expect(picture.contains(#"<g id="lifeline-mediator" class="lifeline mediator">"#))
        #expect(picture.contains(#"text-anchor="middle">Tower</text>"#))
    }

    @Test func aSighting() {
        let sighting = MediatorSighting()
        sighting.emit(.mediator(kind: .wrapper, replacement: false, name: "Hub"))
        sighting.emitDelivery(receiver: "A", sender: "mediator", message: .text("x"), depth: 1)
        #expect(!sighting.seen)
        sighting.emitDelivery(receiver: "Hub", sender: "A", message: .text("x"), depth: 1)
        #expect(sighting.seen)
    }

    // MARK: Syntax, checking and formatting

    @Test func theTreeDumpShowsTheDeclarationAndTheTargets() throws {
        let script = try Frontend.load(
            SourceFile(
                path: "t.scenario",
                text: "mediator wrapper as Tower { n = 1 }\nparticipant A : T\non Tower receives any {}\nA -> * T, mediator, Tower: x"),
            designs: .reference
        ).get()
        #expect(
            script.dump() == """
                Script @1:1-4:29
                ├─ Mediator wrapper as Tower @1:1-1:36
                │  └─ Property n = 1 @1:29-1:34
                ├─ Participant A : T @2:1-2:18
                ├─ Reaction Tower receives @3:1-3:25
                │  └─ Pattern any @3:19-3:22
                └─ Send @4:1-4:29
                   ├─ Sender A @4:1-4:2
                   ├─ Targets * T, mediator, Tower @4:6-4:26
                   └─ Message x @4:28-4:29
                """)
    }

    @Test func asIsOnlyAKeywordAfterMediator() throws {
        // `as` names a participant (MediatorPartyDiagnosticTests: `mediator as` alone is still a kind, as in 1.0).
        #expect(try transcript("participant as\nas -> *: x").contains("1 as -> * x"))
    }

    static let formatting: [(messy: String, canonical: String)] = [
        ("mediator   wrapper  as   Tower\n", "mediator wrapper as Tower\n"),
        ("mediator as Tower{n=1,m=\"x\",}\n", "mediator as Tower { n = 1, m = \"x\" }\n"),
        ("mediator{ n = 1 ,\n  m = 2}\n", "mediator {\n    n = 1,\n    m = 2,\n}\n"),
        (
            "mediator as T\nparticipant A : L\non T receives any{self->sender,*L,mediator:x}\nA->*L,T:y\n",
            "mediator as T\nparticipant A : L\non T receives any { self -> sender, * L, mediator: x }\nA -> * L, T: y\n"
        ),
        (
            "participant A\non mediator sends any { log \"x\" }\nexpect mediator received   0\n",
            "participant A\non mediator sends any { log \"x\" }\nexpect mediator received 0\n"
        ),
    ]

    @Test(arguments: formatting)
    func fmtPrintsItCanonicallyAndIdempotently(messy: String, canonical: String) throws {
        let once = try ScenarioFormatter.format(SourceFile(path: "t.scenario", text: messy)).get()
        #expect(once == canonical)
        #expect(try ScenarioFormatter.format(SourceFile(path: "t.scenario", text: once)).get() == once)
        for kind in MediatorKind.allCases {
            #expect(try transcript(once, kind: kind) == transcript(messy, kind: kind))
        }
    }
}
