import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit
@testable import MediateSyntax

/// Every command that runs scenarios takes the same limits, and exits 3 when
/// one stops a run or a file is past one.
@Suite("Limits everywhere")
struct LimitsEverywhereTests {
    @Test func reportExitsThreeWhenALimitStopsARun() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/deep.scenario", ScenarioSources.chain(100))
        let (out, err) = (StringOutput(), StringOutput())
        let code = ReportCommand(
            paths: [workspace.path("Scenarios")], outputPath: workspace.path("report.html"), designs: .reference,
            limits: RunLimits(maxDepth: 10)
        ).execute(standardOutput: out, standardError: err)
        #expect(code == 3)
        #expect(err.text.contains("deep.scenario:5:1: error: under protocol-extension, a reaction chain went deeper than 10 sends"))
        #expect(err.text.contains("help: look for reactions that answer each other without end, or raise the limit with --max-depth N"))
        // The page is written, with the runs as they went.
        #expect(workspace.read("report.html")?.contains("depthLimit 10 at step 1 (line 5)") == true)
    }

    @Test func checkExitsThreeForAFileOverEightMebibytes() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/big.scenario", String(repeating: "# x\n", count: SourceLimits.maxFileBytes / 4 + 1))
        let result = workspace.check()
        #expect(result.code == 3, "\(result.err)")
        #expect(result.err.contains("big.scenario: error: the scenario is 8388612 bytes long; mediate reads at most 8 MiB"))
    }

    @Test func checkExitsThreeWhenALimitStopsARunThoughItsGoldensMatch() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/deep.scenario", ScenarioSources.chain(100))
        func check(_ record: GoldenRecordMode) -> (code: Int32, out: String, err: String) {
            let (out, err) = (StringOutput(), StringOutput())
            let code = CheckCommand(
                paths: [workspace.path("Scenarios")], outputFolder: workspace.path("Output"), designs: .reference, record: record,
                jobs: 2, limits: RunLimits(maxDepth: 10), environment: [:]
            ).execute(standardOutput: out, standardError: err)
            return (code, out.text, err.text)
        }
        #expect(check(.missing).code == 3)
        let result = check(.never)
        #expect(result.code == 3)
        #expect(result.out.hasSuffix("\(MediatorKind.allCases.count) passed, 0 failed\n"))
        #expect(
            result.err.contains("deep.scenario:5:1: error: under mesh, a reaction chain went deeper than 10 sends; the run stopped here"))
    }

    @Test func diffExitsThreeWhenALimitStopsARun() throws {
        let workspace = try Workspace()
        try workspace.write("deep.scenario", ScenarioSources.chain(100))
        let (out, err) = (StringOutput(), StringOutput())
        let code = DiffCommand(
            subject: .kinds(scenario: workspace.path("deep.scenario"), mediator: .wrapper, against: .mesh), designs: .reference,
            limits: RunLimits(maxDepth: 10)
        ).execute(standardOutput: out, standardError: err)
        #expect(code == 3)
        #expect(err.text.contains("deep.scenario:5:1: error: under mesh, a reaction chain went deeper than 10 sends"))
    }
}
