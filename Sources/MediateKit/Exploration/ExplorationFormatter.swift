import Foundation

/// Writes a ``ScheduleExploration`` as `mediate explore` prints it: text for people, or JSON.
package enum ExplorationFormatter {
    /// What the exploration ran: the file, the design and how the schedules were drawn.
    package struct Setup {
        var scenario: LoadedScenario
        var kind: MediatorKind
        var strategy: ExplorationStrategy
        var seed: UInt64
        /// The part of the schedules a shard ran (`--shard K/N`), and how many the whole run has.
        var shard: Shard?
        var allSchedules: Int
        /// The command that replays a schedule, and the scenario's path as it takes it.
        var command: String
        var path: String

        /// The setup of an exploration of `scenario` under `kind`; a replay is `command run path …`.
        package init(
            scenario: LoadedScenario, kind: MediatorKind, strategy: ExplorationStrategy, seed: UInt64,
            shard: Shard? = nil, allSchedules: Int = 0, command: String = CommandName.current, path: String? = nil
        ) {
            (self.scenario, self.kind, self.strategy, self.seed) = (scenario, kind, strategy, seed)
            (self.shard, self.allSchedules) = (shard, allSchedules)
            self.command = command
            self.path = path ?? scenario.file.path
        }

        /// The command line that runs `schedule` (`mediate run FILE --mediator KIND --schedule S`).
        package func replay(_ schedule: SchedulePolicy) -> String {
            "\(command) run \(Self.shellWord(path)) --mediator \(kind.rawValue) --schedule \(schedule)"
        }

        /// `text` as one shell word: as it is when it holds only safe characters, else in single quotes.
        static func shellWord(_ text: String) -> String {
            let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:+,=@%")
            if !text.isEmpty, text.allSatisfy(safe.contains) { return text }
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }

        var strategyText: String {
            switch strategy {
            case .random: "random"
            case .pct(let depth): "pct, depth \(depth)"
            }
        }
    }

    /// The summary, the distinct transcripts, then each failed expectation with the smallest
    /// schedule that breaks it, the command that replays it, and its first line that differs
    /// from a passing transcript.
    static func text(_ exploration: ScheduleExploration, setup: Setup) -> String {
        let file = setup.scenario.file
        let count = exploration.schedules
        var out = "\(file.path.visible()) under \(setup.kind.rawValue)"
        let all = setup.shard == nil ? count : setup.allSchedules
        if let shard = setup.shard { out += ", shard \(shard): \(count) of" } else { out += ":" }
        out += " \(plural(all, "schedule")), " + (all == 1 ? "fixed\n" : "fixed then \(setup.strategyText) from seed \(setup.seed)\n")
        out += "\(plural(exploration.groups.count, "distinct transcript")), by first schedule:\n"
        for (number, group) in exploration.groups.enumerated() {
            out +=
                "  #\(number + 1) \(group.hashText) \(plural(group.schedules, "schedule")), first \(group.first) (\(group.firstSchedule)): "
                + "\(outcome(of: group))\n"
        }
        for failure in exploration.failures {
            out += Self.failure(failure, of: exploration, setup: setup)
        }
        let stopped = exploration.groups.filter { $0.stoppedBy != nil }.reduce(0) { $0 + $1.schedules }
        if stopped > 0 { out += "\(plural(stopped, "schedule")) stopped at a limit\n" }
        if exploration.failures.isEmpty, stopped == 0 {
            out += "every expectation holds under every schedule tried\n"
        } else if !exploration.failures.isEmpty {
            out += "\(plural(exploration.failures.count, "expectation")) failed under some schedule\n"
        }
        return out
    }

    /// One failed expectation as ``text(_:setup:)`` shows it: the error at its line with how
    /// many schedules broke it, the smallest schedule found and the command that replays it,
    /// then the first line where that schedule's transcript differs from the passing one.
    package static func failure(_ failure: ScheduleExploration.Failure, of exploration: ScheduleExploration, setup: Setup) -> String {
        let passing = exploration.passing.map { exploration.groups[$0] }
        let expectation = failure.expectation
        let how = expectation.heldButMeantToFail ? "held, though meant to fail," : "failed"
        var notes: [Diagnostic.Note] = [
            .note(
                "the smallest schedule found: \(plural(failure.preemptions, "preemption")), shrunk from \(failure.found) "
                    + "(schedule \(failure.foundIndex), \(plural(failure.foundPreemptions, "preemption")))"),
            .help("replay it: \(setup.replay(failure.shortest))"),
        ]
        if passing == nil { notes.append(.note("no schedule tried passes, so there is no transcript to compare with")) }
        var out = DiagnosticFormat.text.render(
            [
                Diagnostic(
                    "under \(setup.kind.rawValue), the expectation \(how) under \(failure.schedules) of "
                        + "\(plural(exploration.schedules, "schedule")) (got \(expectation.got))", at: expectation.range, notes: notes)
            ], in: setup.scenario.file)
        if let passing, let difference = failure.difference {
            out += "first difference from the passing transcript of \(passing.firstSchedule), at line \(difference.line):\n"
            out += "  passing: \(difference.expected?.visible() ?? "(end of transcript)")\n"
            out += "  failing: \(difference.actual?.visible() ?? "(end of transcript)")\n"
        }
        return out
    }

    /// The same, as one JSON object (keys sorted), with each distinct transcript's example and
    /// each failure's transcript in full.
    static func json(_ exploration: ScheduleExploration, setup: Setup) -> String {
        ExplorationDocument(exploration, setup: setup).json
    }

    /// How a distinct transcript came out: `every expectation holds`, `2 failed expectations
    /// (line 4, 9)` or `stopped: ` and the limit.
    static func outcome(of group: ScheduleExploration.Group) -> String {
        if let stop = group.stoppedBy { return "stopped: \(stop.written)" }
        if group.failed.isEmpty { return "every expectation holds" }
        let lines = group.failed.map { String($0.range.lowerBound.line) }.joined(separator: ", ")
        return "\(plural(group.failed.count, "failed expectation")) (line \(lines))"
    }

    package static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
