import Foundation
import MediateDesigns
import MediateTestSupport
import SeededBugDesigns
import Testing

@testable import MediateKit

/// `mediate explore` finds real bugs: three designs with a seeded concurrency
/// bug (Tests/SeededBugDesigns), each with a fixture whose expectations the fixed schedule keeps.
/// Explore's default 1,000 schedules find each bug, the schedule it prints fails `check` against
/// goldens recorded in the fixed order, and each fixed design passes. Its 10,000 schedules take
/// tens of seconds in a debug build, so `Scripts/seeded-bugs` (run by `.ci/run`) checks those.
@Suite struct SeededBugTests {
    static let designs: DesignRegistry = {
        var registry = DesignRegistry.reference
        for design in seededBugDesigns { try! registry.register(design) }
        return registry
    }()

    /// Each seeded bug: its design's name (the fixed one adds `-fixed`), which is also its
    /// fixture's, and the 1-based lines of the expectations it breaks.
    static let bugs: [(kind: String, lines: [Int])] = [
        ("reentrant-actor", [19]), ("lost-update", [19]), ("ordered-stream", [22, 23]),
    ]

    static func path(_ kind: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/\(kind).scenario").path
    }

    static func explore(_ kind: String, as design: String, schedules: Int = 1_000) throws -> ScheduleExploration {
        let scenario = try ScenarioLoader.load(path: path(kind), designs: designs).get()
        return ScheduleExploration(
            scenario, design: try #require(designs.design(MediatorKind(design))), strategy: .random, schedules: schedules, seed: 0)
    }

    @Test(arguments: bugs)
    func exploreFindsTheBugThatTheFixedScheduleMisses(kind: String, lines: [Int]) throws {
        let exploration = try Self.explore(kind, as: kind)
        #expect(exploration.groups.first?.firstSchedule == .fixed && exploration.groups.first?.passes == true)
        #expect(!exploration.passed)
        #expect(exploration.failures.map(\.expectation.range.lowerBound.line) == lines)
        #expect(exploration.failures.allSatisfy { $0.preemptions >= 1 })
    }

    @Test(arguments: bugs)
    func theScheduleExplorePrintsFailsCheck(kind: String, lines: [Int]) throws {
        let failure = try #require(try Self.explore(kind, as: kind).failures.first)
        let workspace = try Workspace()
        try workspace.write("Scenarios/\(kind).scenario", try String(contentsOfFile: Self.path(kind), encoding: .utf8))
        func check(_ schedule: SchedulePolicy, record: GoldenRecordMode = .never) -> (code: Int32, out: String) {
            var command = CheckCommand(
                paths: [workspace.path("Scenarios")], outputFolder: workspace.path("Output"), designs: Self.designs, record: record,
                jobs: 1, environment: [:])
            command.mediator = .kind(MediatorKind(kind))
            command.schedule = schedule
            let result = outputs { command.execute(standardOutput: $0, standardError: $1) }
            return (result.code, result.out)
        }
        #expect(check(.fixed, record: .all).code == 0)
        #expect(check(.fixed).code == 0)
        let replayed = check(try #require(SchedulePolicy(failure.shortest.description)))
        #expect(replayed.code == 1)
        // The transcript differs from the golden, and the expectation fails.
        #expect(replayed.out.contains("Output/\(kind)/\(kind).transcript\n--- expected\n+++ actual\n"))
        #expect(replayed.out.contains("\(kind).scenario [\(kind)] line \(lines[0]): expect "))
        #expect(replayed.out.contains("FAILED (got "))
    }

    @Test(arguments: bugs)
    func theFixedDesignPassesEverySchedule(kind: String, lines: [Int]) throws {
        let exploration = try Self.explore(kind, as: "\(kind)-fixed")
        #expect(exploration.schedules == 1_000)
        #expect(exploration.passed)
        #expect(exploration.failures.isEmpty)
        // More than one order ran: the fixed design passes because it is right, not because
        // every schedule gave the same transcript.
        #expect(exploration.groups.count >= 2)
    }
}
