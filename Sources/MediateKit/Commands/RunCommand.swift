import Foundation
import GraphvizRendering

/// Which kinds `run` uses: the scenario's own, one named kind, or all four.
public enum MediatorChoice: Hashable, Sendable {
    case kind(MediatorKind)
    case all

    /// Parses `protocol-extension`, `wrapper`, `direct-delegate`, `mesh` or `all`.
    public init?(argument: String) {
        if argument == "all" { self = .all } else if let kind = MediatorKind(rawValue: argument) { self = .kind(kind) } else { return nil }
    }

    /// The kinds to run `scenario` under.
    func kinds(for scenario: LoadedScenario) -> [MediatorKind] {
        switch self {
        case .kind(let kind): return [kind]
        case .all: return MediatorKind.allCases
        }
    }
}

/// `mediate run`: runs scenarios and writes what happened, to standard output or to files.
public struct RunCommand: Sendable {
    public var paths: [String]
    /// nil: each scenario's own kind.
    public var mediator: MediatorChoice?
    public var format: OutputFormat
    /// When set, writes `DIR/<file stem>/<kind>.<format extension>` instead of standard output.
    public var outputFolder: String?
    public var limits: RunLimits

    public init(paths: [String], mediator: MediatorChoice? = nil, format: OutputFormat = .transcript,
                outputFolder: String? = nil, limits: RunLimits = RunLimits()) {
        self.paths = paths
        self.mediator = mediator
        self.format = format
        self.outputFolder = outputFolder
        self.limits = limits
    }

