import Foundation

/// Writes a ``ScheduleExploration`` as `mediate explore` prints it: text for people, or JSON.
enum ExplorationFormatter {
    /// What the exploration ran: the file, the design and how the schedules were drawn.
    struct Setup {
        var scenario: LoadedScenario
        var kind: MediatorKind
        var strategy: ExplorationStrategy
        var seed: UInt64
        /// The part of the schedules a shard ran (`--shard K/N`), and how many the whole run has.
        var shard: Shard? = nil
        var allSchedules = 0

        /// The command line that runs `schedule` (`mediate run FILE --mediator KIND --schedule S`).
        func replay(_ schedule: SchedulePolicy) -> String {
            "\(CommandName.current) run \(Self.shellWord(scenario.file.path)) --mediator \(kind.rawValue) --schedule \(schedule)"
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
            let outcome: String
            if let stop = group.stoppedBy {
                outcome = "stopped: \(stop.written)"
            } else if group.failed.isEmpty {
                outcome = "every expectation holds"
            } else {
                outcome =
                    "\(plural(group.failed.count, "failed expectation")) (line \(group.failed.map { String($0.range.lowerBound.line) }.joined(separator: ", ")))"
            }
            out +=
                "  #\(number + 1) \(group.hashText) \(plural(group.schedules, "schedule")), first \(group.first) (\(group.firstSchedule)): \(outcome)\n"
        }
        let passing = exploration.passing.map { exploration.groups[$0] }
        for failure in exploration.failures {
            let expectation = failure.expectation
            let how = expectation.heldButMeantToFail ? "held, though meant to fail," : "failed"
            var notes: [Diagnostic.Note] = [
                .note(
                    "the smallest schedule found: \(plural(failure.preemptions, "preemption")), shrunk from \(failure.found) "
                        + "(schedule \(failure.foundIndex), \(plural(failure.foundPreemptions, "preemption")))"),
                .help("replay it: \(setup.replay(failure.shortest))"),
            ]
            if passing == nil { notes.append(.note("no schedule tried passes, so there is no transcript to compare with")) }
            out += DiagnosticFormat.text.render(
                [
                    Diagnostic(
                        "under \(setup.kind.rawValue), the expectation \(how) under \(failure.schedules) of \(plural(count, "schedule")) "
                            + "(got \(expectation.got))", at: expectation.range, notes: notes)
                ], in: file)
            if let passing, let difference = failure.difference {
                out += "first difference from the passing transcript of \(passing.firstSchedule), at line \(difference.line):\n"
                out += "  passing: \(difference.expected?.visible() ?? "(end of transcript)")\n"
                out += "  failing: \(difference.actual?.visible() ?? "(end of transcript)")\n"
            }
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

    /// The same, as one JSON object (keys sorted), with each distinct transcript's example and
    /// each failure's transcript in full.
    static func json(_ exploration: ScheduleExploration, setup: Setup) -> String {
        ExplorationDocument(exploration, setup: setup).json
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
