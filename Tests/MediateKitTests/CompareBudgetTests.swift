import Foundation
import MediateDesigns
import MediateEmitters
import MediateTestSupport
import Testing

@testable import MediateKit

/// The compare diagram past the layout budget: the designs that fit are drawn, and the largest
/// are summarised in their box instead of failing the whole diagram.
@Suite("Compare diagram budget")
struct CompareBudgetTests {
    /// The size: a 70-participant mesh, whose 4,830 references alone pass the budget
    /// once the other designs' boxes are counted.
    @Test func aLargeMeshIsSummarisedAndTheOtherDesignsDrawn() throws {
        let scenario = try ReportSummaryTests.mesh(70)
        let report = ComparisonReport(scenario: scenario)
        let dot = compareDiagram(report, participants: scenario.participants, title: scenario.title)
        let mesh = try #require(report.columns.firstIndex { $0.kind == .mesh })
        #expect(dot.contains("\"c\(mesh) summary\" [shape=plaintext, label=\"not drawn: 4,830 references\\n"))
        #expect(dot.components(separatedBy: " summary\" [").count - 1 == 1)
        // Every other design's box has its participants and its references.
        for (index, column) in report.columns.enumerated() where index != mesh {
            #expect(dot.contains("\"c\(index):P70\""), "\(column.kind.rawValue)")
        }
        #expect(edgeCounts(dot).edges <= maxUnlabelledDiagramEdges)
        let svg = String(decoding: try render(dot, format: .svg, layout: .dot), as: UTF8.self)
        #expect(svg.contains("not drawn: 4,830 references"))
    }

    /// A box that costs more than the whole budget (a 72-participant mesh's 5,112 references) is
    /// summarised from its metrics alone: without its graph, which the report lets go as soon as
    /// the design has run, the diagram is the same.
    @Test func aBoxPastTheWholeBudgetNeedsNoGraph() throws {
        let scenario = try ReportSummaryTests.mesh(72)
        var report = ComparisonReport(scenario: scenario)
        let dot = compareDiagram(report, participants: scenario.participants, title: scenario.title)
        var dropped: [MediatorKind] = []
        for index in report.implementations.indices
        where CompareBoxCost(report.implementations[index].run.metrics, participants: scenario.participants.count)
            .isPastTheWholeBudget
        {
            dropped.append(report.implementations[index].run.kind)
            report.implementations[index].run.references = ReferenceGraph(nodes: [], edges: [])
        }
        #expect(dropped == [.mesh])
        #expect(compareDiagram(report, participants: scenario.participants, title: scenario.title) == dot)
    }

    /// Participants in many rows: a 300-participant scenario's smallest box, notification-center's
    /// 300 references, is well within the edge budget, but each reference crosses 31 rows on
    /// average, which took dot 1.6 s of CPU; it is summarised with the rest.
    @Test func referencesThatCrossManyRowsAreSummarised() throws {
        var text = "mediator mesh\n"
        for index in 1...300 { text += "participant P\(index)\n" }
        let scenario = try ScenarioLoader.load(SourceFile(path: "rows.scenario", text: text)).get()
        let report = ComparisonReport(scenario: scenario)
        let center = try #require(report.columns.first { $0.kind == .notificationCenter })
        let cost = CompareBoxCost(center.metrics, participants: 300)
        #expect(center.metrics.references == 300)
        #expect(cost.edges <= maxUnlabelledDiagramEdges && cost.crossings > maxCompareRowCrossings)
        let dot = compareDiagram(report, participants: scenario.participants, title: scenario.title)
        #expect(dot.components(separatedBy: " summary\" [").count - 1 == report.columns.count)
        #expect(dot.contains("not drawn: 300 references"))
    }

    /// A diagram within the budget is drawn whole, as before.
    @Test func aSmallDiagramIsDrawnWhole() throws {
        let scenario = try ReportSummaryTests.mesh(5)
        let report = ComparisonReport(scenario: scenario)
        let dot = compareDiagram(report, participants: scenario.participants, title: scenario.title)
        #expect(dot == DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title))
        #expect(!dot.contains("summary"))
    }

    /// The report of the 70-participant mesh (which once spent 632 s in Graphviz): the
    /// mesh's messages lane lists the busiest pairs, its compare box is summarised, the seven
    /// other boxes and every lane of theirs are drawn.
    @Test func theReportOfALargeMeshDrawsWhatFits() throws {
        let (code, page, errors) = try ReportSummaryTests.report(of: ReportSummaryTests.meshText(70), named: "compare-budget-report")
        #expect(code == 0, "\(errors)")
        #expect(page.contains("Not drawn: the diagram would have 4,830 arrows"))
        #expect(page.contains("not drawn: 4,830 references"))
        #expect(!page.contains("could not be drawn"))
        #expect(page.components(separatedBy: "<table class=\"pairs\">").count - 1 == 1)
    }

    /// `render --graph compare` of the 70-participant mesh writes the picture and exits 0.
    @Test func renderDrawsTheBoxesThatFit() throws {
        let text = ReportSummaryTests.meshText(70)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compare-budget-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mesh.scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let picture = folder.appendingPathComponent("compare.svg").path
        let (output, errors) = (StringOutput(), StringOutput())
        let command = RenderCommand(
            path: file.path, designs: .reference, graph: .compare, outputPath: picture)
        #expect(command.execute(standardOutput: output, standardError: errors) == 0, "\(errors.text)")
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains("not drawn: 4,830 references"))
        #expect(svg.contains(">protocol&#45;extension</text>") || svg.contains(">protocol-extension</text>"))
    }
}