    /// Runs every file under every chosen kind and returns the exit code: 0 when all held,
    /// 1 when an expectation failed, 2 when a file did not check (nothing runs then), 3 when a
    /// limit stopped a run or an output could not be written.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var scenarios: [LoadedScenario] = []
        var failed = false
        for path in paths {
            switch ScenarioLoader.load(path: path) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let failure):
                standardError.write(failure.rendered)
                failed = true
            }
        }
        if failed {
            try? standardError.flush()
            return 2
        }
        if outputFolder != nil, let clash = Self.firstStemClash(scenarios) {
            standardError.write("error: \(clash.0) and \(clash.1) would both write to the folder '\(clash.2)'\nhelp: rename one of them, or run them with different --output folders\n")
            try? standardError.flush()
            return 2
        }
        var exitCode: Int32 = 0
        for scenario in scenarios {
            let kinds = (mediator ?? .kind(scenario.declaredKind)).kinds(for: scenario)
            exitCode = max(exitCode, run(scenario, kinds: kinds, standardOutput: standardOutput, standardError: standardError))
        }
        do { try standardOutput.flush() } catch {
            standardError.write("error: cannot write to standard output: \(error)\n")
            exitCode = 3
        }
        try? standardError.flush()
        return exitCode
    }

    /// Runs one scenario under its kinds. To standard output: the transcripts, one after the
    /// other. To a folder: each kind's transcript and its message and coupling diagrams (DOT and
    /// SVG), and with every kind run, the comparison (`compare.dot`, `.svg`, `.json`).
    private func run(_ scenario: LoadedScenario, kinds: [MediatorKind], standardOutput: any TextOutput,
                     standardError: any TextOutput) -> Int32 {
        guard let outputFolder else {
            var code: Int32 = 0
            // No diagrams: the transcript alone, with no message graph gathered and no objects walked.
            for kind in kinds {
                let interpreter = Interpreter(script: scenario.script, title: scenario.title, kind: kind, limits: limits,
                                              sink: FormattedSink(format: format, output: standardOutput))
                code = max(code, finish(interpreter.run(), kind: kind, scenario: scenario, standardError: standardError))
            }
            return code
        }
        let folder = (outputFolder as NSString).appendingPathComponent(scenario.stem)
        func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        var code: Int32 = 0
        var runs: [KindRun] = []
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for kind in kinds {
                let file = try AtomicFile(path: path("\(kind.rawValue).\(format.fileExtension)"))
                let run = KindRun.run(scenario, kind: kind, limits: limits, format: format, output: file.output)
                try file.commit()
                runs.append(run)
                code = max(code, finish(run.summary, kind: kind, scenario: scenario, standardError: standardError))
                try writeDiagram(DOTEmitter.messages(run.messages, title: scenario.title, kind: kind),
                                 to: path("\(kind.rawValue).messages"))
                try writeDiagram(DOTEmitter.coupling(run.references, metrics: run.metrics, participants: scenario.participants,
                                                       title: scenario.title, kind: kind),
                                 to: path("\(kind.rawValue).coupling"))
            }
            if Set(kinds) == Set(MediatorKind.allCases) {
                let report = ComparisonReport(scenario: scenario, runs: runs) { kind in
                    transcriptLines(of: scenario, kind: kind, at: path("\(kind.rawValue).transcript"))
                }
                try writeDiagram(DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title), to: path("compare"))
                try writeAtomically(ComparisonFormatter.json(report).utf8, to: path("compare.json"))
            }
        } catch let error as GraphvizError {
            standardError.write("error: Graphviz could not draw a diagram of \(scenario.file.path): \(error.message)\n")
            return 3
        } catch {
            standardError.write("error: cannot write under '\(folder)': \(Self.reason(error))\nhelp: check that --output names a folder you can write to\n")
            return 3
        }
        return code
    }

    /// A kind's transcript lines: read back from its file when that is what was written, else
    /// run again in memory.
    private func transcriptLines(of scenario: LoadedScenario, kind: MediatorKind, at path: String) -> AnySequence<String> {
        if format == .transcript { return AnySequence(LineReader(path: path)) }
        let output = StringOutput()
        _ = KindRun.run(scenario, kind: kind, limits: limits, output: output)
        return AnySequence(output.text.split(separator: "\n").lazy.map(String.init))
    }

    /// Writes `NAME.dot` and `NAME.svg`.
    private func writeDiagram(_ dot: String, to name: String) throws {
        try writeAtomically(dot.utf8, to: name + ".dot")
        try writeAtomically(try render(dot, format: .svg, layout: nil), to: name + ".svg")
    }

    /// Reports a limit that stopped the run on standard error; returns the run's exit code.
    private func finish(_ summary: RunSummary, kind: MediatorKind, scenario: LoadedScenario, standardError: any TextOutput) -> Int32 {
        if let stop = summary.stoppedBy, let range = summary.stoppedAt {
            standardError.write(Self.limitMessage(stop, range: range, kind: kind, in: scenario.file))
        }
        return summary.exitCode
    }

    /// Tells, in the diagnostics' format, where a limit stopped a run and how to raise it.
    static func limitMessage(_ stop: RunError, range: SourceRange, kind: MediatorKind, in file: SourceFile) -> String {
        let message: String
        let help: String
        switch stop {
        case .depthLimit(let limit, _, _):
            message = "under \(kind.rawValue), a reaction chain went deeper than \(limit) sends; the run stopped here"
            help = "look for reactions that answer each other without end, or raise the limit with --max-depth N"
        case .deliveryLimit(let limit, _, _):
            message = "under \(kind.rawValue), the run went past \(limit) deliveries; it stopped here"
            help = "raise the limit with --max-deliveries N if the scenario really needs more"
        case .delivery:
            return ""
        }
        return DiagnosticPrinter.render(Diagnostic(message, at: range, notes: [.help(help)]), in: file)
    }

    static func reason(_ error: any Error) -> String {
        if let output = error as? OutputError { return output.description }
        if let graphviz = error as? GraphvizError { return "Graphviz: \(graphviz.message)" }
        return (error as NSError).localizedDescription
    }

    private static func firstStemClash(_ scenarios: [LoadedScenario]) -> (String, String, String)? {
        var seen: [String: String] = [:]
        for scenario in scenarios {
            if let other = seen[scenario.stem], other != scenario.file.path {
                return (other, scenario.file.path, scenario.stem)
            }
            seen[scenario.stem] = scenario.file.path
        }
        return nil
    }
}

/// `mediate validate`: checks scenarios without running them.
public struct ValidateCommand: Sendable {
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// Prints `PATH: ok` for each valid file and every error of the others; 0, or 2 on any error.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var exitCode: Int32 = 0
        for path in paths {
            switch ScenarioLoader.load(path: path) {
            case .success: standardOutput.write("\(path): ok\n")
            case .failure(let failure):
                standardError.write(failure.rendered)
                exitCode = 2
            }
        }
        try? standardOutput.flush()
        try? standardError.flush()
        return exitCode
    }
}
