import GraphvizRendering

/// `mediate report`: one self-contained HTML page about every scenario under the paths.
package struct ReportCommand: Sendable {
    /// Scenario files, or folders searched for `.scenario` files.
    package var paths: [String]
    /// nil: standard output.
    package var outputPath: String?
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// The limits every run stops at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none
    /// How many schedules a scenario with a `together` block, whose sends race on purpose, is run
    /// under by each design whose runs go through the scheduler, for its "Outcomes": those
    /// `mediate explore` runs, `fixed` then `random:0` on. 0: no outcomes.
    package var schedules = 200
    /// The most distinct transcripts an "Outcomes" player shows side by side, as many as the
    /// reference designs; the page counts the others.
    package static let outcomeLanes = 8

    /// The folder of the file each run's transcript is kept in until the page is written (see
    /// `TranscriptSpill`); nil: the system's temporary folder (`TMPDIR`).
    package var temporaryFolder: String?

    /// Whether no path was given, and ``paths`` is the default, `Scenarios`.
    var defaultPaths: Bool

    /// A report on `paths`; an empty `paths` is `Scenarios`.
    package init(
        paths: [String] = ["Scenarios"], outputPath: String? = nil, designs: DesignRegistry,
        limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.designs = designs
        self.paths = paths.isEmpty ? [ScenarioFiles.defaultFolder] : paths
        self.defaultPaths = paths.isEmpty
        self.outputPath = outputPath
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// 0; 2 when standard output is a terminal and no file is given (an HTML page is for a
    /// browser), when the default folder `Scenarios` is missing, or when a scenario has errors or
    /// cannot be read, or 3 when it is past a limit (the page
    /// shows each such file's errors in its place, and the other scenarios); 3 when a limit
    /// stopped a run (the page shows the run as it went, and the error goes to standard error),
    /// when the transcripts together, or the page itself, pass `RunLimits.maxOutputBytes` (no
    /// page is written then), when the transcripts cannot be kept in a temporary file until the
    /// page is written (see `TranscriptSpill`; no page either), or when the page or standard
    /// output cannot be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = report(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func report(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        if outputPath ?? "-" == "-", standardOutput.isTerminal {
            standardError.write(
                "error: the report page is HTML for a browser, and standard output is a terminal\n"
                    + "help: write it to a file with -o FILE and open that, or pipe it to a program that reads it\n")
            return 2
        }
        if defaultPaths, let missing = ScenarioFiles.missingDefaultFolder(command: "report", as: diagnosticFormat) {
            standardError.write(missing)
            return 2
        }
        var code: Int32 = 0
        var invalid: [HTMLReport.InvalidFile] = []
        func reject(_ path: String, _ failure: ScenarioLoader.Failure) {
            standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
            invalid.append(HTMLReport.InvalidFile(path: path, diagnostics: failure.rendered()))
            code = max(code, failure.exitCode)
        }
        let found = ScenarioFiles(paths, sorted: true)
        standardError.write(found.notes)
        let files = found.paths
        let scenarios = CheckedScenarios(paths: files, designs: designs, report: reject) { scenario in
            standardError.write(scenario.renderedWarnings(as: diagnosticFormat, colored: colors.standardError))
        }
        let spill: TranscriptSpill
        do {
            spill = try TranscriptSpill(in: temporaryFolder)
        } catch {
            standardError.write(
                "error: cannot make a temporary file for the report's transcripts: \(RunCommand.reason(error)); no page was written\n"
                    + Self.spillHelp)
            return 3
        }
        var sections: [HTMLReport.Section] = []
        var budget = limits.maxOutputBytes
        for index in 0..<scenarios.count {
            switch scenarios.scenario(index, designs: designs) {
            case .failure(let failure): reject(scenarios.paths[index], failure)
            case .success(let scenario):
                var stopped = ""
                switch section(scenario, number: sections.count, spill: spill, budget: &budget, stopped: &stopped) {
                case .success(let section):
                    sections.append(section)
                    // A run a limit stopped is shown as it went, and exits 3 as `run` would.
                    standardError.write(stopped)
                    if !stopped.isEmpty { code = max(code, 3) }
                case .failure(let stop):
                    standardError.write(stop.message)
                    return 3
                }
            }
        }
        // The page is written twice: once to count its bytes, then, when they are within the
        // limit, to its file, as it goes; so no page past the limit is begun, nor held whole.
        let size = CountingOutput()
        HTMLReport.write(sections, invalid: invalid, to: size)
        if spill.readFailure != 0 {
            standardError.write(
                "error: cannot read back the report's transcripts: \(OutputError(code: spill.readFailure)); no page was written\n")
            return 3
        }
        guard size.count <= limits.maxOutputBytes else {
            standardError.write(
                "error: the report page would take more than \(ByteCount(limits.maxOutputBytes)) (--max-output): "
                    + "\(size.count) bytes; no page was written\n"
                    + "help: report fewer scenarios, or raise the limit with --max-output SIZE\n")
            return 3
        }
        do {
            try OutputPath(path: outputPath ?? "-").write(inputs: files, standardOutput: standardOutput) { output in
                HTMLReport.write(sections, invalid: invalid, to: output)
                // A file's page is then thrown away, and whatever was at its path stays.
                if spill.readFailure != 0 { throw OutputError(code: spill.readFailure) }
            }
        } catch {
            standardError.write(
                "error: cannot write the report '\((outputPath ?? "-").visible())': \(RunCommand.reason(error))\n"
                    + OutputRefusal.helpLine(for: error))
            return 3
        }
        return code
    }

    /// Why the page was not written: its transcripts went past `--max-output` together, or one
    /// of them could not be kept in a temporary file.
    private struct Stop: Error {
        var message: String
    }

    /// One scenario's section, the `number`th on the page; its transcripts take their bytes from
    /// `budget`, what is left of `RunLimits.maxOutputBytes` for the whole page. Each run another
    /// limit stopped adds its error, as `run` writes it, to `stopped`.
    private func section(
        _ scenario: LoadedScenario, number: Int, spill: TranscriptSpill, budget: inout Int, stopped: inout String
    ) -> Result<HTMLReport.Section, Stop> {
        var runs: [KindRun] = []
        var lanes: [HTMLReport.Lane] = []
        for kind in scenario.designs.kinds {
            guard let design = scenario.designs.design(kind) else { continue }
            switch recorded(scenario, design: design, prefix: "s\(number)-d\(lanes.count)", spill: spill, budget: &budget) {
            case .failure(let overBudget): return .failure(overBudget)
            case .success(let (run, lane)):
                if let stop = run.summary.stoppedBy, let range = run.summary.stoppedAt {
                    stopped += RunCommand.limitMessage(
                        stop, range: range, kind: kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError)
                }
                runs.append(run)
                lanes.append(lane)
            }
        }
        var explored: [HTMLReport.Outcomes] = []
        for kind in scenario.designs.kinds where schedules > 0 {
            guard let design = scenario.designs.design(kind), Self.explores(scenario, under: design) else { continue }
            switch outcomes(scenario, design: design, id: "s\(number)-o\(explored.count)", spill: spill, budget: &budget) {
            case .failure(let overBudget): return .failure(overBudget)
            case .success(let outcomes): explored.append(outcomes)
            }
        }
        // Each transcript is compared only as far as its first difference.
        var report = ComparisonReport(scenario: scenario, runs: runs) { kind in
            lanes.first { $0.kind == kind }.map { AnySequence($0.transcript.lines) } ?? AnySequence([])
        }
        let dot = compareDiagram(report, participants: scenario.participants, title: scenario.title)
        // The page needs the metrics only: the graphs go before Graphviz lays the diagram out.
        for index in report.implementations.indices { report.implementations[index].run.references = ReferenceGraph(nodes: [], edges: []) }
        let svg: Result<String, HTMLReport.GraphvizFailure>
        do {
            svg = .success(String(decoding: try render(dot, format: .svg, layout: .dot), as: UTF8.self))
        } catch {
            svg = .failure(HTMLReport.GraphvizFailure(error))
        }
        return .success(
            HTMLReport.Section(
                path: scenario.file.path, title: scenario.title, stem: scenario.stem, report: report,
                lanes: lanes, compareSVG: svg, outcomes: explored))
    }

    /// One run of `scenario` under `design` in the order `schedule` chooses, with its lane of a
    /// player, whose ids begin with `prefix`; its transcript goes to `spill` and takes its bytes
    /// from `budget`.
    private func recorded(
        _ scenario: LoadedScenario, design: any Design.Type, schedule: SchedulePolicy = .fixed, prefix: String,
        spill: TranscriptSpill, budget: inout Int
    ) -> Result<(KindRun, HTMLReport.Lane), Stop> {
        let kind = MediatorKind(design.name)
        var runLimits = limits
        runLimits.maxOutputBytes = budget
        let mediatorLifeline =
            scenario.participants.count < StepRecorder.sequenceLifelineLimit
            ? KindRun.mediatorTakesPart(scenario, design: design, designs: scenario.designs, limits: runLimits) : nil
        var run: KindRun?
        var recorder: StepRecorder?
        let transcript: SpilledTranscript
        do {
            transcript = try spill.append { output in
                run = KindRun.run(scenario, design: design, limits: runLimits, schedule: schedule, output: output) { collector in
                    let writer = mediatorLifeline.map {
                        SequenceSVGWriter(
                            title: scenario.title, kind: kind, participants: scenario.participants.map(\.name),
                            mediatorLifeline: $0, idPrefix: prefix + "-")
                    }
                    recorder = StepRecorder(collector: collector, sequence: writer)
                    return [recorder!]
                }
                return recorder!.stepStarts
            }
        } catch {
            return .failure(Stop(message: Self.spillFailure(error, scenario: scenario, kind: kind)))
        }
        guard let run, let recorder else { preconditionFailure("the transcript is written by its run") }
        if case .outputLimit = run.summary.stoppedBy {
            return .failure(
                Stop(
                    message: "error: the report's transcripts would take more than "
                        + "\(ByteCount(limits.maxOutputBytes)) (--max-output) by \(scenario.file.path.visible()) under \(kind.rawValue); "
                        + "no page was written\nhelp: report fewer scenarios, or raise the limit with --max-output SIZE\n"))
        }
        budget -= transcript.size
        let drawn = lane(run, recorder: recorder, transcript: transcript, prefix: prefix, title: scenario.title)
        // The lane has drawn the message flow, and nothing else on the page reads it: it goes now,
        // rather than each design's (a mesh's 9,900 links) waiting for the page.
        var kept = run
        kept.messages.links = []
        kept.logicalMessages.links = []
        // A box past the compare diagram's whole budget is summarised from the metrics: its
        // graph (a large mesh's million references) goes now, not when every design has run.
        if CompareBoxCost(run.metrics, participants: scenario.participants.count).isPastTheWholeBudget {
            kept.references = ReferenceGraph(nodes: [], edges: [])
        }
        return .success((kept, drawn))
    }

    /// The error of a transcript that could not be written to, or read back from, the temporary file.
    private static func spillFailure(_ error: any Error, scenario: LoadedScenario, kind: MediatorKind) -> String {
        "error: cannot keep the transcript of \(scenario.file.path.visible()) under \(kind.rawValue) in a temporary file: "
            + "\(RunCommand.reason(error)); no page was written\n" + spillHelp
    }

    private static let spillHelp =
        "help: the report keeps its transcripts in a file in the temporary folder (TMPDIR) until the page is written: "
        + "free space there, or set TMPDIR to a folder with room\n"

    /// Whether the report explores `scenario` under `design`: it has a `together` block, whose
    /// sends race on purpose, and `design`, or a design it switches to, runs through the scheduler
    /// (is asynchronous). Other runs of an asynchronous design can vary too (a broadcast's
    /// deliveries); `mediate explore` finds those.
    static func explores(_ scenario: LoadedScenario, under design: any Design.Type) -> Bool {
        guard scenario.script.statements.contains(where: { if case .together = $0 { true } else { false } }) else { return false }
        return design.isAsynchronous || scenario.replacementKinds.contains { scenario.designs.design($0)?.isAsynchronous == true }
    }

    /// `scenario` explored under `design` as `mediate explore` would, with ``schedules`` schedules:
    /// each distinct transcript run again under its first schedule, as a lane of the player `id`.
    private func outcomes(
        _ scenario: LoadedScenario, design: any Design.Type, id: String, spill: TranscriptSpill, budget: inout Int
    ) -> Result<HTMLReport.Outcomes, Stop> {
        var runLimits = limits
        runLimits.maxOutputBytes = budget
        // The report shows each failure's transcript, and has no use for a shrunk schedule.
        let exploration = ScheduleExploration(
            scenario, design: design, limits: runLimits, strategy: .random, schedules: schedules, seed: 0, shrinkBudget: 0)
        let kind = MediatorKind(design.name)
        let setup = ExplorationFormatter.Setup(scenario: scenario, kind: kind, strategy: .random, seed: 0)
        var outcomes: [HTMLReport.Outcome] = []
        for group in exploration.groups.prefix(Self.outcomeLanes) {
            let prefix = "\(id)-d\(outcomes.count)"
            switch recorded(scenario, design: design, schedule: group.firstSchedule, prefix: prefix, spill: spill, budget: &budget) {
            case .failure(let overBudget): return .failure(overBudget)
            case .success(let (_, lane)):
                outcomes.append(
                    HTMLReport.Outcome(
                        hash: group.hashText, schedules: group.schedules, first: group.first,
                        firstSchedule: group.firstSchedule.description, replay: setup.replay(group.firstSchedule),
                        failure: group.passes ? nil : ExplorationFormatter.outcome(of: group), lane: lane))
            }
        }
        let command =
            "\(CommandName.current) explore \(ExplorationFormatter.Setup.shellWord(scenario.file.path)) --mediator \(kind.rawValue) "
            + "--schedules \(schedules)"
        let hidden = exploration.groups.dropFirst(Self.outcomeLanes)
        return .success(
            HTMLReport.Outcomes(
                kind: kind, schedules: exploration.schedules, command: command, outcomes: outcomes, notShown: hidden.count,
                notShownFailing: hidden.count { !$0.passes }))
    }

    /// The routed message diagram of `run` as SVG, drawn without labels when they would be too
    /// many for Graphviz; past ``maxUnlabelledMessageEdges`` arrows, the busiest pairs instead.
    private func routedDiagram(_ run: KindRun, prefix: String, title: String) -> Result<String, HTMLReport.GraphvizFailure> {
        let links = run.messages.links.count
        guard links <= maxUnlabelledMessageEdges else {
            return .failure(
                HTMLReport.GraphvizFailure(
                    message: "the diagram would have \(DOTEmitter.grouped(links)) arrows, more than Graphviz "
                        + "lays out in about a second (\(DOTEmitter.grouped(maxUnlabelledMessageEdges))); the busiest pairs instead",
                    summary: HTMLReport.busiestPairs(run.messages)))
        }
        do {
            let dot = DOTEmitter.messages(run.messages, title: title, kind: run.kind, idPrefix: prefix, labelled: links <= maxDiagramEdges)
            let counts = edgeCounts(dot)
            try checkDiagramSize(edges: counts.edges, labelled: counts.labelled)
            return .success(String(decoding: try render(dot, format: .svg, layout: .dot), as: UTF8.self))
        } catch {
            return .failure(HTMLReport.GraphvizFailure(error))
        }
    }

    /// One design's lane of the player: its transcript, steps, routed message diagram (drawn
    /// without labels when they would be too many for Graphviz) and sequence view.
    private func lane(
        _ run: KindRun, recorder: StepRecorder, transcript: SpilledTranscript, prefix: String, title: String
    ) -> HTMLReport.Lane {
        let routed = routedDiagram(run, prefix: prefix, title: title)
        let sequence: Result<String, HTMLReport.GraphvizFailure> =
            recorder.sequenceSVG.map { .success($0) }
            ?? .failure(
                HTMLReport.GraphvizFailure(
                    message: "the sequence view is drawn for up to \(StepRecorder.sequenceLifelineLimit - 1) "
                        + "participants and \(StepRecorder.sequenceLineLimit) transcript lines; see the transcript and the message diagram")
            )
        return HTMLReport.Lane(
            kind: run.kind, transcript: transcript, stepEdges: recorder.stepEdges, routedSVG: routed, sequenceSVG: sequence)
    }
}
