import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// The message diagram's labels: shortened by whole values, never cut inside a number, with
/// the messages in full in the edge's tooltip.
@Suite("Message labels")
struct MessageLabelTests {
    /// The messages diagram of `sends` (lines such as `A -> B: ping`) between A and B in the mesh.
    static func dot(_ sends: String) throws -> String {
        let scenario = try ScenarioLoader.load(SourceFile(path: "m.scenario", text: "participant A\nparticipant B\n" + sends)).get()
        let run = KindRun.run(scenario, kind: .mesh, output: nil)
        return DOTEmitter.messages(run.messages, title: "m", kind: .mesh)
    }

    @Test func aChangedNumberChangesTheDiagram() throws {
        // 41 characters written: one too many for a label, which used to end `fuel: 2…` for 20 and 25 alike.
        let twenty = try Self.dot("A -> B: refuel(station: \"North gate 1\", fuel: 20)\n")
        let twentyFive = try Self.dot("A -> B: refuel(station: \"North gate 1\", fuel: 25)\n")
        #expect(twenty != twentyFive)
        #expect(!twenty.contains("fuel: 2…"))
        #expect(
            twenty.contains(#"label="1: refuel(station: \"North gate 1\", …)", tooltip="1: refuel(station: \"North gate 1\", fuel: 20)""#))
    }

    @Test func longStringsAreCutInsideTheirQuotesAndNumbersNever() {
        let message = Message.named(
            "order",
            [
                Message.Argument(label: "note", value: .string("One for all, and all for one")),
                Message.Argument(label: nil, value: .number(1_234_567)),
                Message.Argument(label: "rush", value: .bool(true)),
            ])
        #expect(DOTEmitter.shortened(message, to: 40) == #"order(note: "One for all, and …", …)"#)
        #expect(DOTEmitter.shortened(message, to: 60) == #"order(note: "One for all, and all for one", 1234567, …)"#)
        #expect(DOTEmitter.shortened(message, to: 100) == message.written)
        #expect(DOTEmitter.shortened(.text(String(repeating: "x", count: 50)), to: 10) == #""xxxxxxx…""#)
        #expect(DOTEmitter.shortened(.text("a\nb\nc\nd\ne"), to: 8) == #""a\nb…""#)
    }

    @Test func twoMessagesOnALinkNeverShareALabel() throws {
        let dot = try Self.dot(
            """
            A -> B: refuel(station: "North gate 1", fuel: 20)
            A -> B: refuel(station: "North gate 1", fuel: 25)

            """)
        #expect(dot.contains(#"label="1: refuel(station: \"North gate 1\", fuel: 20)\n2: refuel(station: \"North gate 1\", fuel: 25)""#))
    }

    @Test func aLabelThatFitsHasNoTooltip() throws {
        let dot = try Self.dot("A -> B: refuel(fuel: 20)\n")
        #expect(dot.contains(#"[label="1: refuel(fuel: 20)"];"#))
        #expect(!dot.contains("tooltip"))
    }
}
