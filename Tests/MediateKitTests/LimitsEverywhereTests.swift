import Foundation
import MediateTestSupport
import Testing

@testable import MediateKit
@testable import MediateSyntax

/// Every command that runs scenarios takes the same limits, and exits 3 when
/// one stops a run or a file is past one.
@Suite("Limits everywhere")
struct LimitsEverywhereTests {
    /// Two players who return the ball until it has gone `length` times: a chain `length` sends deep.
    static func chain(_ length: Int) -> String {
        """
        language 1.1
        participant A : Player
        participant B : Player
        on Player receives ball(n) if n < \(length) { self -> sender: ball(n: n + 1) }
        A -> B: ball(n: 1)

        """
    }

    @Test func reportExitsThreeWhenALimitStopsARun() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/deep.scenario", Self.chain(100))
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
        try workspace.write("Scenarios/deep.scenario", Self.chain(100))
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
        try workspace.write("deep.scenario", Self.chain(100))
        let (out, err) = (StringOutput(), StringOutput())
        let code = DiffCommand(
            subject: .kinds(scenario: workspace.path("deep.scenario"), mediator: .wrapper, against: .mesh), designs: .reference,
            limits: RunLimits(maxDepth: 10)
        ).execute(standardOutput: out, standardError: err)
        #expect(code == 3)
        #expect(err.text.contains("deep.scenario:5:1: error: under mesh, a reaction chain went deeper than 10 sends"))
    }

    /// Every command that runs a scenario takes `--max-depth`, `--max-deliveries` and
    /// `--max-reactions`: a scenario 100 sends deep is run, checked, recorded, compared, drawn,
    /// exported, reported and diffed at `--max-depth 100`, and stopped (exit 3) at the default 64.
    @Test func everyCommandTakesTheLimits() throws {
        let e2e = EndToEndTests()
        let folder = try e2e.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.chain(100).write(to: folder.appendingPathComponent("deep.scenario"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["run", "deep.scenario"],
            ["check", "deep.scenario", "--output", "goldens", "--record", "missing"],
            ["check", "deep.scenario", "--output", "goldens"],
            ["compare", "deep.scenario"],
            ["render", "deep.scenario", "--format", "dot"],
            ["export", "deep.scenario", "--format", "mermaid"],
            ["report", "deep.scenario", "-o", "report.html"],
            ["diff", "deep.scenario", "--mediator", "wrapper", "--against", "wrapper"],
        ]
        let limits = ["--max-depth", "100", "--max-deliveries", "1000", "--max-reactions", "1000"]
        for command in commands {
            let raised = try e2e.mediate(command + limits, in: folder)
            #expect(raised.status == 0, "\(command): \(raised.standardError)")
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("goldens"))
        for command in commands where command != ["check", "deep.scenario", "--output", "goldens"] {
            let stopped = try e2e.mediate(command, in: folder)
            #expect(stopped.status == 3, "\(command): \(stopped.standardError)")
            #expect(stopped.standardError.contains("deep.scenario:5:1: error: under "), "\(command)")
        }
    }

    /// The shape of the 450 KB file, smaller, stops every command at `--max-reactions` with the
    /// error at its step.
    @Test func everyCommandStopsAtTheReactionLimit() throws {
        let e2e = EndToEndTests()
        let folder = try e2e.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReactionLimitTests.neverTrueGuards(participants: 20, guards: 100, sends: 20)
            .write(to: folder.appendingPathComponent("guards.scenario"), atomically: true, encoding: .utf8)
        for command in [
            ["run", "guards.scenario"],
            ["check", "guards.scenario", "--output", "goldens", "--record", "missing"],
            ["compare", "guards.scenario"],
            ["render", "guards.scenario", "--format", "dot"],
            ["export", "guards.scenario", "--format", "plantuml"],
            ["report", "guards.scenario", "-o", "report.html"],
            ["diff", "guards.scenario", "--mediator", "wrapper", "--against", "mesh"],
        ] {
            let result = try e2e.mediate(command + ["--max-reactions", "1000"], in: folder)
            #expect(result.status == 3, "\(command): \(result.standardError)")
            #expect(
                result.standardError.contains("guards.scenario:123:1: error: under "), "\(command): \(result.standardError)")
            #expect(result.standardError.contains("the run tested more than 1000 reactions against its messages"), "\(command)")
        }
    }
}
