import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// An output is never an input: `run --output`, `check --record` and `check --junit` refuse to
/// write where a file they read is (the same file however it is spelt, hard links included),
/// with exit 3 and nothing written.
@Suite("An output is never an input")
struct OutputIsNotInputTests {
    static let greeting = "participant A\nparticipant B\nA -> B: \"hello\"\n"

    /// A workspace whose scenario is also, by a hard link, where its mesh transcript goes.
    func scenarioAtItsOutput() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", Self.greeting)
        try FileManager.default.createDirectory(atPath: workspace.path("Output/greeting"), withIntermediateDirectories: true)
        #expect(link(workspace.path("Scenarios/greeting.scenario"), workspace.path("Output/greeting/mesh.transcript")) == 0)
        return workspace
    }

    @Test func runOutputRefusesToReplaceTheScenario() throws {
        let workspace = try scenarioAtItsOutput()
        let command = RunCommand(
            paths: [workspace.path("Scenarios")], mediator: .all, designs: .reference, outputFolder: workspace.path("Output"))
        let result = outputs { command.execute(standardOutput: $0, standardError: $1) }
        #expect(result.code == 3)
        #expect(
            result.err.hasPrefix(
                "error: '\(workspace.path("Output/greeting/mesh.transcript"))' is the scenario "
                    + "\(workspace.path("Scenarios/greeting.scenario")), which mediate would write over\n"))
        #expect(workspace.read("Scenarios/greeting.scenario") == Self.greeting)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("Output/greeting")) == ["mesh.transcript"])
    }

    @Test func checkRecordRefusesToReplaceTheScenario() throws {
        let workspace = try scenarioAtItsOutput()
        let result = workspace.check(record: .all)
        #expect(result.code == 3)
        #expect(result.err.hasPrefix("error: 'Output/greeting/mesh.transcript' is the scenario Scenarios/greeting.scenario"))
        #expect(workspace.read("Scenarios/greeting.scenario") == Self.greeting)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("Output/greeting")) == ["mesh.transcript"])
    }

    /// `--junit` at a golden the same check reads: one already there, or one it is to record.
    @Test(arguments: [GoldenRecordMode.never, .missing])
    func junitRefusesAGolden(record: GoldenRecordMode) throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", Self.greeting)
        if record == .never { #expect(workspace.check(record: .all).code == 0) }
        let golden = workspace.read("Output/greeting/mesh.transcript")
        let command = CheckCommand(
            paths: [workspace.path("Scenarios")], outputFolder: workspace.path("Output"), designs: .reference,
            record: record, junitPath: workspace.path("Output/greeting/mesh.transcript"), environment: [:])
        let result = outputs { command.execute(standardOutput: $0, standardError: $1) }
        #expect(result.code == 3)
        #expect(result.err.contains("it is the golden \(workspace.path("Output/greeting/mesh.transcript"))\n"))
        #expect(workspace.read("Output/greeting/mesh.transcript") == golden)
    }
}
