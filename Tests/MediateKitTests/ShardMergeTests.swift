import Foundation
import MediateTestSupport
import Testing

@testable import MediateKit

@Suite("check --shard and merge")
struct ShardMergeTests {
    /// What merge says to do when shards of three are missing.
    static let allShards = "help: give merge the results of all 3 shards, or the folder that holds them\n"

    @Test func aShardIsWrittenKOverN() {
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("1/1")?.description == "1/1")
        for wrong in ["0/3", "4/3", "1/0", "a/b", "/3", "1/", "1/3/4", " 1/3", "+1/3", "-1/3", "1", ""] {
            #expect(Shard(wrong) == nil, "\(wrong)")
        }
    }

    @Test(arguments: 1...5) func theShardsCoverEveryItemOnce(count: Int) {
        let items = Array(0..<13)
        let parts = (1...count).map { Shard(index: $0, count: count)!.select(items) }
        #expect(parts.flatMap { $0 }.sorted() == items)
        #expect(parts.map(\.count).max()! - parts.map(\.count).min()! <= 1)
    }

    /// Five scenarios, one golden that differs, one orphaned golden: recorded, then changed.
    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        for name in ["a", "b", "c", "d", "e"] {
            try workspace.write("Scenarios/\(name).scenario", "participant A\nparticipant B\nA -> B: \"\(name)\"\n")
        }
        #expect(workspace.check(record: .all).code == 0)
        try workspace.write("Scenarios/c.scenario", "participant A\nparticipant B\nA -> B: \"changed\"\n")
        try workspace.write("Output/gone/mesh.transcript", "old\n")
        return workspace
    }

    @Test(arguments: 1...4) func mergedShardsAreOneUnshardedCheck(count: Int) throws {
        let workspace = try workspace()
        let whole = workspace.check(junit: true, junitName: "whole.xml")
        #expect(whole.code == 1)
        var paths: [String] = []
        for index in 1...count {
            let part = workspace.check(junit: true, shard: Shard(index: index, count: count), junitName: "shard-\(index).xml")
            #expect(part.out.contains("orphaned golden") == (index == 1))
            paths.append(workspace.path("shard-\(index).xml"))
        }
        // Given in any order.
        let out = StringOutput()
        let err = StringOutput()
        let code = MergeCommand(paths: paths.reversed(), outputPath: workspace.path("merged.xml"))
            .execute(standardOutput: out, standardError: err)
        #expect(code == 1)
        #expect(err.text == "")
        let cases = MediatorKind.allCases.count * 5 + 1
        #expect(
            out.text
                == "\(cases - MediatorKind.allCases.count - 1) passed, \(MediatorKind.allCases.count + 1) failed (\(count == 1 ? "1 shard" : "\(count) shards") merged)\n"
        )
        #expect(workspace.read("merged.xml") == workspace.read("whole.xml"))
    }

    @Test func aMergeNeedsEveryShardOfOneCheckOnce() throws {
        let workspace = try workspace()
        for index in 1...3 {
            _ = workspace.check(junit: true, shard: Shard(index: index, count: 3), junitName: "\(index)-3.xml")
        }
        _ = workspace.check(junit: true, shard: Shard(index: 1, count: 2), junitName: "1-2.xml")
        _ = workspace.check(junit: true, junitName: "whole.xml")
        func merge(_ names: String...) -> (Int32, String) {
            let err = StringOutput()
            let code = MergeCommand(paths: names.map(workspace.path)).execute(standardOutput: StringOutput(), standardError: err)
            return (code, err.text.replacingOccurrences(of: workspace.root.path + "/", with: ""))
        }
        #expect(merge("1-3.xml", "3-3.xml") == (2, "error: shard 2/3 is missing: the verdict needs every shard\n" + Self.allShards))
        #expect(merge("1-3.xml") == (2, "error: shards 2/3, 3/3 are missing: the verdict needs every shard\n" + Self.allShards))
        #expect(
            merge("1-3.xml", "2-3.xml", "2-3.xml", "3-3.xml") == (
                2, "error: 2-3.xml and 2-3.xml are both shard 2/3\nhelp: give each shard's result once\n"
            ))
        #expect(merge("1-3.xml", "1-2.xml") == (2, "error: 1-2.xml is shard 1/2, and 1-3.xml is of 3 shards\n"))
        #expect(
            merge("whole.xml")
                == (2, "error: whole.xml is not a shard's report: merge the reports of `check --shard K/N`\n"))
        #expect(
            merge("Scenarios/a.scenario")
                == (
                    2,
                    "error: Scenarios/a.scenario is not a JUnit report of mediate check: its first lines are not the ones mediate writes\n"
                ))
    }

    @Test func aShardWithNoFileIsAnEmptyPass() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/a.scenario", "participant A\nparticipant B\nA -> B: \"a\"\n")
        #expect(workspace.check(record: .all).code == 0)
        let part = workspace.check(junit: true, shard: Shard(index: 2, count: 2), junitName: "2.xml")
        #expect(part.code == 0)
        #expect(part.out == "0 passed, 0 failed (shard 2/2: 0 of 1 scenario files)\n")
        _ = workspace.check(junit: true, shard: Shard(index: 1, count: 2), junitName: "1.xml")
        _ = workspace.check(junit: true, junitName: "whole.xml")
        let code = MergeCommand(paths: [workspace.path("1.xml"), workspace.path("2.xml")], outputPath: workspace.path("merged.xml"))
            .execute(standardOutput: StringOutput(), standardError: StringOutput())
        #expect(code == 0)
        #expect(workspace.read("merged.xml") == workspace.read("whole.xml"))
    }
}
