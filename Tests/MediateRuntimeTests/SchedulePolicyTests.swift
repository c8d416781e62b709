import Testing

@testable import MediateRuntime

@Suite struct SchedulePolicyTests {
    @Test(arguments: [
        ("fixed", SchedulePolicy.fixed),
        ("random:8812", .random(seed: 8812)),
        ("random:18446744073709551615", .random(seed: .max)),
        ("replay:", .replay([])),
        ("replay:1.0.2", .replay([1, 0, 2])),
        ("pct:7:3:40", .pct(seed: 7, depth: 3, steps: 40)),
        ("pct:18446744073709551615:1000:1", .pct(seed: .max, depth: 1000, steps: 1)),
    ])
    func readsAndWritesTheScheduleString(text: String, policy: SchedulePolicy) {
        #expect(SchedulePolicy(text) == policy)
        #expect(policy.description == text)
    }

    @Test(arguments: [
        "", "Fixed", "fixed:", "random", "random:", "random:-1", "random:+1", "random:1x", "replay", "replay:1..2", "replay:-1", "pct:3",
        "pct:1:2", "pct:1:0:5", "pct:1:1001:5", "pct:1:2:0", "pct:x:2:3", "pct:1:2:3:4", "pct::2:3",
    ])
    func refusesAnythingElse(text: String) {
        #expect(SchedulePolicy(text) == nil)
    }

    /// The published first outputs of SplitMix64 for seed 0: the random schedules are the same on
    /// every machine only while these hold.
    @Test func splitMix64GivesThePublishedSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func replayTakesTheNewestJobForAChoiceTooLargeAndTheOldestOnceItRunsOut() {
        var chooser = SchedulePolicy.replay([5, 1]).makeChooser()
        let three = (0..<3).map { RunnableJob(sequence: $0, path: .executor) }
        #expect(chooser.choose(among: three) == 2)
        #expect(chooser.choose(among: three) == 1)
        #expect(chooser.choose(among: three) == 0)
    }

    /// PCT tells tasks apart by the runtime's ids, which differ from one process to the next, but
    /// draws their priorities in the order it first sees them: the same seed makes the same
    /// choices whatever the ids are.
    @Test func pctMakesTheSameChoicesWhateverTheTasksIds() {
        func choices(ids: [UInt64]) -> [Int] {
            var chooser = SchedulePolicy.pct(seed: 5, depth: 3, steps: 8).makeChooser()
            return (0..<8).map { step in
                chooser.choose(
                    among: ids.enumerated().map { RunnableJob(sequence: step * 3 + $0.offset, path: .executor, task: $0.element) })
            }
        }
        let first = choices(ids: [11, 12, 13])
        #expect(choices(ids: [9_000, 4, 77]) == first)
    }

    /// With depth 1 there is no change point: the task of the highest priority runs whenever it
    /// is runnable. With depth 2, one change point drops it below the others once.
    @Test func pctKeepsToOneTaskUntilAChangePoint() {
        let jobs = (0..<3).map { RunnableJob(sequence: $0, path: .executor, task: UInt64(100 + $0)) }
        func switches(_ policy: SchedulePolicy) -> Int {
            var chooser = policy.makeChooser()
            let picks = (0..<10).map { _ in chooser.choose(among: jobs) }
            return zip(picks, picks.dropFirst()).count { $0 != $1 }
        }
        let seeds: [UInt64] = Array(0..<20)
        #expect(seeds.allSatisfy { switches(.pct(seed: $0, depth: 1, steps: 10)) == 0 })
        let changing = seeds.map { switches(.pct(seed: $0, depth: 2, steps: 10)) }
        #expect(changing.allSatisfy { $0 <= 1 } && changing.contains(1))
    }
}
