import Foundation
import GraphvizRendering
import Synchronization

/// `mediate check`: runs every scenario under every kind and compares what it writes with the
/// goldens in `Output/`, as snapshot-testing tools do, with their record modes.
public struct CheckCommand: Sendable {
    /// When goldens are written, as swift-snapshot-testing's record modes.
    public enum RecordMode: String, CaseIterable, Sendable {
        /// Never write; a mismatch or a missing golden fails.
        case never
        /// Write goldens that do not exist yet.
        case missing
        /// Write goldens that are missing or do not match.
        case failed
        /// Write every golden.
        case all
    }

    public var paths: [String]
    public var outputFolder: String
    public var record: RecordMode
    /// The designs scenarios may name and run under.
    public var designs: DesignRegistry
    public var junitPath: String?
    public var jobs: Int
    public var limits: RunLimits
    public var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    public var colors: ColorPolicy = .none
    /// The process environment; `CI` set refuses recording.
    public var environment: [String: String]

    public init(paths: [String] = ["Scenarios"], outputFolder: String = "Output", designs: DesignRegistry,
                record: RecordMode = .never,
                junitPath: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.paths = paths.isEmpty ? ["Scenarios"] : paths
        self.outputFolder = outputFolder
        self.designs = designs
        self.record = record
        self.junitPath = junitPath
        self.jobs = max(1, jobs)
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
        self.environment = environment
    }

    /// What one scenario under one kind came to.
    public struct CaseResult: Sendable {
        public var scenario: String
        public var kind: MediatorKind
        /// One entry per golden that did not match or was missing: its path and the diff.
        public var failures: [(path: String, diff: String)]
        /// Goldens written by a record mode.
        public var recorded: [String]
        /// A write or render that failed while recording.
        public var errors: [String]
        /// The limit (or the design's broken rule) that stopped the run, if one did. The run's
        /// files are still compared: its transcript says so.
        public var stoppedBy: RunError? = nil

        public var passed: Bool { failures.isEmpty && errors.isEmpty }
    }

