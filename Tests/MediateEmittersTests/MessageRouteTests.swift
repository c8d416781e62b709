import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// The message diagram follows the route the design reported.
@Suite("Message routes")
struct MessageRouteTests {
    static let source = """
        participant A : Node
        participant B : Node
        participant C : Node
        A -> *: hello
        B -> C: hi
        mediator -> A: ping
        A -> C: again
        leave B
        A -> B: lost

        """

    func links(_ kind: MediatorKind, logical: Bool = false) throws -> [String] {
        let scenario = try ScenarioLoader.load(SourceFile(path: "r.scenario", text: Self.source)).get()
        let run = KindRun.run(scenario, kind: kind, output: nil, collectingLogicalMessages: true)
        let graph = logical ? run.logicalMessages : run.messages
        return graph.links.map { link in "\(link.from)>\(link.to) \(link.messages.map { $0.numbers.joined(separator: ",") })" }
    }

    /// Under the mediator designs and direct-delegate every message goes through the mediator
    /// object, each send reaching it once; under the mesh, peer to peer.
    @Test(arguments: [MediatorKind.protocolExtension, .wrapper, .directDelegate])
    func aMediatorDesignIsAHub(kind: MediatorKind) throws {
        #expect(
            try links(kind) == [
                #"A>mediator ["1", "4", "5"]"#, #"mediator>B ["1", "5"]"#, #"mediator>C ["1", "2", "4"]"#, #"B>mediator ["2"]"#,
                #"mediator>A ["3"]"#,
            ])
        #expect(try links(kind, logical: true) == [#"A>B ["1", "5"]"#, #"A>C ["1", "4"]"#, #"B>C ["2"]"#, #"mediator>A ["3"]"#])
    }

    /// The mesh has no mediator: the mediator's own send (3) is a failed loop on it.
    @Test func theMeshIsPeerToPeer() throws {
        #expect(try links(.mesh) == [#"A>B ["1", "5"]"#, #"A>C ["1", "4"]"#, #"B>C ["2"]"#, #"mediator>mediator ["3"]"#])
        #expect(try links(.mesh) == links(.mesh, logical: true))
    }

    /// A send no mediator carries (`! noMediator`) is drawn failed, from its
    /// sender to the mediator it needed, under the name the scenario gives it; it drew nothing.
    @Test func aSendNoMediatorCarriesFailsOnItsWayToTheMediator() throws {
        let source = """
            language 1.1
            mediator as Tower
            participant A
            participant B
            A -> Tower: hello
            Tower -> B: ping
            mediator -> *: all
            B -> A: hi

            """
        let scenario = try ScenarioLoader.load(SourceFile(path: "n.scenario", text: source)).get()
        let run = KindRun.run(scenario, kind: .mesh, output: nil)
        let links = run.messages.links.map { link in
            "\(link.from)>\(link.to) \(link.messages.map { "\($0.numbers.joined(separator: ",")) \($0.failed ? "failed" : "ok")" })"
        }
        #expect(links == [#"A>Tower ["1 failed"]"#, #"Tower>Tower ["2 failed", "3 failed"]"#, #"B>A ["4 ok"]"#])
        #expect(run.messages.nodes == ["A", "B", "Tower"])
    }

    /// Air traffic under the mesh drew four boxes and no arrow, bottom to top: each plane's
    /// failed sends now point at the tower, and the participants stand in declaration order,
    /// top to bottom, the crew on no link included.
    @Test func airTrafficUnderTheMeshShowsItsFailedSendsInOrder() throws {
        let scenario = try CommittedScenarios.load("air-traffic.scenario")
        let run = KindRun.run(scenario, kind: .mesh, output: nil)
        let dot = DOTEmitter.messages(run.messages, title: scenario.title, kind: .mesh)
        let lines = dot.split(separator: "\n")
        for plane in ["Speedbird", "Lufthansa", "Cessna"] {
            let line = lines.first { $0.hasPrefix("  \"\(plane)\" -> \"Tower\" [") }
            #expect(line?.contains(##"(missing)", color="#c62828""##) == true, "\(plane)")
        }
        let svg = String(decoding: try render(dot, format: .svg, layout: nil), as: UTF8.self)
        let nodes = svg.matches(of: #/class="node">\n<title>([^<]*)</title>\n[^\n]*\n<text [^>]* y="([-0-9.]+)"/#)
            .map { (name: String($0.1), y: Double($0.2) ?? 0) }
        let participants = nodes.filter { $0.name != "Tower" }.sorted { $0.y < $1.y }.map(\.name)
        #expect(participants == ["Speedbird", "Lufthansa", "Cessna", "Ground"])
    }

    /// A message the mediator could not pass on is drawn from the mediator, failed.
    @Test func aMissingReceiverIsMissedByTheMediator() throws {
        let scenario = try ScenarioLoader.load(SourceFile(path: "r.scenario", text: Self.source)).get()
        let run = KindRun.run(scenario, kind: .wrapper, output: nil, collectingLogicalMessages: true)
        let failed = run.messages.links.filter { $0.messages.contains(where: \.failed) }.map { "\($0.from)>\($0.to)" }
        #expect(failed == ["mediator>B"])
        #expect(run.logicalMessages.links.filter { $0.messages.contains(where: \.failed) }.map { "\($0.from)>\($0.to)" } == ["A>B"])
    }

    /// A design that reports no route (`EchoDesign`, a cave of parrots) is drawn sender to
    /// receiver, as before.
    @Test func aDesignThatReportsNoRouteDrawsSenderToReceiver() throws {
        let scenario = try ScenarioLoader.load(SourceFile(path: "r.scenario", text: Self.source)).get()
        let run = KindRun.run(scenario, design: EchoDesign.self, output: nil, collectingLogicalMessages: true)
        #expect(!run.messages.links.isEmpty)
        #expect(run.messages == run.logicalMessages)
        #expect(!run.messages.links.contains { $0.to == "mediator" })
    }

    /// A 1,000-send scenario under wrapper stays one edge a pair: four participants, eight edges.
    @Test func thousandsOfSendsCollapseIntoOneEdgeAPair() throws {
        var source = "participant A\nparticipant B\nparticipant C\nparticipant D\n"
        for index in 0..<1_000 { source += "\(["A", "B", "C", "D"][index % 4]) -> *: \"m\(index % 7)\"\n" }
        let scenario = try ScenarioLoader.load(SourceFile(path: "k.scenario", text: source)).get()
        let run = KindRun.run(scenario, kind: .wrapper, output: nil, collectingLogicalMessages: true)
        #expect(run.messages.links.count == 8)
        #expect(run.logicalMessages.links.count == 12)
        let dot = DOTEmitter.messages(run.messages, title: "k", kind: .wrapper)
        #expect(dot.components(separatedBy: " -> ").count - 1 == 8)
    }
}
