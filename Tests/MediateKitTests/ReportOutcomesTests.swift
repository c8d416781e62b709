import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// The report page's "Outcomes": a scenario with a `together` block, under each design
/// whose runs go through the scheduler, shows each distinct transcript of an exploration as a lane
/// of a player. Tests/Browser/player_test.py steps through it in Chromium.
@Suite("Report outcomes")
struct ReportOutcomesTests {
    static let lastLamp = packageRoot.appendingPathComponent("Scenarios/last-lamp.scenario").path

    /// The page `report` writes for `path`, with `schedules` schedules explored.
    static func page(_ path: String, schedules: Int = ReportCommand(designs: .reference).schedules) throws -> String {
        var command = ReportCommand(paths: [path], designs: .reference)
        command.schedules = schedules
        let page = StringOutput()
        let errors = StringOutput()
        #expect(command.execute(standardOutput: page, standardError: errors) == 0, "\(errors.text)")
        return page.text
    }

    /// The lanes' transcripts in the player data `id-data` of `page`.
    static func lanes(_ id: String, in page: String) throws -> [[String]] {
        let opening = "<script type=\"application/json\" id=\"\(id)-data\">"
        let start = try #require(page.range(of: opening), "no player \(id)")
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        let lanes = try #require(data?["lanes"] as? [[String: Any]])
        return lanes.map { $0["lines"] as? [String] ?? [] }
    }

    /// The explorer's own grouping of `path` under `kind`, as the report explores it.
    static func exploration(_ path: String, _ kind: MediatorKind, schedules: Int) throws -> ScheduleExploration {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let scenario = try ScenarioLoader.load(SourceFile(path: path, text: source)).get()
        let design = try #require(scenario.designs.design(kind))
        return ScheduleExploration(scenario, design: design, strategy: .random, schedules: schedules, seed: 0)
    }

    @Test func theOutcomesAreTheExplorersDistinctTranscriptsWithTheirCounts() throws {
        let schedules = ReportCommand(designs: .reference).schedules
        let page = try Self.page(Self.lastLamp)
        let asynchronous = DesignRegistry.reference.kinds.filter { DesignRegistry.reference.design($0)?.isAsynchronous == true }
        #expect(asynchronous.count >= 2)
        for (index, kind) in asynchronous.enumerated() {
            let groups = try Self.exploration(Self.lastLamp, kind, schedules: schedules).groups
            #expect(groups.count > 1, "the report shows a player only for several outcomes")
            #expect(page.contains("<h3 id=\"scenario-last-lamp-outcomes-\(kind.rawValue)\">Outcomes under \(kind.rawValue)</h3>"))
            #expect(try Self.lanes("s0-o\(index)", in: page) == groups.map { ScheduleExploration.lines($0.example) })
            for (number, group) in groups.enumerated() {
                #expect(page.contains("<b>#\(number + 1): \(group.schedules) of \(schedules) schedules</b><code>\(group.hashText)</code>"))
                #expect(page.contains(">mediate run \(Self.lastLamp) --mediator \(kind.rawValue) --schedule \(group.firstSchedule)</code>"))
            }
        }
        #expect(!page.contains("id=\"s0-o\(asynchronous.count)\""))
    }

    @Test func anOutcomeWhoseExpectationsFailIsMarked() throws {
        let source = try String(contentsOfFile: Self.lastLamp, encoding: .utf8)
        let folder = try scratchFolder(holding: ["lamp.scenario": source + "expect Shop.buyer == \"Alice\"\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("lamp.scenario").path
        let page = try Self.page(path)
        let groups = try Self.exploration(path, .actor, schedules: 200).groups
        #expect(groups.map(\.passes) == [true, false])
        let heads = page.matches(of: /<div class="pl-head pl-outcome( pl-fails)?">.*?<\/div>/).map { String($0.output.0) }
        try #require(heads.count == 4)  // actor's, then async-stream's
        #expect(!heads[0].contains("pl-fails") && heads[0].contains("every expectation holds"))
        #expect(heads[1].contains("pl-fails") && heads[1].contains("✗ 1 failed expectation (line 27)"))
    }

    @Test func pastEightOutcomesTheFirstEightAreShownAndTheOthersCounted() throws {
        let source = """
            language 1.2
            participant A
            participant B
            participant C
            on Participant receives any { log "{self} has {message}" }
            together {
                A -> *: "'a'"
                B -> *: "'b'"
            }
            expect C received 2

            """
        let folder = try scratchFolder(holding: ["busy.scenario": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("busy.scenario").path
        let page = try Self.page(path)
        let groups = try Self.exploration(path, .asyncStream, schedules: 200).groups
        #expect(groups.count > ReportCommand.outcomeLanes)
        let asynchronous = DesignRegistry.reference.kinds.filter { DesignRegistry.reference.design($0)?.isAsynchronous == true }
        let index = try #require(asynchronous.firstIndex(of: .asyncStream))
        let shown = groups.prefix(ReportCommand.outcomeLanes)
        #expect(try Self.lanes("s0-o\(index)", in: page) == shown.map { ScheduleExploration.lines($0.example) })
        #expect(page.contains("\(groups.count) gave distinct transcripts; the first \(ReportCommand.outcomeLanes) are shown"))
    }

    @Test func noOutcomesWithoutATogetherBlockAnAsynchronousDesignOrSchedules() throws {
        let chat = try Self.page(packageRoot.appendingPathComponent("Scenarios/chat.scenario").path)
        #expect(!chat.contains("pl-outcomes\"") && !chat.contains("Outcomes under"))
        #expect(!(try Self.page(Self.lastLamp, schedules: 0)).contains("Outcomes under"))
        let lamp = try CommittedScenarios.load("last-lamp.scenario")
        for kind in lamp.designs.kinds {
            let design = try #require(lamp.designs.design(kind))
            #expect(ReportCommand.explores(lamp, under: design) == design.isAsynchronous, "\(kind)")
            #expect(!ReportCommand.explores(try CommittedScenarios.load("chat.scenario"), under: design))
        }
    }

    @Test func thePageIsTheSameBytesEveryTime() throws {
        let first = try Self.page(Self.lastLamp)
        #expect(first.contains("class=\"player pl-outcomes\""))
        #expect(try Self.page(Self.lastLamp) == first)
    }
}
