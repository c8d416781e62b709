import Foundation

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
            for kind in kinds {
                let code = run(scenario, kind: kind, standardOutput: standardOutput, standardError: standardError)
                exitCode = max(exitCode, code)
            }
        }
        do { try standardOutput.flush() } catch {
            standardError.write("error: cannot write to standard output: \(error)\n")
            exitCode = 3
        }
        try? standardError.flush()
        return exitCode
    }

    private func run(_ scenario: LoadedScenario, kind: MediatorKind, standardOutput: any TextOutput,
                     standardError: any TextOutput) -> Int32 {
        let file: AtomicFile?
        if let outputFolder {
            let folder = (outputFolder as NSString).appendingPathComponent(scenario.stem)
            let path = (folder as NSString).appendingPathComponent("\(kind.rawValue).\(format.fileExtension)")
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                file = try AtomicFile(path: path)
            } catch {
                standardError.write("error: cannot write '\(path)': \(Self.reason(error))\nhelp: check that --output names a folder you can write to\n")
                return 3
            }
        } else {
            file = nil
        }
        let output: any TextOutput = file?.output ?? standardOutput
        let interpreter = Interpreter(script: scenario.script, title: scenario.title, kind: kind, limits: limits,
                                      sink: FormattedSink(format: format, output: output))
        let summary = interpreter.run()
        if let file {
            do { try file.commit() } catch {
                standardError.write("error: cannot write '\(file.path)': \(Self.reason(error))\n")
                return 3
            }
        }
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

    private static func reason(_ error: any Error) -> String {
        if let output = error as? OutputError { return output.description }
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
