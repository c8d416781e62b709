/// `mediate explore`: runs one scenario under many schedules of an asynchronous design and
/// reports its distinct transcripts, and each expectation some schedule breaks with the smallest
/// schedule found that does (docs/SCHEDULER.md).
package struct ExploreCommand: Sendable {
    /// How the exploration is printed.
    package enum Format: String, CaseIterable, Sendable {
        /// For people: the transcripts, then each failure with the command that replays it.
        case text
        /// One JSON object, keys sorted, with every example transcript.
        case json
    }

    /// The scenario file.
    package var path: String
    /// nil: the scenario's own design.
    package var mediator: MediatorKind?
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// How many schedules to run, the first `fixed` (at least 1).
    package var schedules = 1_000
    /// How the schedules after the first are drawn.
    package var strategy = ExplorationStrategy.random
    /// The seed of the second schedule; each next one takes the next number.
    package var seed: UInt64 = 0
    /// The part of the schedules this run takes (`--shard K/N`), or nil for all of them.
    package var shard: Shard?
    /// Text or JSON.
    package var format = Format.text
    /// The limits every run stops at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// An exploration of the scenario at `path` under `mediator`, or its own design.
    package init(
        path: String, mediator: MediatorKind? = nil, designs: DesignRegistry, limits: RunLimits = RunLimits(),
        diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.path = path
        self.mediator = mediator
        self.designs = designs
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// 0 when every expectation held under every schedule, 1 when one failed under some schedule,
    /// 2 when the scenario has errors or names no known design, 3 when a limit stopped a run or
    /// standard output could not be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = explore(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func explore(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let loaded = ScenarioLoader.load(
            path: path, designs: designs, reportingTo: standardError, as: diagnosticFormat, colored: colors.standardError)
        guard case .success(let scenario) = loaded else { return loaded.exitCode }
        let kind = mediator ?? scenario.declaredKind
        guard let design = designs.design(kind) else {
            standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
            return 2
        }
        if !design.isAsynchronous {
            standardError.write(
                "\(path.visible()): note: \(kind.rawValue) is synchronous: it has no jobs to order, so every schedule "
                    + "gives the same transcript\n")
        }
        let exploration = ScheduleExploration(
            scenario, design: design, limits: limits, strategy: strategy, schedules: schedules, seed: seed, shard: shard)
        let setup = ExplorationFormatter.Setup(
            scenario: scenario, kind: kind, strategy: strategy, seed: seed, shard: shard, allSchedules: max(schedules, 1))
        standardOutput.write(
            format == .json ? ExplorationFormatter.json(exploration, setup: setup) : ExplorationFormatter.text(exploration, setup: setup))
        // The first limit that stopped a run, said once: the text already counts every schedule stopped.
        if let stopped = exploration.groups.first(where: { $0.stoppedBy != nil }), let stop = stopped.stoppedBy,
            let range = stopped.stoppedAt
        {
            standardError.write(
                RunCommand.limitMessage(
                    stop, range: range, kind: kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError))
            return 3
        }
        return exploration.failures.isEmpty ? 0 : 1
    }
}

extension ExploreCommand: TerminalCommand {}
