import Foundation
import GraphvizRendering

/// `mediate run`: runs scenarios and writes what happened, to standard output or to files.
package struct RunCommand: Sendable {
    /// Scenario files, or folders searched for `.scenario` files.
    package var paths: [String]
    /// nil: each scenario's own kind.
    package var mediator: MediatorChoice?
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// What each run writes: a transcript, a log or JSON lines.
    package var format: OutputFormat
    /// When set, writes `DIR/<file stem>/<kind>.<format extension>` instead of standard output,
    /// making DIR when the folder it goes in exists.
    package var outputFolder: String?
    /// Whether ``outputFolder`` may be a symbolic link, written through; else such a folder
    /// is refused (see `OutputFolder`).
    package var followOutputLink = false
    /// The limits every run stops at.
    package var limits: RunLimits
    /// The order an asynchronous design's jobs run in (`--schedule`); `fixed` unless set.
    package var schedule: SchedulePolicy = .fixed
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// A run of `paths`, under `mediator` or each scenario's own design.
    package init(
        paths: [String], mediator: MediatorChoice? = nil, designs: DesignRegistry, format: OutputFormat = .transcript,
        outputFolder: String? = nil, limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.paths = paths
        self.mediator = mediator
        self.designs = designs
        self.format = format
        self.outputFolder = outputFolder
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// Runs every file under every chosen kind and returns the exit code: 0 when all held,
    /// 1 when an expectation failed, 2 when a file did not check (nothing runs then), 3 when a
    /// file or a run went past a limit or an output could not be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        if case .kind(let kind) = mediator, designs.design(kind) == nil {
            standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
            try? standardError.flush()
            return 2
        }
        let found = ScenarioFiles(paths)
        standardError.write(found.notes)
        let files = found.paths
        if files.isEmpty {
            standardError.write(CheckCommand.noScenarioFound(in: paths, as: diagnosticFormat, colored: colors.standardError))
            try? standardError.flush()
            return 2
        }
        var loadCode: Int32 = 0
        let scenarios = CheckedScenarios(paths: files, designs: designs) { _, failure in
            standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
            loadCode = max(loadCode, failure.exitCode)
        } warn: { scenario in
            standardError.write(scenario.renderedWarnings(as: diagnosticFormat, colored: colors.standardError))
        }
        if loadCode != 0 {
            try? standardError.flush()
            return loadCode
        }
        // A folder made here is removed at the end if nothing was written into it.
        var madeFolder: String?
        defer { if let madeFolder { OutputFolder.forget(madeFolder) } }
        if let outputFolder {
            let names = Self.fileNames(designs: designs, format: format)
            switch OutputFolder.prepare(outputFolder, for: scenarios.paths, writing: names, followingLink: followOutputLink) {
            case .success(let made): madeFolder = made ? outputFolder : nil
            case .failure(let refusal):
                standardError.write(refusal.message)
                try? standardError.flush()
                return refusal.code
            }
        }
        var exitCode: Int32 = 0
        for index in 0..<scenarios.count {
            switch scenarios.scenario(index, designs: designs) {
            case .success(let scenario):
                let kinds = (mediator ?? .kind(scenario.declaredKind)).kinds(for: scenario)
                exitCode = max(exitCode, run(scenario, kinds: kinds, standardOutput: standardOutput, standardError: standardError))
            case .failure(let failure):
                standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
                exitCode = max(exitCode, failure.exitCode)
            }
        }
        return max(exitCode, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    /// Runs one scenario under its kinds. To standard output: the transcripts, one after the
    /// other (logs each under a ``logHeader(_:)`` when there are several). To a folder: each
    /// kind's transcript and its message and coupling diagrams (DOT and SVG), and with every kind
    /// run, the comparison (`compare.dot`, `.svg`, `.json`); then, on standard error, a line for
    /// each kind whose expectations failed, and a warning for each SVG skipped because its
    /// diagram is past the layout limit (an old one is removed).
    private func run(
        _ scenario: LoadedScenario, kinds: [MediatorKind], standardOutput: any TextOutput,
        standardError: any TextOutput
    ) -> Int32 {
        guard let outputFolder else {
            var code: Int32 = 0
            // No diagrams: the transcript alone, with no message graph gathered and no objects walked.
            for kind in kinds {
                guard let design = designs.design(kind) else { continue }
                if format == .log, kinds.count > 1 { standardOutput.write(Self.logHeader(kind)) }
                let run = KindRun.run(
                    scenario, design: design, limits: limits, schedule: schedule, format: format, analyze: false,
                    output: standardOutput)
                code = max(code, finish(run, scenario: scenario, standardError: standardError))
            }
            return code
        }
        let folder = (outputFolder as NSString).appendingPathComponent(scenario.stem)
        func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        var code: Int32 = 0
        var runs: [KindRun] = []
        // Every file is written beside its destination first and moved into place only once all
        // of them are complete: a failure on the way leaves what was there untouched.
        var staged: [String: AtomicFile] = [:]
        var order: [String] = []
        func stage(_ bytes: some Sequence<UInt8>, as name: String) throws {
            let file = try AtomicFile(path: path(name))
            file.output.write(bytes: bytes)
            try file.finish()
            staged[name] = file
            order.append(name)
        }
        // Written to standard error once the files are in place.
        var notes: [String] = []
        var skipped: [String] = []
        func writeDiagram(_ dot: String, as name: String) throws {
            try stage(dot.utf8, as: name + ".dot")
            if let problem = layoutProblem(dot) {
                skipped.append(name + ".svg")
                notes.append("warning: \(path(name + ".svg")) was not drawn: \(problem)\nhelp: its DOT source is \(path(name + ".dot"))\n")
                return
            }
            try stage(try render(dot, format: .svg, layout: nil), as: name + ".svg")
        }
        // Held until the files are in place, or thrown away (see FolderLock).
        var lock: FolderLock?
        defer { lock?.release() }
        do {
            lock = try FolderLock(folder, standardError: standardError)
            for kind in kinds {
                guard let design = designs.design(kind) else { continue }
                let name = "\(kind.rawValue).\(format.fileExtension)"
                let file = try AtomicFile(path: path(name))
                staged[name] = file
                order.append(name)
                let run = KindRun.run(scenario, design: design, limits: limits, schedule: schedule, format: format, output: file.output)
                try file.finish()
                runs.append(run)
                code = max(code, finish(run, scenario: scenario, standardError: standardError))
                let failed = run.summary.failedExpectations
                if failed > 0 {
                    notes.append(
                        "\(scenario.file.path): \(failed) expectation\(failed == 1 ? "" : "s") failed under \(kind.rawValue); "
                            + "see \(path(name))\n")
                }
                try writeDiagram(
                    DOTEmitter.messages(run.messages, title: scenario.title, kind: kind),
                    as: "\(kind.rawValue).messages")
                try writeDiagram(
                    DOTEmitter.coupling(
                        run.references, metrics: run.metrics, participants: scenario.participants,
                        title: scenario.title, kind: kind),
                    as: "\(kind.rawValue).coupling")
            }
            if Set(kinds) == Set(designs.kinds) {
                let report = ComparisonReport(scenario: scenario, runs: runs) { kind in
                    transcriptLines(of: scenario, kind: kind, at: staged["\(kind.rawValue).transcript"]?.temporaryPath ?? "")
                }
                try writeDiagram(
                    DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title),
                    as: "compare")
                try stage(ComparisonFormatter.json(report).utf8, as: "compare.json")
            }
            try AtomicFile.commit(order.map { staged[$0]! })
            for name in skipped { unlink(path(name)) }
        } catch {
            for file in staged.values { file.discard() }
            if let error = error as? GraphvizError {
                standardError.write(
                    "error: Graphviz could not draw a diagram of \(scenario.file.path.visible()): \(error.message)\n"
                        + OutputRefusal.helpLine(for: error)
                        + "help: nothing was written under '\(folder.visible())'\n")
            } else {
                standardError.write(
                    "error: cannot write under '\(folder.visible())': \(Self.reason(error))\n"
                        + "help: check that --output names a folder you can write to\n")
            }
            return 3
        }
        for note in notes { standardError.write(note) }
        return code
    }

    /// Every name a scenario's folder may get a file of, under any of `designs`, in `format`.
    static func fileNames(designs: DesignRegistry, format: OutputFormat) -> [String] {
        let diagrams = ["dot", "svg"]
        return designs.kinds.flatMap { kind in
            ["\(kind.rawValue).\(format.fileExtension)"]
                + ["messages", "coupling"].flatMap { graph in diagrams.map { "\(kind.rawValue).\(graph).\($0)" } }
        } + (diagrams + ["json"]).map { "compare.\($0)" }
    }

    /// The line before each design's log when several go to standard output one after the
    /// other: `==> mediator KIND <==`, the transcript's `mediator KIND` inside `head`'s marks.
    static func logHeader(_ kind: MediatorKind) -> String {
        "==> mediator \(kind.rawValue) <==\n"
    }

    /// A kind's transcript lines: read back from its file when that is what was written, else
    /// run again in memory.
    private func transcriptLines(of scenario: LoadedScenario, kind: MediatorKind, at path: String) -> AnySequence<String> {
        if format == .transcript { return AnySequence(LineReader(path: path)) }
        guard let design = designs.design(kind) else { return AnySequence([]) }
        let output = StringOutput()
        _ = KindRun.run(scenario, design: design, limits: limits, schedule: schedule, output: output)
        return AnySequence(output.text.split(separator: "\n").lazy.map(String.init))
    }

    /// Reports a limit that stopped the run on standard error; returns the run's exit code.
    private func finish(_ run: KindRun, scenario: LoadedScenario, standardError: any TextOutput) -> Int32 {
        if let stop = run.summary.stoppedBy, let range = run.summary.stoppedAt {
            standardError.write(
                Self.limitMessage(
                    stop, range: range, kind: run.kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError))
        }
        if let warning = Self.lateDeliveryWarning(run.summary, kind: run.kind, path: scenario.file.path) {
            standardError.write(warning)
        }
        for missing in run.summary.missingAfterLeave {
            standardError.write(
                diagnosticFormat.renderNote(
                    Self.missingAfterLeaveNote(missing, kind: run.kind), at: missing.range, in: scenario.file,
                    colored: colors.standardError))
        }
        return run.summary.exitCode
    }

    /// Why the run wrote `! missingReceiver NAME`: the participant left the mediator.
    static func missingAfterLeaveNote(_ missing: MissingAfterLeave, kind: MediatorKind) -> String {
        "under \(kind.rawValue), the run wrote '! missingReceiver \(missing.name)' here: "
            + "\(missing.name) left the mediator on line \(missing.leftAt.lowerBound.line)"
    }

    /// A warning for deliveries a design made after the run's last step, or nil when it made none.
    static func lateDeliveryWarning(_ summary: RunSummary, kind: MediatorKind, path: String) -> String? {
        guard summary.lateDeliveries > 0 else { return nil }
        return "\(path): warning: under \(kind.rawValue), the design delivered \(summary.lateDeliveries) message(s) after the "
            + "scenario's last step, while its objects were released; the transcript leaves them out\n"
            + "help: deliver only while a send is carried (a deinit that notifies the mediator does this)\n"
    }

    /// Tells, in the diagnostics' format, where a limit stopped a run and how to raise it.
    package static func limitMessage(
        _ stop: RunError, range: SourceRange, kind: MediatorKind, in file: SourceFile,
        as format: DiagnosticFormat, colored: Bool = false
    ) -> String {
        let message: String
        let help: String
        switch stop {
        case .depthLimit(let limit, _, _):
            message = "under \(kind.rawValue), a reaction chain went deeper than \(limit) sends; the run stopped here"
            help = "look for reactions that answer each other without end, or raise the limit with --max-depth N"
        case .deliveryLimit(let limit, _, _):
            message = "under \(kind.rawValue), the run went past \(limit) deliveries; it stopped here"
            help = "raise the limit with --max-deliveries N if the scenario really needs more"
        case .outputLimit(let limit, _, _):
            message = "under \(kind.rawValue), the run wrote more than \(ByteCount(limit)) of output; it stopped here"
            help = outputLimitHelp
        case .reactionLimit(let limit, _, _):
            message = "under \(kind.rawValue), the run tested more than \(limit) reactions against its messages; it stopped here"
            help =
                "look for many reactions or guards on one message (each is tested on every delivery of it), "
                + "or raise the limit with --max-reactions N if the scenario really needs more"
        case .design(let text) where text.hasPrefix("escapedWork "):
            message = "under \(kind.rawValue), the design's work left the run's scheduler (\(text)); the run stopped here"
            help =
                "an asynchronous design runs on the run's tasks only: a DispatchQueue, a Thread or a callback from "
                + "another thread is not run in order (docs/SCHEDULER.md)"
        case .design(let text) where text.hasPrefix("neverQuiescent "):
            message = "under \(kind.rawValue), the design's tasks never finished (\(text)); the run stopped here"
            help = "look for a task that loops or reschedules itself without end, or raise --max-deliveries N"
        case .design(let text):
            message = "under \(kind.rawValue), the design delivered a message from another thread (\(text)); the run stopped here"
            help = "a design must deliver on the thread that called it, before the call returns (see Courier)"
        case .delivery, .evaluation:
            return ""
        }
        return format.render([Diagnostic(message, at: range, notes: [.help(help)])], in: file, colored: colored)
    }

    /// What to do about a run past `--max-output`, for `run` and `check`.
    static let outputLimitHelp = "look for long messages or reactions that multiply sends, or raise the limit with --max-output SIZE"

    static func reason(_ error: any Error) -> String {
        if let output = error as? OutputError { return output.description }
        if let refusal = error as? OutputRefusal { return refusal.reason }
        if let graphviz = error as? GraphvizError { return "Graphviz: \(graphviz.message)" }
        return (error as NSError).localizedDescription
    }
}
