import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// `together { … }` (language 1.2), sends that start at once and interleave
/// under an asynchronous design's scheduler; in written order under a synchronous one.
@Suite("Together blocks")
struct TogetherTests {
    static let lamp = """
        language 1.2
        participant Shop : Store { lamps = 1 }
        participant Alice : Buyer
        participant Bob : Buyer
        on Store receives buy if self.lamps == 0 { self -> sender: soldOut }
        on Store receives buy if self.lamps > 0 { set lamps = self.lamps - 1; self -> sender: sold }
        on Buyer receives sold { log "{self} gets it" }
        together {
            Alice -> Shop: buy
            Bob -> Shop: buy
        }
        expect Shop.lamps == 0

        """

    /// The transcript of `source` under `kind` in the order `schedule` chooses.
    func run(_ source: String, _ kind: MediatorKind, schedule: SchedulePolicy = .fixed, format: OutputFormat = .transcript) throws
        -> String
    {
        let scenario = try ScenarioLoader.load(SourceFile(path: "t.scenario", text: source)).get()
        let output = StringOutput()
        _ = Interpreter(
            script: scenario.script, title: scenario.title, design: try #require(scenario.designs.design(kind)),
            designs: scenario.designs, schedule: schedule, sink: FormattedSink(format: format, output: output)
        ).run()
        return output.text
    }

