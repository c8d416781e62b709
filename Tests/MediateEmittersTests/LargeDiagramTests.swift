import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateEmitters
@testable import MediateKit

/// Coupling diagrams past a readable size: laid out radially without field names, and a dense
/// mesh folded by type instead of drawn edge by edge.
@Suite("Large coupling diagrams")
struct LargeDiagramTests {
    /// `participants` participants of type Node, each broadcasting once.
    static func scenario(_ participants: Int) throws -> LoadedScenario {
        var text = "mediator wrapper\n"
        for index in 1...participants { text += "participant P\(index) : Node\n" }
        text += "P1 -> *: \"hello\"\n"
        return try ScenarioLoader.load(SourceFile(path: "large.scenario", text: text)).get()
    }

    static func coupling(_ participants: Int, kind: MediatorKind) throws -> String {
        let scenario = try scenario(participants)
        let run = KindRun.run(scenario, kind: kind, output: nil, collectingMessages: false)
        return DOTEmitter.coupling(
            run.references, metrics: run.metrics, participants: scenario.participants,
            title: scenario.title, kind: kind)
    }

    @Test func aSmallGraphKeepsDotAndItsFieldNames() throws {
        let dot = try Self.coupling(3, kind: .wrapper)
        #expect(!dot.contains("layout="))
        #expect(dot.contains("label=\"colleagueWrappers[0]\""))
    }

    @Test func aLargeGraphIsLaidOutByTwopiWithoutFieldNamesAndSaysSo() throws {
        let dot = try Self.coupling(DOTEmitter.radialAbove, kind: .wrapper)
        #expect(dot.contains("layout=twopi"))
        #expect(dot.contains("root=\"mediator\""))
        #expect(dot.contains("401 objects, 600 references: laid out by twopi, field names left out"))
        #expect(!dot.contains("colleagueWrappers["))
        #expect(dot.components(separatedBy: " -> ").count - 1 == 600)
    }

    @Test func aLargeMeshIsFoldedIntoOneGroupWithItsCount() throws {
        let dot = try Self.coupling(30, kind: .mesh)
        #expect(dot.contains("folded: 30 objects and 870 references, grouped by type"))
        #expect(dot.contains("\"g0\" -> \"g0\" [label=\"peers[…] ×870\", style=solid, color=\"#c62828\"]"))
        #expect(dot.contains("label=\"Node ×30\\nparticipants\\n(leaked)\""))
        #expect(!dot.contains("xlabel"))
        #expect(dot.components(separatedBy: " -> ").count - 1 == 1)
    }

    @Test func aMeshOfReadableSizeIsDrawnInFull() throws {
        let dot = try Self.coupling(20, kind: .mesh)
        #expect(!dot.contains("folded"))
        #expect(dot.components(separatedBy: " -> ").count - 1 == 380)
    }

    @Test(arguments: [
        ("peers[12]", "peers[…]"), ("colleagueWrappers[0].strongColleague", "colleagueWrappers[…].strongColleague"),
        ("mediator", "mediator"), ("byName[\"B\"]", "byName[…]"),
    ])
    func indicesFold(label: String, folded: String) {
        #expect(DOTEmitter.foldedIndices(label) == folded)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (999_000, "999,000"), (1_234_567, "1,234,567")])
    func countsAreGroupedByThousands(count: Int, text: String) {
        #expect(DOTEmitter.grouped(count) == text)
    }
}