    /// 0 when every golden matches; 1 on a mismatch, a missing or orphaned golden; 2 on an
    /// invalid scenario or a refused record mode; 3 when a golden, the JUnit report or standard
    /// output could not be written, or `--output` cannot take a scenario's goldens.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = checkAll(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func checkAll(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        if record != .never, let ci = environment["CI"] {
            standardError.write(diagnosticFormat.renderFileError(
                path: outputFolder, message: "--record \(record.rawValue) is refused because CI is set (CI=\(ci))",
                notes: [.note("a job that writes its own goldens would pass whatever the code does"),
                        .help("record on your machine, review the goldens and commit them")], colored: colors.standardError))
            return 2
        }
        let files = Self.scenarioFiles(under: paths)
        var scenarios: [LoadedScenario] = []
        var invalid = false
        for file in files {
            switch ScenarioLoader.load(path: file, designs: designs) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let failure):
                standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
                invalid = true
            }
        }
        if files.isEmpty {
            standardError.write(diagnosticFormat.renderFileError(
                path: paths.joined(separator: " "), message: "no .scenario file found",
                notes: [.help("give a folder holding .scenario files, or the files themselves")]))
            return 2
        }
        if record != .never, let refusal = OutputFolder.refusal(outputFolder, for: scenarios, mayCreate: true) {
            standardError.write(refusal.message)
            return refusal.code
        }
        let results = record == .never ? runAll(scenarios) : recordAll(scenarios, standardError: standardError)
        let orphans = Self.isWholeTree(paths) ? orphanedGoldens(stems: Set(files.map(LoadedScenario.stem(of:)))) : []

        for result in results {
            for path in result.recorded { standardOutput.write("recorded \(path)\n") }
            for error in result.errors { standardOutput.write("error \(error)\n") }
            for failure in result.failures {
                standardOutput.write(ANSI.paint("FAIL", "1;31", when: colors.standardOutput)
                                     + " \(result.scenario) [\(result.kind.rawValue)] \(failure.path)\n")
                standardOutput.write(ANSI.diff(failure.diff, when: colors.standardOutput))
            }
        }
        for orphan in orphans {
            standardOutput.write("FAIL orphaned golden \(orphan): no scenario writes it\n")
        }
        var unwritten = results.contains { !$0.errors.isEmpty }
        if let junitPath {
            do {
                try OutputPath(path: junitPath).write(JUnitFormatter.report(results.map(\.testCase), orphans: orphans).utf8,
                                                      inputs: files, standardOutput: standardOutput)
            } catch {
                standardError.write("error: cannot write the JUnit report '\(junitPath)': \(RunCommand.reason(error))\n"
                    + OutputRefusal.helpLine(for: error))
                unwritten = true
            }
        }
        let failed = results.filter { !$0.passed }.count + orphans.count
        standardOutput.write("\(results.count - results.filter { !$0.passed }.count) passed, \(failed) failed\n")
        if unwritten { return 3 }
        if invalid { return 2 }
        return failed > 0 ? 1 : 0
    }

    /// The goldens one case compares, in `<outputFolder>/<stem>/`: its transcript, then its
    /// message and coupling DOT.
    public static func goldenNames(of kind: MediatorKind) -> [String] {
        ["transcript", "messages.dot", "coupling.dot"].map { "\(kind.rawValue).\($0)" }
    }

    /// Checks the one scenario file at `path` under the design registered as `kind` against the
    /// goldens in ``outputFolder``, recording as ``record`` says, and prints nothing: what the
    /// test helper `assertScenario` of MediateTesting is built on.
    ///
    /// Unlike ``execute(standardOutput:standardError:)`` it does not read ``environment``: a
    /// caller that records decides whether `CI` allows it. A file that cannot be read or does
    /// not check is the failure; a `kind` no design is registered as is one of the result's
    /// ``CaseResult/errors``.
    public func check(path: String, kind: MediatorKind) -> Result<CaseResult, ScenarioLoader.Failure> {
        ScenarioLoader.load(path: path, designs: designs).map { check($0, kind: kind) }
    }

    // MARK: Running

    /// Runs every (scenario, kind) pair on `jobs` threads; results in scenario, then kind order,
    /// whatever the number of jobs.
    func runAll(_ scenarios: [LoadedScenario]) -> [CaseResult] {
        let cases = scenarios.flatMap { scenario in scenario.designs.kinds.map { (scenario, $0) } }
        let next = Mutex(0)
        let results = Mutex([CaseResult?](repeating: nil, count: cases.count))
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(cases.count, 1))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < cases.count else { return }
                let result = check(cases[index].0, kind: cases[index].1)
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// ``runAll(_:)`` while recording: one scenario at a time, holding its folder's lock (see
    /// `FolderLock`), so that another process recording or running into it waits. When the folder
    /// cannot be made or locked, each case reports why as it writes.
    func recordAll(_ scenarios: [LoadedScenario], standardError: any TextOutput) -> [CaseResult] {
        scenarios.flatMap { scenario in
            let lock = try? FolderLock((outputFolder as NSString).appendingPathComponent(scenario.stem), standardError: standardError)
            defer { lock?.release() }
            return runAll([scenario])
        }
    }

    /// The files one case writes, with their golden paths, and compares or records them.
    func check(_ scenario: LoadedScenario, kind: MediatorKind) -> CaseResult {
        let transcript = StringOutput()
        guard let design = scenario.designs.design(kind) else {
            return CaseResult(scenario: scenario.file.path, kind: kind, failures: [], recorded: [],
                              errors: ["no design is registered as '\(kind)'"])
        }
        let run = KindRun.run(scenario, design: design, limits: limits, output: transcript)
        let folder = (outputFolder as NSString).appendingPathComponent(scenario.stem)
        let messages = DOTEmitter.messages(run.messages, title: scenario.title, kind: kind)
        let coupling = DOTEmitter.coupling(run.references, metrics: run.metrics, participants: scenario.participants,
                                           title: scenario.title, kind: kind)
        let names = Self.goldenNames(of: kind)
        let produced: [(name: String, text: String, svg: Bool)] = [
            (names[0], transcript.text, false), (names[1], messages, true), (names[2], coupling, true),
        ]
        var result = CaseResult(scenario: scenario.file.path, kind: kind, failures: [], recorded: [], errors: [],
                                stoppedBy: run.summary.stoppedBy)
        for file in produced {
            let path = (folder as NSString).appendingPathComponent(file.name)
            let golden = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            let matches = golden == file.text
            let write: Bool
            switch record {
            case .never: write = false
            case .missing: write = golden == nil
            case .failed: write = !matches
            case .all: write = true
            }
            if write, let problem = OutputFolder.problem(scenario, in: outputFolder) {
                result.errors.append(problem.message)
            } else if write {
                do {
                    try OutputFolder.makeWithParents(folder)
                    try writeAtomically(file.text.utf8, to: path)
                    if file.svg {
                        let svgPath = String(path.dropLast("dot".count)) + "svg"
                        try writeAtomically(try Graphviz.render(file.text, layout: .dot, format: .svg), to: svgPath)
                    }
                    result.recorded.append(path)
                } catch {
                    result.errors.append("\(path): \(RunCommand.reason(error))")
                }
            } else if let golden, !matches {
                result.failures.append((path, UnifiedDiff.diff(expected: golden, actual: file.text) ?? ""))
            } else if golden == nil {
                result.failures.append((path, "missing golden: run `mediate check --record missing` to write it\n"))
            }
        }
        return result
    }

    // MARK: Files

    /// Every `.scenario` file named or under a named folder, sorted, without duplicates.
    static func scenarioFiles(under paths: [String]) -> [String] {
        var files = Set<String>()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                files.insert(path)  // reported as unreadable when loaded
                continue
            }
            guard isFolder.boolValue else {
                files.insert(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".scenario") { files.insert((path as NSString).appendingPathComponent(relative)) }
            }
        }
        return files.sorted()
    }

    /// Orphans are looked for only when every path is a folder: checking a few files says
    /// nothing about the goldens of the others.
    static func isWholeTree(_ paths: [String]) -> Bool {
        paths.allSatisfy { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// Goldens (`.transcript`, `.dot`) in a folder of `outputFolder` whose scenario is gone (no
    /// file of that stem was found, valid or not), sorted.
    func orphanedGoldens(stems: Set<String>) -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: outputFolder)) ?? []
        var orphans: [String] = []
        for folder in folders.sorted() where !stems.contains(folder) {
            let path = (outputFolder as NSString).appendingPathComponent(folder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for file in files.sorted() where file.hasSuffix(".transcript") || file.hasSuffix(".dot") {
                orphans.append((path as NSString).appendingPathComponent(file))
            }
        }
        return orphans
    }
}
