import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// What the report shows in place of a diagram too large to lay out, and the coupling metrics
/// as a table of its own, which stays when the compare diagram cannot be drawn.
@Suite("Report summaries")
struct ReportSummaryTests {
    /// The text of `count` participants that each broadcast once under the mesh, and P1
    /// sending P2 `extra` more.
    static func meshText(_ count: Int, extra: Int = 0) -> String {
        var text = "mediator mesh\n"
        for index in 1...count { text += "participant P\(index)\n" }
        for index in 1...count { text += "P\(index) -> *: \"hello\"\n" }
        for _ in 0..<extra { text += "P1 -> P2: \"again\"\n" }
        return text
    }

    static func mesh(_ count: Int, extra: Int = 0) throws -> LoadedScenario {
        try ScenarioLoader.load(SourceFile(path: "mesh.scenario", text: meshText(count, extra: extra))).get()
    }

    /// The report page of `text`, written as a file, and `report`'s exit code and errors.
    static func report(of text: String, named name: String) throws -> (code: Int32, page: String, errors: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (output, errors) = (StringOutput(), StringOutput())
        let code = ReportCommand(paths: [file.path], designs: .reference).execute(standardOutput: output, standardError: errors)
        return (code, output.text, errors.text)
    }

    @Test func theBusiestPairsComeFirstAndTheRestAreCounted() throws {
        let run = KindRun.run(try Self.mesh(26, extra: 2), kind: .mesh, output: nil)
        #expect(run.messages.links.count == 650)
        let html = HTMLReport.busiestPairs(run.messages)
        let rows = html.components(separatedBy: "<tr>").dropFirst(2).map { $0 }
        #expect(rows.count == HTMLReport.listedNames + 1)
        #expect(rows[0].hasPrefix("<td>P1</td><td>P2</td><td>3</td>"))
        // Ties in the order of the names, as text: P1 → P10 after P1 → P2's three.
        #expect(rows[1].hasPrefix("<td>P1</td><td>P10</td><td>1</td>"))
        #expect(rows.last?.contains("… and 638 more pairs, 638 messages") == true)
    }

    /// A mesh past the budget: its lane says why its diagram is missing and lists the pairs;
    /// a smaller design's lane still has its diagram.
    @Test func aMessagesDiagramPastTheBudgetIsASummary() throws {
        let (code, page, errors) = try Self.report(of: Self.meshText(26), named: "report-summary")
        #expect(code == 0, "\(errors)")
        #expect(page.contains("Not drawn: the diagram would have 650 arrows, more than Graphviz lays out in about a second (600)"))
        #expect(page.components(separatedBy: "<table class=\"pairs\">").count - 1 == 1)
        #expect(page.contains("<table class=\"metrics\">"))
    }

    @Test func theMetricsTableHasEveryDesignAndItsNumbers() throws {
        let report = ComparisonReport(scenario: try Self.mesh(3))
        let html = HTMLReport.metricsTable(report)
        for implementation in report.implementations {
            #expect(html.contains(">\(implementation.run.kind.rawValue)</th>"))
        }
        let references = report.implementations.map { "<td>\($0.run.metrics.references)</td>" }.joined()
        #expect(html.contains("<tr><th>references</th>\(references)</tr>"))
        #expect(html.contains("<th class=\"own\" title=\"the scenario's own design\">mesh</th>"))
    }
}
