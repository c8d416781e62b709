/// One scenario run under many schedules of one asynchronous design (`mediate explore`): its
/// distinct transcripts with how many schedules gave each, and each expectation that some
/// schedule broke, with the smallest schedule found that breaks it.
///
/// Memory does not grow with the number of schedules: a transcript is kept by its hash, plus one
/// example for each distinct one, and a failure keeps one schedule.
package struct ScheduleExploration: Sendable {
    /// Transcripts that came out the same, byte for byte.
    package struct Group: Sendable {
        /// Their hash (``TranscriptHash``).
        var hash: TranscriptHash
        /// How many schedules gave it.
        package var schedules: Int
        /// The 1-based number of the first schedule that gave it, and that schedule.
        package var first: Int
        package var firstSchedule: SchedulePolicy
        /// The transcript, as the first schedule wrote it.
        package var example: [UInt8]
        /// The expectations that failed in it, in the order written.
        package var failed: [ExpectationFailure]
        /// The limit that stopped it, and where.
        package var stoppedBy: RunError?
        package var stoppedAt: SourceRange?

        /// Every expectation held and no limit stopped it.
        package var passes: Bool { failed.isEmpty && stoppedBy == nil }
        /// `fnv1a64:` and 16 hexadecimal digits.
        package var hashText: String { hash.text }
    }

    /// An expectation that failed under some schedule.
    package struct Failure: Sendable {
        /// The expectation, as the first schedule that broke it reported it.
        package var expectation: ExpectationFailure
        /// How many schedules broke it.
        package var schedules: Int
        /// The schedule it was shrunk from: of those that broke it, the one with the fewest
        /// preemptions (the first on a tie), and its 1-based number.
        package var found: SchedulePolicy
        package var foundIndex: Int
        /// Its preemptions, as a `replay:` list.
        package var foundPreemptions: Int
        /// The smallest schedule found that breaks it: the choices a run made, which replay it exactly.
        package var shortest: SchedulePolicy
        /// The choices of ``shortest`` that are not 0 (the oldest job).
        package var preemptions: Int
        /// The transcript ``shortest`` writes.
        package var transcript: [UInt8]
        /// Its first line that differs from the passing transcript's; nil when no schedule passed.
        package var difference: TranscriptDifference?
    }

    /// How many schedules ran: every one, or a shard's part of them.
    package var schedules: Int
    /// The distinct transcripts, by their first schedule.
    package var groups: [Group]
    /// The expectations that failed, by their place in the scenario.
    package var failures: [Failure]
    /// The group the failures are compared with: the `fixed` schedule's when it passes, else the
    /// first that passes; nil when none does.
    package var passing: Int?

    /// Runs `scenario` under `design` with `count` schedules (at least 1): `fixed`, then those
    /// `strategy` draws from `seed`; with `shard`, only the shard's part of them, schedule number
    /// i at position i - 1, keeping its number. Each failure's schedule is shrunk, at most
    /// `shrinkBudget` runs for each.
    package init(
        _ scenario: LoadedScenario, design: any Design.Type, limits: RunLimits = RunLimits(), strategy: ExplorationStrategy,
        schedules count: Int, seed: UInt64, shard: Shard? = nil, shrinkBudget: Int = 2_000
    ) {
        let output = TranscriptBuffer()
        func run(_ schedule: SchedulePolicy) -> RunSummary {
            output.reset()
            return KindRun.run(scenario, design: design, limits: limits, schedule: schedule, analyze: false, output: output).summary
        }
        struct Candidate {
            var failure: ExpectationFailure
            var schedules: Int
            var index: Int
            var schedule: SchedulePolicy
            var choices: [Int]
        }
        var groups: [Group] = []
        var groupByHash: [TranscriptHash: Int] = [:]
        var candidates: [Candidate] = []
        var candidateByRange: [SourceRange: Int] = [:]
        let indices = (1...max(count, 1)).filter { shard?.contains(position: $0 - 1) ?? true }
        var steps = 1
        // PCT draws from the number of choices `fixed` made: a shard without it runs it uncounted.
        if case .pct = strategy, let first = indices.first, first > 1 {
            steps = max(run(.fixed).scheduleChoices.count, 1)
        }
        for index in indices {
            let schedule = strategy.schedule(index, seed: seed, steps: steps)
            let summary = run(schedule)
            if index == 1 { steps = max(summary.scheduleChoices.count, 1) }
            let hash = TranscriptHash(output.bytes)
            if let known = groupByHash[hash] {
                groups[known].schedules += 1
            } else {
                groupByHash[hash] = groups.count
                groups.append(
                    Group(
                        hash: hash, schedules: 1, first: index, firstSchedule: schedule, example: output.bytes,
                        failed: summary.expectationFailures, stoppedBy: summary.stoppedBy, stoppedAt: summary.stoppedAt))
            }
            let preemptions = ScheduleShrinker.preemptions(summary.scheduleChoices)
            for failure in summary.expectationFailures {
                guard let known = candidateByRange[failure.range] else {
                    candidateByRange[failure.range] = candidates.count
                    candidates.append(
                        Candidate(failure: failure, schedules: 1, index: index, schedule: schedule, choices: summary.scheduleChoices))
                    continue
                }
                candidates[known].schedules += 1
                if preemptions < ScheduleShrinker.preemptions(candidates[known].choices) {
                    (candidates[known].index, candidates[known].schedule) = (index, schedule)
                    candidates[known].choices = summary.scheduleChoices
                }
            }
        }
        let passing = groups.firstIndex { $0.passes }
        let passingLines = passing.map { Self.lines(groups[$0].example) }
        failures = candidates.sorted { $0.failure.range.lowerBound < $1.failure.range.lowerBound }.map { candidate in
            let range = candidate.failure.range
            let shortest = ScheduleShrinker.shrink(candidate.choices, budget: shrinkBudget) { choices in
                let summary = run(.replay(choices))
                return summary.expectationFailures.contains { $0.range == range } ? summary.scheduleChoices : nil
            }
            // Run once more: the transcript the printed schedule writes, whatever the shrinker tried last.
            let schedule = SchedulePolicy.replay(shortest)
            _ = run(schedule)
            let transcript = output.bytes
            return Failure(
                expectation: candidate.failure, schedules: candidate.schedules, found: candidate.schedule,
                foundIndex: candidate.index, foundPreemptions: ScheduleShrinker.preemptions(candidate.choices),
                shortest: schedule, preemptions: ScheduleShrinker.preemptions(shortest), transcript: transcript,
                difference: passingLines.flatMap { TranscriptDifference.first(expected: $0, actual: Self.lines(transcript)) })
        }
        schedules = indices.count
        self.groups = groups
        self.passing = passing
    }

    /// Whether every expectation held under every schedule and no limit stopped a run.
    package var passed: Bool { groups.allSatisfy(\.passes) }

    /// A transcript's lines, without their line feeds.
    static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast(bytes.last == UInt8(ascii: "\n") ? 1 : 0)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The bytes of one run's transcript, emptied before the next.
private final class TranscriptBuffer: TextOutput {
    private(set) var bytes: [UInt8] = []

    func reset() { bytes.removeAll(keepingCapacity: true) }
    func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
    func write(utf8 bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }
    func flush() {}
}
