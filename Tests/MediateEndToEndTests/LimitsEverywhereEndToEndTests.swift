import Foundation
import MediateTestSupport
import Testing

/// Every command that runs scenarios takes the same limits through the built binary, and exits 3
/// when one stops a run.
@Suite("Limits everywhere, end to end")
struct LimitsEverywhereEndToEndTests {
    /// Every command that runs a scenario takes `--max-depth`, `--max-deliveries` and
    /// `--max-reactions`: a scenario 100 sends deep is run, checked, recorded, compared, drawn,
    /// exported, reported and diffed at `--max-depth 100`, and stopped (exit 3) at the default 64.
    @Test func everyCommandTakesTheLimits() throws {
        let e2e = EndToEndTests()
        let folder = try e2e.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ScenarioSources.chain(100).write(to: folder.appendingPathComponent("deep.scenario"), atomically: true, encoding: .utf8)
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
        try ScenarioSources.neverTrueGuards(participants: 20, guards: 100, sends: 20)
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
