import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// A recorded scenario is all old or all new: `check --record` puts a scenario's goldens in
/// place together, as `run --output` does, so a failure (or a signal) part way leaves them all
/// as they were. A signal is held off while they are renamed (see `InterruptCleanup`); what a
/// failure does is tested here, deterministically.
@Suite("Recording a scenario's goldens in one batch")
struct RecordBatchTests {
    /// A workspace whose one scenario's goldens all read `old`, every kind's.
    func oldGoldens() throws -> (Workspace, [String]) {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", "participant A\nparticipant B\nA -> B: \"hello\"\n")
        #expect(workspace.check(record: .all).code == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path("Output/greeting")).sorted()
        for name in names { try workspace.write("Output/greeting/\(name)", "old\n") }
        return (workspace, names)
    }

    /// The last kind's SVG cannot be put in place (a folder is there): no golden is replaced.
    @Test func aFailureAtTheLastGoldenLeavesEveryGoldenOld() throws {
        let (workspace, names) = try oldGoldens()
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/wrapper.messages.svg"))
        try FileManager.default.createDirectory(
            atPath: workspace.path("Output/greeting/wrapper.messages.svg"), withIntermediateDirectories: false)
        let result = workspace.check(record: .all)
        #expect(result.code == 3)
        for name in names where name != "wrapper.messages.svg" {
            #expect(workspace.read("Output/greeting/\(name)") == "old\n", "\(name) was replaced")
        }
        #expect(!result.out.contains("recorded "))
        #expect(result.out.contains("error Output/greeting/mesh.transcript: not recorded: Is a directory"))
        #expect(AtomicFile.staleFiles(in: workspace.path("Output/greeting")).isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.path("Output/greeting"))
        #expect(!leftovers.contains { $0.contains(".mediate-tmp-") })
    }

    /// A case that cannot record (its golden is a link) keeps the scenario's other kinds from
    /// recording too.
    @Test func aCaseThatCannotRecordKeepsTheOthersOld() throws {
        let (workspace, names) = try oldGoldens()
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/wrapper.transcript"))
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path("Output/greeting/wrapper.transcript"), withDestinationPath: "mesh.transcript")
        let result = workspace.check(record: .all)
        #expect(result.code == 3)
        for name in names where name != "wrapper.transcript" {
            #expect(workspace.read("Output/greeting/\(name)") == "old\n", "\(name) was replaced")
        }
    }

    /// Recording where nothing stood: all of the scenario's goldens, and nothing left staged.
    @Test func aScenarioRecordsWhole() throws {
        let (workspace, names) = try oldGoldens()
        let result = workspace.check(record: .all)
        #expect(result.code == 0)
        for name in names { #expect(workspace.read("Output/greeting/\(name)") != "old\n", "\(name) is still old") }
        #expect(workspace.check().code == 0)
    }
}
