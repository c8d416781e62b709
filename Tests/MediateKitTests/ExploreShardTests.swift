import Foundation
import MediateDesigns
import MediateTestSupport
import PropertyBased
import Testing

@testable import MediateKit

/// `explore --shard K/N` and `merge` of its JSON: N shards, merged, are one unsharded
/// exploration byte for byte.
@Suite("explore --shard and merge")
struct ExploreShardTests {
    /// What merge says to do when shards of three are missing.
    static let allShards = "help: give merge the results of all 3 shards, or the folder that holds them\n"

    /// The explorations the tests shard: a race that some schedules break, the same under PCT,
    /// and a scenario that holds under every schedule.
    static let explorations: [String: (path: String, strategy: ExplorationStrategy)] = [
        "race": (ExploreTests.racePath, .random),
        "race under pct": (ExploreTests.racePath, .pct(depth: 2)),
        "holding": (packageRoot.appendingPathComponent("Scenarios/last-lamp.scenario").path, .random),
    ]

    /// `explore` of `path` under actor, 40 schedules from seed 3 unless told.
    static func explore(
        _ path: String, strategy: ExplorationStrategy = .random, schedules: Int = 40, seed: UInt64 = 3,
        mediator: MediatorKind = .actor, shard: Shard? = nil, format: ExploreCommand.Format = .json
    ) -> (code: Int32, out: String, err: String) {
        var command = ExploreCommand(path: path, mediator: mediator, designs: .reference)
        command.schedules = schedules
        command.strategy = strategy
        command.seed = seed
        command.shard = shard
        command.format = format
        return outputs { command.execute(standardOutput: $0, standardError: $1) }
    }

    /// 40 schedules in 1, 2, 3 and 45 shards: the last has more shards than schedules.
    @Test(arguments: ["race", "race under pct", "holding"], [1, 2, 3, 45])
    func mergedShardsAreOneUnshardedExploration(name: String, count: Int) throws {
        let (path, strategy) = try #require(Self.explorations[name])
        let workspace = try Workspace()
        let whole = Self.explore(path, strategy: strategy)
        #expect(whole.code == (name == "holding" ? 0 : 1))
        for index in 1...count {
            let part = Self.explore(path, strategy: strategy, shard: Shard(index: index, count: count))
            #expect(part.code == 0 || part.code == 1)
            try workspace.write("shards/\(index).json", part.out)
        }
        // A folder stands for its results, which need no order.
        let merged = outputs {
            MergeCommand(paths: [workspace.path("shards")], outputPath: "-").execute(standardOutput: $0, standardError: $1)
        }
        #expect(merged.code == whole.code)
        #expect(merged.out == whole.out)
        let verdict = name == "holding" ? "every expectation holds under every schedule tried" : "1 expectation failed under some schedule"
        #expect(merged.err == "40 schedules: \(verdict) (\(count == 1 ? "1 shard" : "\(count) shards") merged)\n")
    }

    /// Three dims race: the first schedule that breaks the expectation gets 2, others get 1. The
    /// merge reports it as that first schedule of all did, whichever shard's schedule it shrank.
    @Test(arguments: [2, 3, 4])
    func aMergedFailureIsAsTheFirstScheduleOfAllThatBrokeItReportsIt(count: Int) throws {
        let workspace = try Workspace()
        try workspace.write(
            "three.scenario",
            """
            language 1.1
            scenario "Three dims"
            mediator actor as Hub

            participant Switch : Button
            participant Lamp : Light { level = 0 }

            on Hub receives press {
                self -> Lamp: dim(to: 1)
                self -> Lamp: dim(to: 2)
                self -> Lamp: dim(to: 3)
            }
            on Light receives dim(to) { set level = to }

            Switch -> Hub: press
            expect Lamp.level == 3

            """)
        let path = workspace.path("three.scenario")
        let whole = Self.explore(path)
        #expect(whole.out.contains("\"got\" : \"2\""))
        let parts = (1...count).map { (path: "\($0).json", text: Self.explore(path, shard: Shard(index: $0, count: count)).out) }
        #expect(try ExplorationDocument.merge(parts.reversed()).json == whole.out)
    }

    /// Generated scenarios with several expectations, which break under different schedules
    /// with different values: the merge still picks what one run picks.
    @Test func mergedShardsOfGeneratedScenariosAreOneUnshardedExploration() async {
        let input = zip(Gen<Int>.int(in: 0...Int.max), Gen<Int>.int(in: 0...1_000_000), Gen<Int>.int(in: 0...1), Gen<Int>.int(in: 2...5))
        await propertyCheck(count: 12, input: input) { shape, seed, kindIndex, count in
            let kind = ExactReplayTests.kinds[kindIndex]
            guard
                case .success(let scenario) = ScenarioLoader.load(
                    SourceFile(path: "generated.scenario", text: ExactReplayTests.scenario(UInt64(shape), kind: kind)),
                    designs: .reference)
            else {
                Issue.record("the generated scenario does not check")
                return
            }
            let design = scenario.designs.design(kind)!
            func json(_ shard: Shard?) -> String {
                let exploration = ScheduleExploration(
                    scenario, design: design, strategy: .random, schedules: 30, seed: UInt64(seed), shard: shard)
                let setup = ExplorationFormatter.Setup(
                    scenario: scenario, kind: kind, strategy: .random, seed: UInt64(seed), shard: shard, allSchedules: 30)
                return ExplorationFormatter.json(exploration, setup: setup)
            }
            let parts = (1...count).map { (path: "\($0).json", text: json(Shard(index: $0, count: count))) }
            #expect((try? ExplorationDocument.merge(parts).json) == json(nil))
        }
    }