    @Test func aSynchronousDesignRunsTheSendsInWrittenOrderAndSaysSo() throws {
        #expect(
            try run(Self.lamp, .protocolExtension) == """
                scenario t
                mediator protocol-extension
                + Shop : Store
                + Alice : Buyer
                + Bob : Buyer
                together (in written order: protocol-extension is synchronous)
                  1 Alice -> Shop buy
                    Shop <- Alice buy
                      if self.lamps > 0
                        set Shop.lamps = 0
                        1.1 Shop -> Alice sold
                          Alice <- Shop sold
                            log Alice gets it
                  2 Bob -> Shop buy
                    Shop <- Bob buy
                      if self.lamps == 0
                        2.1 Shop -> Bob soldOut
                          Bob <- Shop soldOut
                expect Shop.lamps == 0 ok
                end: 4 sends, 4 deliveries, 0 errors, 0 failed expectations
                leaked: none

                """)
    }

    /// Under actor both sends go out before either is delivered: their tasks start together.
    @Test func anAsynchronousDesignStartsTheSendsTogether() throws {
        let lines = try run(Self.lamp, .actor).split(separator: "\n").map(String.init)
        #expect(lines[5...8] == ["together", "  1 Alice -> Shop buy", "  2 Bob -> Shop buy", "    Shop <- Alice buy"])
        #expect(try run(Self.lamp, .actor) == run(Self.lamp, .actor), "the fixed schedule is deterministic")
    }

    @Test func seedsGiveDifferentInterleavingsAndTheSameSeedTheSameOne() throws {
        var winners: [String: Set<UInt64>] = [:]
        var transcripts: Set<String> = []
        for seed: UInt64 in 1...8 {
            let first = try run(Self.lamp, .actor, schedule: .random(seed: seed))
            #expect(try run(Self.lamp, .actor, schedule: .random(seed: seed)) == first, "seed \(seed)")
            transcripts.insert(first)
            let winner = first.contains("log Alice gets it") ? "Alice" : "Bob"
            winners[winner, default: []].insert(seed)
        }
        #expect(transcripts.count >= 2)
        #expect(winners.keys.sorted() == ["Alice", "Bob"], "the lamp goes to either buyer: \(winners)")
    }

    /// Without `together`, each send settles before the next: Alice always gets the lamp.
    @Test func sendsOutsideABlockStillSettleOneByOne() throws {
        let apart = Self.lamp.replacingOccurrences(of: "together {\n", with: "").replacingOccurrences(of: "}\nexpect", with: "expect")
        for seed: UInt64 in 1...8 {
            #expect(try run(apart, .actor, schedule: .random(seed: seed)).contains("log Alice gets it"))
        }
    }

    @Test func theJSONLineNamesTheDesignAndTheOrder() throws {
        let sync = try run(Self.lamp, .wrapper, format: .jsonl).split(separator: "\n")[5]
        #expect(sync == #"{"depth":0,"event":"together","kind":"wrapper","synchronous":true}"#)
        let async = try run(Self.lamp, .actor, format: .jsonl).split(separator: "\n")[5]
        #expect(async == #"{"depth":0,"event":"together","kind":"actor","synchronous":false}"#)
    }

    /// `together` is a word of the language only before `{` at the start of a statement.
    @Test func togetherIsStillAName() throws {
        let source = "participant together\nparticipant B\ntogether -> B: hi\nB -> together: together\n"
        #expect(try transcript(source).contains("1 together -> B hi\n"))
    }

    @Test func theExportsDrawAParBlock() throws {
        let mermaid = try SequenceDiagrams.export(Self.lamp, kind: .wrapper, dialect: .mermaid)
        #expect(mermaid.contains("    par together (in written order#58; wrapper is synchronous)\n        p2->>m: 1 buy\n"))
        let plantuml = try SequenceDiagrams.export(Self.lamp, kind: .actor, dialect: .plantuml)
        #expect(plantuml.contains("\npar together\n    p2 -> m : 1 buy\n"))
        #expect(plantuml.contains("\nend\nnote over p1, m : expect Shop.lamps &#61;&#61; 0 ok\n"))
    }

    /// An asynchronous design's deliveries may come after a later send's line at the same depth:
    /// each is still drawn with the number of the send it belongs to (its sender and message).
    @Test func aDeliveryKeepsItsSendsNumberAfterALaterSendsLine() throws {
        let lamp = try SequenceDiagrams.export(Self.lamp, kind: .actor, dialect: .mermaid)
        #expect(lamp.contains("p1->>m: 1.1 sold\n") && lamp.contains("m->>p2: 1.1 sold\n"))
        let home = try SequenceDiagrams.export(try CommittedScenarios.text("smart-home.scenario"), kind: .actor, dialect: .mermaid)
        #expect(home.contains("m->>p3: 5.1 lightsOn(brightness#58; 100)\n"))
        #expect(!home.contains("5.2 lightsOn"))
    }

    /// The messages diagram, likewise: under an asynchronous design each sender of a block gets
    /// its own edge to the mediator, with its own number, though both deliveries come after the
    /// block's last send line. Under a synchronous design nothing changes.
    @Test func theMessagesDiagramGivesEachDeliveryToItsOwnSend() throws {
        for (kind, schedule) in [(MediatorKind.actor, SchedulePolicy.fixed), (.actor, .random(seed: 1)), (.asyncStream, .fixed)] {
            let scenario = try ScenarioLoader.load(SourceFile(path: "t.scenario", text: Self.lamp)).get()
            let collector = MessageGraphCollector()
            _ = Interpreter(
                script: scenario.script, title: "Lamp", design: try #require(scenario.designs.design(kind)),
                designs: scenario.designs, schedule: schedule, sink: collector
            ).run()
            let dot = DOTEmitter.messages(collector.graph, title: "Lamp", kind: kind)
            #expect(dot.contains(#""Alice" -> "mediator" [label="1: buy"];"#), "\(kind) \(schedule)")
            #expect(dot.contains(#""Bob" -> "mediator" [label="2: buy"];"#), "\(kind) \(schedule)")
            // Both deliveries, in the order the schedule ran them; each reply numbered under its buyer's send.
            #expect(
                dot.contains(#""mediator" -> "Shop" [label="1, 2: buy"];"#) || dot.contains(#""mediator" -> "Shop" [label="2, 1: buy"];"#),
                "\(kind) \(schedule)")
            // Each buyer's reply is drawn as a reply (sold or soldOut), not as the last `buy`.
            for buyer in ["Alice", "Bob"] {
                let edge = dot.split(separator: "\n").first { $0.hasPrefix(#"  "mediator" -> "\#(buyer)" [label=""#) }
                #expect(edge.map { $0.contains("sold") && !$0.contains("buy") } == true, "\(kind) \(schedule): \(buyer)")
            }
        }
        let scenario = try ScenarioLoader.load(SourceFile(path: "t.scenario", text: Self.lamp)).get()
        let collector = MessageGraphCollector()
        _ = Interpreter(script: scenario.script, title: "Lamp", kind: .wrapper, sink: collector).run()
        let dot = DOTEmitter.messages(collector.graph, title: "Lamp", kind: .wrapper)
        #expect(dot.contains(#""Alice" -> "mediator" [label="1: buy"];"#) && dot.contains(#""Bob" -> "mediator" [label="2: buy"];"#))
    }

    @Test func theSequenceViewFramesTheBlock() throws {
        let scenario = try ScenarioLoader.load(SourceFile(path: "t.scenario", text: Self.lamp)).get()
        let writer = SequenceSVGWriter(
            title: scenario.title, kind: .actor, participants: scenario.participants.map(\.name), mediatorLifeline: true)
        _ = Interpreter(
            script: scenario.script, title: scenario.title, design: try #require(scenario.designs.design(.actor)),
            designs: scenario.designs, sink: writer
        ).run()
        let svg = writer.svg()
        #expect(svg.contains(#"<g id="together-1" class="guard">"#))
        #expect(svg.contains(">par</text>"))
        #expect(svg.contains(#"<g id="guard-1" class="guard">"#), "the guards inside it keep their own frames")
    }
}
