import Testing

@testable import MediateRuntime

@Suite struct SchedulePolicyTests {
    @Test(arguments: [
        ("fixed", SchedulePolicy.fixed),
        ("random:8812", .random(seed: 8812)),
        ("random:18446744073709551615", .random(seed: .max)),
        ("replay:", .replay([])),
        ("replay:1.0.2", .replay([1, 0, 2])),
    ])
    func readsAndWritesTheScheduleString(text: String, policy: SchedulePolicy) {
        #expect(SchedulePolicy(text) == policy)
        #expect(policy.description == text)
    }

    @Test(arguments: [
        "", "Fixed", "fixed:", "random", "random:", "random:-1", "random:+1", "random:1x", "replay", "replay:1..2", "replay:-1", "pct:3",
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
}
