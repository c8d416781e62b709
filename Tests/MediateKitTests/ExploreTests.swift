import Foundation
import MediateTestSupport
import PropertyBased
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// `mediate explore`: many schedules of an asynchronous design, the distinct
/// transcripts by hash, each failure shrunk to a schedule that replays it byte for byte.
@Suite struct ExploreTests {
    static let racePath = packageRoot.appendingPathComponent("Tests/Fixtures/lamp-race.scenario").path

    static func load(_ path: String) throws -> LoadedScenario {
        try ScenarioLoader.load(path: path, designs: .reference).get()
    }

    /// The transcript of `scenario` under `kind` and `schedule`, and the run's summary.
    static func run(_ scenario: LoadedScenario, kind: MediatorKind, schedule: SchedulePolicy) -> (bytes: [UInt8], summary: RunSummary) {
        let output = BytesOutput()
        let run = KindRun.run(scenario, design: scenario.designs.design(kind)!, schedule: schedule, analyze: false, output: output)
        return (output.bytes, run.summary)
    }

    @Test func findsTheRaceThatTheFixedScheduleMissesAndShrinksIt() throws {
        let scenario = try Self.load(Self.racePath)
        let exploration = ScheduleExploration(scenario, design: ActorDesign.self, strategy: .random, schedules: 200, seed: 0)
        #expect(exploration.schedules == 200)
        #expect(exploration.groups.map(\.schedules).reduce(0, +) == 200)
        #expect(exploration.groups.map(\.first) == exploration.groups.map(\.first).sorted())
        let fixed = try #require(exploration.groups.first)
        #expect(fixed.first == 1 && fixed.firstSchedule == .fixed && fixed.passes)
        #expect(exploration.passing == 0)
        #expect(!exploration.passed)
        let failure = try #require(exploration.failures.first)
        #expect(exploration.failures.count == 1)
        #expect(failure.expectation.range.lowerBound.line == 18)
        #expect(failure.schedules == exploration.groups.filter { !$0.passes }.map(\.schedules).reduce(0, +))
        #expect(failure.preemptions >= 1 && failure.preemptions <= failure.foundPreemptions)
        // The printed schedule, read back from its text, writes the failing transcript byte for byte.
        let replayed = Self.run(scenario, kind: .actor, schedule: try #require(SchedulePolicy(failure.shortest.description)))
        #expect(replayed.bytes == failure.transcript)
        #expect(replayed.summary.expectationFailures.map(\.range) == [failure.expectation.range])
        let difference = try #require(failure.difference)
        #expect(difference.expected == "      Lamp <- Hub dim(to: 1)")
        #expect(difference.actual == "      Lamp <- Hub dim(to: 2)")
    }

    @Test func pctFindsTheRaceToo() throws {
        let scenario = try Self.load(Self.racePath)
        let exploration = ScheduleExploration(scenario, design: ActorDesign.self, strategy: .pct(depth: 2), schedules: 50, seed: 7)
        #expect(exploration.groups.dropFirst().allSatisfy { if case .pct(_, 2, _) = $0.firstSchedule { true } else { false } })
        #expect(exploration.failures.count == 1)
    }

    @Test func theSameExplorationGivesTheSameReportEveryTime() throws {
        let scenario = try Self.load(packageRoot.appendingPathComponent("Scenarios/smart-home.scenario").path)
        func report() -> String {
            let exploration = ScheduleExploration(scenario, design: ActorDesign.self, strategy: .random, schedules: 60, seed: 8812)
            return ExplorationFormatter.text(exploration, setup: .init(scenario: scenario, kind: .actor, strategy: .random, seed: 8812))
        }
        let first = report()
        #expect(report() == first)
        #expect(first.hasSuffix("every expectation holds under every schedule tried\n"))
    }

    @Test func theShrinkerDropsWhatTheFailureDoesNotNeed() {
        // The failure needs the choice at index 3, and nothing else.
        var runs = 0
        let shrunk = ScheduleShrinker.shrink([1, 2, 0, 1, 3, 2]) { choices in
            runs += 1
            return choices.count > 3 && choices[3] != 0 ? choices : nil
        }
        #expect(shrunk == [0, 0, 0, 1])
        #expect(ScheduleShrinker.preemptions(shrunk) == 1)
        // A schedule that nothing smaller breaks stays, trimmed of its trailing zeros.
        #expect(ScheduleShrinker.shrink([0, 1, 0, 0]) { $0 == [0, 1] ? $0 : nil } == [0, 1])
        #expect(ScheduleShrinker.shrink([2, 1]) { _ in nil } == [2, 1])
    }

    @Test func theShrinkerStopsAtItsBudget() {
        var runs = 0
        _ = ScheduleShrinker.shrink(Array(repeating: 1, count: 50), budget: 7) { choices in
            runs += 1
            return nil
        }
        #expect(runs == 7)
    }

    /// FNV-1a 64's published values: the hashes are the same on every machine.
    @Test func transcriptHashesAreFNV1a64() {
        #expect(TranscriptHash([]).value == 0xCBF2_9CE4_8422_2325)
        #expect(TranscriptHash(Array("a".utf8)).value == 0xAF63_DC4C_8601_EC8C)
        #expect(TranscriptHash(Array("foobar".utf8)).text == "fnv1a64:85944171f73967e8")
    }

    @Test func theCommandExitsOneOnARaceAndZeroWhenEveryScheduleHolds() throws {
        var command = ExploreCommand(path: Self.racePath, mediator: .actor, designs: .reference)
        command.schedules = 100
        let failing = outputs { command.execute(standardOutput: $0, standardError: $1) }
        #expect(failing.code == 1)
        #expect(failing.out.contains("lamp-race.scenario:18:1: error: under actor, the expectation failed under "))
        #expect(failing.out.contains("help: replay it: mediate run \(Self.racePath) --mediator actor --schedule replay:"))
        #expect(failing.out.contains("at line 9:\n  passing:       Lamp <- Hub dim(to: 1)\n  failing:       Lamp <- Hub dim(to: 2)\n"))
        command.format = .json
        let json = outputs { command.execute(standardOutput: $0, standardError: $1) }
        #expect(json.code == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        let failures = try #require(object["failures"] as? [[String: Any]])
        let shortest = try #require(failures.first?["shortest"] as? [String: Any])
        #expect((shortest["command"] as? String)?.hasPrefix("mediate run ") == true)

        var holding = ExploreCommand(
            path: packageRoot.appendingPathComponent("Scenarios/smart-home.scenario").path, mediator: .actor, designs: .reference)
        holding.schedules = 30
        holding.strategy = .pct(depth: 2)
        let passing = outputs { holding.execute(standardOutput: $0, standardError: $1) }
        #expect(passing.code == 0)
        #expect(passing.out.contains("30 schedules, fixed then pct, depth 2 from seed 0"))
    }
}

/// Replays are exact, as a property: for generated scenarios under the asynchronous designs and
/// any seed, the choices a random or PCT run made, replayed, write the same transcript byte for
/// byte; and every failure explore reports is written again by the schedule it prints.
@Suite("Exact replay")
struct ExactReplayTests {
    /// A scenario drawn from `seed`: two to four participants of two types whose reactions send on,
    /// broadcasts and direct sends, and expectations on what they counted, which hold under some
    /// orders only.
    static func scenario(_ seed: UInt64, kind: MediatorKind) -> String {
        var random = SplitMix64(seed: seed)
        func draw(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let count = 2 + draw(3)
        var lines = ["language 1.1", "scenario \"Generated \(seed)\"", "mediator \(kind.rawValue) as Hub", ""]
        for index in 0..<count { lines.append("participant P\(index) : T\(index % 2) { n = 0, last = 0 }") }
        lines += [
            "on T0 receives ping(x) if x < 2 { self -> * T1: ping(x: x + 1) }",
            "on T1 receives ping(x) { set last = x }",
            "on T0 receives ping(x) { set n = self.n + 1 }",
            "on T1 receives ping(x) if x < \(1 + draw(2)) { self -> P0: ping(x: x + 1) }",
            "on Hub receives go { self -> * T0: ping(x: 0)\n    self -> * T1: ping(x: 1) }",
            "",
        ]
        for _ in 0..<(2 + draw(4)) {
            let from = draw(count)
            switch draw(3) {
            case 0: lines.append("P\(from) -> Hub: go")
            case 1: lines.append("P\(from) -> *: ping(x: \(draw(2)))")
            default: lines.append("P\(from) -> P\((from + 1) % count): ping(x: 0)")
            }
        }
        lines.append("expect P1.last == \(draw(3))")
        lines.append("expect P0.n == \(draw(4))")
        return lines.joined(separator: "\n") + "\n"
    }

    static let kinds: [MediatorKind] = [.actor, MediatorKind("async-stream")]

    @Test func theChoicesOfARandomOrPCTRunReplayItByteForByte() async {
        let input = zip(Gen<Int>.int(in: 0...Int.max), Gen<Int>.int(in: 0...Int.max), Gen<Int>.int(in: 0...1), Gen<Int>.int(in: 1...4))
        await propertyCheck(count: 40, input: input) { shape, seed, kindIndex, depth in
            let kind = Self.kinds[kindIndex]
            let loaded = ScenarioLoader.load(
                SourceFile(path: "generated.scenario", text: Self.scenario(UInt64(shape), kind: kind)), designs: .reference)
            guard case .success(let scenario) = loaded else {
                Issue.record("the generated scenario does not check: \(Self.scenario(UInt64(shape), kind: kind))")
                return
            }
            for schedule in [SchedulePolicy.random(seed: UInt64(seed)), .pct(seed: UInt64(seed), depth: depth, steps: 12)] {
                let first = ExploreTests.run(scenario, kind: kind, schedule: schedule)
                let again = ExploreTests.run(scenario, kind: kind, schedule: schedule)
                let replayed = ExploreTests.run(
                    scenario, kind: kind, schedule: SchedulePolicy(SchedulePolicy.replay(first.summary.scheduleChoices).description)!)
                #expect(again.bytes == first.bytes, "\(schedule)")
                #expect(replayed.bytes == first.bytes, "\(schedule) as replay:\(first.summary.scheduleChoices)")
            }
        }
    }

    @Test func everyFailureExploreReportsIsWrittenAgainByTheScheduleItPrints() async {
        let input = zip(Gen<Int>.int(in: 0...Int.max), Gen<Int>.int(in: 0...1_000_000), Gen<Int>.int(in: 0...1))
        await propertyCheck(count: 12, input: input) { shape, seed, kindIndex in
            let kind = Self.kinds[kindIndex]
            guard
                case .success(let scenario) = ScenarioLoader.load(
                    SourceFile(path: "generated.scenario", text: Self.scenario(UInt64(shape), kind: kind)), designs: .reference)
            else {
                Issue.record("the generated scenario does not check")
                return
            }
            let exploration = ScheduleExploration(
                scenario, design: scenario.designs.design(kind)!, strategy: .random, schedules: 40, seed: UInt64(seed))
            for failure in exploration.failures {
                let replayed = ExploreTests.run(scenario, kind: kind, schedule: SchedulePolicy(failure.shortest.description)!)
                #expect(replayed.bytes == failure.transcript)
                #expect(replayed.summary.expectationFailures.contains { $0.range == failure.expectation.range })
                #expect(failure.preemptions <= failure.foundPreemptions)
            }
        }
    }
}