    @Test func aShardRunsOnlyItsOwnSchedulesAndSaysWhichItIs() throws {
        let scenario = try ExploreTests.load(ExploreTests.racePath)
        for index in 1...3 {
            let part = ScheduleExploration(
                scenario, design: scenario.designs.design(.actor)!, strategy: .pct(depth: 2), schedules: 40, seed: 3,
                shard: Shard(index: index, count: 3))
            #expect(part.schedules == (index == 1 ? 14 : 13))
            #expect(part.groups.map(\.schedules).reduce(0, +) == part.schedules)
            #expect(part.groups.allSatisfy { ($0.first - 1) % 3 == index - 1 })
        }
        let text = Self.explore(ExploreTests.racePath, shard: Shard(index: 2, count: 3), format: .text)
        #expect(text.out.hasPrefix("\(ExploreTests.racePath) under actor, shard 2/3: 13 of 40 schedules, fixed then random from seed 3\n"))
        #expect(!text.out.contains("(fixed)"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.explore(ExploreTests.racePath, shard: Shard(index: 2, count: 3)).out.utf8))
                as? [String: Any])
        #expect(json["schedules"] as? Int == 13)
        let shard = try #require(json["shard"] as? [String: Any])
        #expect(shard["index"] as? Int == 2 && shard["count"] as? Int == 3 && shard["allSchedules"] as? Int == 40)
        #expect(shard["version"] as? String == mediateVersion)
        let whole = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.explore(ExploreTests.racePath).out.utf8)) as? [String: Any])
        #expect(whole["shard"] == nil)
    }

    @Test func aMergeNeedsEveryShardOfOneExplorationOnce() throws {
        let workspace = try Workspace()
        let race = ExploreTests.racePath
        for index in 1...3 {
            try workspace.write("\(index)-3.json", Self.explore(race, shard: Shard(index: index, count: 3)).out)
        }
        let holding = packageRoot.appendingPathComponent("Scenarios/last-lamp.scenario").path
        let first = Shard(index: 1, count: 3)
        try workspace.write("seed.json", Self.explore(race, seed: 4, shard: first).out)
        try workspace.write("mediator.json", Self.explore(race, mediator: MediatorKind("async-stream"), shard: first).out)
        try workspace.write("file.json", Self.explore(holding, shard: first).out)
        try workspace.write("schedules.json", Self.explore(race, schedules: 41, shard: first).out)
        try workspace.write("pct.json", Self.explore(race, strategy: .pct(depth: 2), shard: first).out)
        try workspace.write("1-2.json", Self.explore(race, shard: Shard(index: 1, count: 2)).out)
        try workspace.write("whole.json", Self.explore(race).out)
        try workspace.write("report.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        try workspace.write("other.json", "{\"passed\": true}\n")
        try workspace.write(
            "short.json",
            Self.explore(race, shard: Shard(index: 2, count: 3)).out.replacingOccurrences(
                of: "\"schedules\" : 13,\n  \"seed\"", with: "\"schedules\" : 12,\n  \"seed\""))
        func merge(_ names: String...) -> (Int32, String) {
            let merged = outputs { MergeCommand(paths: names.map(workspace.path)).execute(standardOutput: $0, standardError: $1) }
            return (merged.code, merged.err.replacingOccurrences(of: workspace.root.path + "/", with: ""))
        }
        let same = "merge the shards of one explore command, run with the same options\n"
        #expect(merge("1-3.json", "3-3.json") == (2, "error: shard 2/3 is missing: the verdict needs every shard\n" + Self.allShards))
        #expect(merge("1-3.json") == (2, "error: shards 2/3, 3/3 are missing: the verdict needs every shard\n" + Self.allShards))
        #expect(
            merge("1-3.json", "2-3.json", "2-3.json", "3-3.json") == (
                2, "error: 2-3.json and 2-3.json are both shard 2/3\nhelp: give each shard's result once\n"
            ))
        #expect(merge("2-3.json", "1-2.json") == (2, "error: 1-2.json is shard 1/2, and 2-3.json is of 3 shards\n"))
        #expect(merge("2-3.json", "seed.json") == (2, "error: seed.json explores with --seed 4, and 2-3.json with 3: \(same)"))
        #expect(
            merge("2-3.json", "mediator.json") == (
                2, "error: mediator.json explores with --mediator async-stream, and 2-3.json with actor: \(same)"
            ))
        #expect(
            merge("2-3.json", "file.json") == (2, "error: file.json explores with the file \(holding), and 2-3.json with \(race): \(same)"))
        #expect(
            merge("2-3.json", "schedules.json") == (2, "error: schedules.json explores with --schedules 41, and 2-3.json with 40: \(same)"))
        #expect(merge("2-3.json", "pct.json") == (2, "error: pct.json explores with --strategy pct, and 2-3.json with random: \(same)"))
        #expect(
            merge("whole.json")
                == (2, "error: whole.json is not a shard's result: merge the JSON of `explore --shard K/N --format json`\n"))
        #expect(merge("other.json") == (2, "error: other.json is not the JSON of mediate explore: write it with --format json\n"))
        #expect(
            merge("1-3.json", "short.json", "3-3.json")
                == (2, "error: short.json counts 12 schedules, but shard 2/3 of 40 has 13: write it again with `explore --shard 2/3`\n"))
        #expect(
            merge("1-3.json", "report.xml")
                == (
                    2,
                    "error: 1-3.json is a JSON result of explore, and report.xml is not: merge the JSON of `explore --shard K/N` "
                        + "and the JUnit reports of `check --shard K/N` apart\n"
                ))
        #expect(merge("3-3.json", "1-3.json", "2-3.json").0 == 1)
    }
}
