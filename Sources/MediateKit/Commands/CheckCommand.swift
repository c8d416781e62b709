import Foundation
import GraphvizRendering
import Synchronization

/// `mediate check`: runs every scenario under every kind and compares what it writes with the
/// goldens in `Output/`, as snapshot-testing tools do, with their record modes.
package struct CheckCommand: Sendable {
    /// Scenario files, or folders searched for `.scenario` files.
    package var paths: [String]
    /// The folder of goldens: `OUTPUT/STEM/KIND.transcript` and the diagrams beside it.
    package var outputFolder: String
    /// Which goldens to write instead of comparing.
    package var record: GoldenRecordMode
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// Where to write a JUnit report of every case, or nil for none.
    package var junitPath: String?
    /// Whether ``outputFolder`` may be a symbolic link, recorded through; else recording into
    /// such a folder is refused (see `OutputFolder`).
    package var followOutputLink = false
    /// How many cases run at once; at least 1.
    package var jobs: Int
    /// The design to check each scenario under (`--mediator`), or nil (or `all`) for every
    /// registered design.
    package var mediator: MediatorChoice?
    /// The limits every run stops at.
    package var limits: RunLimits
    /// The order an asynchronous design's jobs run in (`--schedule`); `fixed` unless set, the
    /// order goldens are recorded in.
    package var schedule: SchedulePolicy = .fixed
    /// The part of the scenario files this check takes (`--shard K/N`), or nil for all of them.
    /// Orphaned goldens are the first part's to report.
    package var shard: Shard?
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none
    /// The process environment; `CI` refuses recording (see ``continuousIntegration(in:)``).
    package var environment: [String: String]
    /// Whether no path was given, and ``paths`` is the default, `Scenarios`.
    var defaultPaths: Bool

    /// The value of `CI` in `environment` when it marks a CI job: set, and not empty, `0` or
    /// `false` (in any case), the convention most CI tools and libraries follow.
    package static func continuousIntegration(in environment: [String: String]) -> String? {
        guard let value = environment["CI"], !["", "0", "false"].contains(value.lowercased()) else { return nil }
        return value
    }

    /// A check of `paths` against the goldens in `outputFolder`; an empty `paths` is `Scenarios`.
    package init(
        paths: [String] = ["Scenarios"], outputFolder: String = "Output", designs: DesignRegistry,
        record: GoldenRecordMode = .never,
        junitPath: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.paths = paths.isEmpty ? [ScenarioFiles.defaultFolder] : paths
        self.defaultPaths = paths.isEmpty
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
    package struct CaseResult: Sendable {
        /// The scenario file's path.
        package var scenario: String
        /// The design it ran under.
        package var kind: MediatorKind
        /// One entry per golden that did not match or was missing: its path and the diff.
        package var failures: [(path: String, diff: String)]
        /// Goldens written by a record mode.
        package var recorded: [String]
        /// A write or render that failed while recording.
        package var errors: [String]
        /// The limit (or the design's broken rule) that stopped the run, if one did. The run's
        /// files are still compared: its transcript says so.
        package var stoppedBy: RunError? = nil
        /// The step during which ``stoppedBy`` stopped the run.
        package var stoppedAt: SourceRange? = nil
        /// The goldens among ``failures`` that do not exist.
        var missing: [String] = []
        /// When the transcript differs from its golden: the first differing line (1-based), and
        /// the 1-based line of the scenario's statement that wrote it, if one did.
        var transcriptDifference: (line: Int, statementLine: Int?)? = nil
        /// The SVGs beside its DOT goldens that are not drawn, each with why: the diagram is past
        /// the layout limit (see ``maxDiagramEdges``). Not a failure.
        package var skipped: [String] = []

        /// The run's `expect` lines that said `FAILED`: each fails the case, even when every
        /// golden matches (an intended failure is written `expect … fails`, and says `ok`).
        package var failedExpectations: [ExpectationFailure] = []
        /// The scenario, for the errors of its failed expectations (see ``diagnostics(_:in:designs:)``).
        var loaded: LoadedScenario?
        /// Each of ``failedExpectations`` as plain text, `PATH:LINE: error: …` and its help, without
        /// the source line: what the JUnit report and `assertScenario` show.
        package var expectationMessages: [String] = []

        /// Whether every golden matched, every expectation said `ok`, and nothing failed.
        package var passed: Bool { failures.isEmpty && errors.isEmpty && failedExpectations.isEmpty }
    }

    /// 0 when every golden matches; 1 on a mismatch, a missing or orphaned golden; 2 on an
    /// invalid scenario or a refused record mode; 3 when a golden, the JUnit report or standard
    /// output could not be written, `--output` cannot take a scenario's goldens, a scenario is
    /// past a file limit, or a limit stopped a run (its goldens are still compared, and the
    /// error goes to standard error as `run` writes it).
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = checkAll(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func checkAll(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        if case .kind(let kind) = mediator, designs.design(kind) == nil {
            standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
            return 2
        }
        if record != .never, let ci = Self.continuousIntegration(in: environment) {
            standardError.write(
                diagnosticFormat.renderFileError(
                    path: outputFolder, message: "--record \(record.rawValue) is refused because CI is set (CI=\(ci))",
                    notes: [
                        .note("a job that writes its own goldens would pass whatever the code does"),
                        .help("record on your machine, review the goldens and commit them"),
                    ], colored: colors.standardError))
            return 2
        }
        if defaultPaths, let missing = ScenarioFiles.missingDefaultFolder(command: "check", as: diagnosticFormat) {
            standardError.write(missing)
            return 2
        }
        let found = ScenarioFiles(paths, sorted: true)
        standardError.write(found.notes)
        let every = found.paths
        let files = shard?.select(every) ?? every
        // 2 for a scenario with errors, 3 for one past a limit, as every command exits.
        var invalid: Int32 = 0
        let scenarios = CheckedScenarios(paths: files, designs: designs) { _, failure in
            standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
            invalid = max(invalid, failure.exitCode)
        } warn: { scenario in
            standardError.write(scenario.renderedWarnings(as: diagnosticFormat, colored: colors.standardError))
        }
        if every.isEmpty {
            standardError.write(Self.noScenarioFound(in: paths, as: diagnosticFormat))
            return 2
        }
        if let refusal = junitRefusal(files: every) {
            standardError.write(refusal)
            return 3
        }
        // A folder made here is removed at the end if nothing was recorded into it.
        var madeFolder = false
        defer { if madeFolder { OutputFolder.forget(outputFolder) } }
        if record != .never {
            let names = designs.kinds.flatMap { kind in
                Self.goldenNames(of: kind) + ["messages", "coupling"].map { "\(kind.rawValue).\($0).svg" }
            }
            switch OutputFolder.prepare(outputFolder, for: scenarios.paths, writing: names, followingLink: followOutputLink) {
            case .success(let made): madeFolder = made
            case .failure(let refusal):
                standardError.write(refusal.message)
                return refusal.code
            }
        }
        let results = record == .never ? runAll(scenarios) : recordAll(scenarios, standardError: standardError)
        let orphans =
            Self.isWholeTree(paths) && (shard?.index ?? 1) == 1
            ? orphanedGoldens(stems: Set(every.map(LoadedScenario.stem(of:)))) : []

        for result in results {
            for path in result.recorded { standardOutput.write("recorded \(path.visible())\n") }
            for skipped in result.skipped { standardOutput.write("skipped \(skipped.visible())\n") }
            for error in result.errors { standardOutput.write("error \(error.visible())\n") }
            for failure in result.failures {
                // A missing golden is one line; one hint after them all says how to record them.
                let missing = result.missing.contains(failure.path)
                standardOutput.write(
                    ANSI.paint("FAIL", "1;31", when: colors.standardOutput)
                        + " \(result.scenario.visible()) [\(result.kind.rawValue)] \(failure.path.visible())"
                        + (missing ? ": missing\n" : "\n"))
                if !missing { standardOutput.write(ANSI.diff(failure.diff, when: colors.standardOutput)) }
                if diagnosticFormat == .github { standardError.write(annotation(failure.path, of: result)) }
            }
        }
        // A FAIL line for each design's failed expectation; one error for each line that failed,
        // naming every design it failed under. A scenario's results are consecutive.
        var first = 0
        while first < results.count {
            var end = first
            while end < results.count, results[end].scenario == results[first].scenario { end += 1 }
            var failures: [(kind: MediatorKind, failure: ExpectationFailure)] = []
            for result in results[first..<end] {
                for failure in result.failedExpectations {
                    standardOutput.write(
                        ANSI.paint("FAIL", "1;31", when: colors.standardOutput)
                            + " \(result.scenario.visible()) [\(result.kind.rawValue)] line \(failure.range.lowerBound.line): "
                            + "\(failure.text) FAILED (got \(failure.got))\n")
                    failures.append((result.kind, failure))
                }
            }
            if let loaded = results[first..<end].lazy.compactMap(\.loaded).first, !failures.isEmpty {
                let diagnostics = Self.diagnostics(failures, in: loaded.script, designs: loaded.designs.kinds.map(\.rawValue))
                standardError.write(diagnosticFormat.render(diagnostics, in: loaded.file, colored: colors.standardError))
            }
            first = end
        }
        for orphan in orphans {
            standardOutput.write("FAIL orphaned golden \(orphan.visible()): no scenario writes it\n")
        }
        for path in staleTemporaryFiles() {
            standardOutput.write(
                "stale \(path.visible()): a temporary file left by a killed run; the next write into "
                    + "'\(OutputFolder.parent(of: path).visible())' removes it\n")
        }
        var unwritten = results.contains { !$0.errors.isEmpty }
        if let junitPath {
            do {
                try OutputPath(path: junitPath).write(
                    JUnitFormatter.report(results.map(\.testCase), orphans: orphans, shard: shard?.description).utf8,
                    inputs: files, standardOutput: standardOutput)
            } catch {
                standardError.write(
                    "error: cannot write the JUnit report '\(junitPath.visible())': \(RunCommand.reason(error))\n"
                        + OutputRefusal.helpLine(for: error))
                unwritten = true
            }
        }
        let missing = results.reduce(0) { $0 + $1.missing.count }
        if missing > 0 {
            let goldens = missing == 1 ? "1 golden is missing" : "\(missing) goldens are missing"
            standardOutput.write("\(goldens): run `\(recordCommand(.missing))` to write \(missing == 1 ? "it" : "them")\n")
        }
        let failed = results.filter { !$0.passed }.count + orphans.count
        let part = shard.map { " (shard \($0): \(files.count) of \(every.count) scenario files)" } ?? ""
        standardOutput.write("\(results.count - results.filter { !$0.passed }.count) passed, \(failed) failed\(part)\n")
        // A run a limit stopped is compared as it went, and exits 3 as `run` would.
        var stopped = false
        for result in results {
            guard let stop = result.stoppedBy, let range = result.stoppedAt, let loaded = result.loaded else { continue }
            standardError.write(
                RunCommand.limitMessage(
                    stop, range: range, kind: result.kind, in: loaded.file, as: diagnosticFormat, colored: colors.standardError))
            stopped = true
        }
        if unwritten || stopped || invalid == 3 { return 3 }
        if invalid != 0 { return invalid }
        return failed > 0 ? 1 : 0
    }

    /// A GitHub annotation of the golden at `path` that failed in `result`, at the scenario file:
    /// on the statement that wrote the transcript's first differing line, else on line 1.
    func annotation(_ path: String, of result: CaseResult) -> String {
        let kind = result.kind.rawValue
        if result.missing.contains(path) {
            return DiagnosticFormat.github.renderFileError(
                path: result.scenario, line: 1, message: "under \(kind), the golden \(path) is missing",
                notes: [.help("run `\(recordCommand(.missing))` to write it")])
        }
        var message = "under \(kind), the run differs from the golden \(path)"
        var line = 1
        if path.hasSuffix(".transcript"), let difference = result.transcriptDifference {
            message += ", first on its line \(difference.line)"
            line = difference.statementLine ?? 1
        }
        return DiagnosticFormat.github.renderFileError(
            path: result.scenario, line: line, message: message,
            notes: [.help("see the diff in the log; if the change is intended, run `\(recordCommand(.failed))` and commit the goldens")])
    }

    /// The command that records goldens in `mode` for the paths and the folder of this check.
    func recordCommand(_ mode: GoldenRecordMode) -> String {
        let mediator = self.mediator.map { ["--mediator", $0.argument] } ?? []
        let words = ["check"] + paths + ["--output", outputFolder] + mediator + ["--record", mode.rawValue]
        return ([CommandName.current] + words.map(Self.shellWord)).joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./=:+@%,".unicodeScalars.contains($0))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The goldens one case compares, in `<outputFolder>/<stem>/`: its transcript, then its
    /// message and coupling DOT.
    package static func goldenNames(of kind: MediatorKind) -> [String] {
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
    package func check(path: String, kind: MediatorKind) -> Result<CaseResult, ScenarioLoader.Failure> {
        ScenarioLoader.load(path: path, designs: designs).map { scenario in
            let batch = GoldenBatch()
            return Self.committing(batch, [check(scenario, kind: kind, recordingInto: batch)])[0]
        }
    }

    // MARK: Running

    /// Runs every (scenario, kind) pair on `jobs` threads; results in scenario, then kind order,
    /// whatever the number of jobs. Goldens recorded are staged into `batch`. While what designs
    /// print is kept apart (`DesignPrints`), one pair at a time, so that the printed lines come in
    /// that order too.
    func runAll(_ scenarios: [LoadedScenario], recordingInto batch: GoldenBatch = GoldenBatch()) -> [CaseResult] {
        let cases = scenarios.flatMap { scenario in kinds(of: scenario).map { (scenario, $0) } }
        let next = Mutex(0)
        let results = Mutex([CaseResult?](repeating: nil, count: cases.count))
        let jobs = DesignPrints.isStarted ? 1 : jobs
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(cases.count, 1))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < cases.count else { return }
                let result = check(cases[index].0, kind: cases[index].1, recordingInto: batch)
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// ``runAll(_:)`` over checked scenarios: the kept ones together, each one read again alone
    /// (see `CheckedScenarios`), so that two large files are never run at once.
    func runAll(_ scenarios: CheckedScenarios) -> [CaseResult] {
        var results: [CaseResult] = []
        var kept: [LoadedScenario] = []
        for index in 0..<scenarios.count {
            if let scenario = scenarios.kept(index) {
                kept.append(scenario)
                continue
            }
            results += runAll(kept)
            kept = []
            results += run(scenarios, at: index) { runAll([$0]) }
        }
        return results + runAll(kept)
    }

    /// ``runAll(_:)`` while recording: one scenario at a time, holding its folder's lock (see
    /// `FolderLock`), so that another process recording or running into it waits, and putting its
    /// goldens in place together (see ``committing(_:_:)``). When the folder cannot be made or
    /// locked, each case reports why as it writes.
    func recordAll(_ scenarios: CheckedScenarios, standardError: any TextOutput) -> [CaseResult] {
        (0..<scenarios.count).flatMap { index in
            let stem = LoadedScenario.stem(of: scenarios.paths[index])
            let lock = try? FolderLock((outputFolder as NSString).appendingPathComponent(stem), standardError: standardError)
            defer { lock?.release() }
            let batch = GoldenBatch()
            return Self.committing(batch, run(scenarios, at: index) { runAll([$0], recordingInto: batch) })
        }
    }

    /// One scenario's `results`, after its goldens staged in `batch` are put in place: all of
    /// them when every case recorded without an error, else none, each one named in an error, so
    /// that the scenario's goldens are all old or all new.
    static func committing(_ batch: GoldenBatch, _ results: [CaseResult]) -> [CaseResult] {
        var reason: String?
        if results.contains(where: { !$0.errors.isEmpty }) {
            reason = "another golden of the scenario could not be recorded"
        } else {
            do { try batch.commit() } catch { reason = RunCommand.reason(error) }
        }
        guard let reason else { return results }
        batch.discard()
        var results = results
        for index in results.indices {
            results[index].errors += results[index].recorded.map { "\($0): not recorded: \(reason); the goldens are left as they were" }
            results[index].recorded = []
        }
        return results
    }

    /// The designs `scenario` is checked under: ``mediator``'s, or every registered one.
    func kinds(of scenario: LoadedScenario) -> [MediatorKind] {
        mediator?.kinds(for: scenario) ?? scenario.designs.kinds
    }

    /// `body` on the scenario at `index`; when it can no longer be read, one error a kind.
    private func run(_ scenarios: CheckedScenarios, at index: Int, _ body: (LoadedScenario) -> [CaseResult]) -> [CaseResult] {
        switch scenarios.scenario(index, designs: designs) {
        case .success(let scenario): return body(scenario)
        case .failure(let failure):
            var kinds = designs.kinds
            if case .kind(let kind) = mediator { kinds = [kind] }
            return kinds.map { kind in
                CaseResult(
                    scenario: scenarios.paths[index], kind: kind, failures: [], recorded: [],
                    errors: [failure.rendered().trimmingCharacters(in: .newlines)])
            }
        }
    }

    /// The files one case writes, with their golden paths, and compares or records them. The
    /// transcript is compared with its golden as the run writes it (see `GoldenComparison`); the
    /// diagrams, which have bounded sizes, in memory.
    func check(_ scenario: LoadedScenario, kind: MediatorKind, recordingInto batch: GoldenBatch) -> CaseResult {
        guard let design = scenario.designs.design(kind) else {
            return CaseResult(
                scenario: scenario.file.path, kind: kind, failures: [], recorded: [],
                errors: ["no design is registered as '\(kind)'"])
        }
        let folder = (outputFolder as NSString).appendingPathComponent(scenario.stem)
        let names = Self.goldenNames(of: kind)
        let transcriptPath = (folder as NSString).appendingPathComponent(names[0])
        let transcript = GoldenComparison(goldenPath: transcriptPath)
        let steps = StepLines()
        let run = KindRun.run(scenario, design: design, limits: limits, schedule: schedule, output: transcript) { _ in [steps] }
        if case .outputLimit = run.summary.stoppedBy {
            return CaseResult(
                scenario: scenario.file.path, kind: kind, failures: [], recorded: [],
                errors: [
                    "\(scenario.file.path) [\(kind.rawValue)]: the run wrote more than \(ByteCount(limits.maxOutputBytes)) of "
                        + "transcript (--max-output), so its goldens were neither compared nor recorded; " + RunCommand.outputLimitHelp
                ], stoppedBy: run.summary.stoppedBy)
        }
        let messages = DOTEmitter.messages(run.messages, title: scenario.title, kind: kind)
        let coupling = DOTEmitter.coupling(
            run.references, metrics: run.metrics, participants: scenario.participants,
            title: scenario.title, kind: kind)
        var result = CaseResult(
            scenario: scenario.file.path, kind: kind, failures: [], recorded: [], errors: [],
            stoppedBy: run.summary.stoppedBy, stoppedAt: run.summary.stoppedAt)
        if transcript.isLink {
            result.errors.append(Self.linkedGolden(transcriptPath))
        } else {
            compare(
                transcriptPath, of: scenario, exists: !transcript.isMissing, matches: transcript.matches, into: &result,
                diff: { transcript.diff(goldenPath: transcriptPath) }
            ) { path in
                // Written by running again: the run is deterministic, and its output was never held whole.
                let file = try AtomicFile(path: path)
                _ = KindRun.run(scenario, design: design, limits: limits, schedule: schedule, analyze: false, output: file.output)
                try file.finish()
                batch.add(file)
            }
        }
        result.failedExpectations = run.summary.expectationFailures
        result.loaded = scenario
        for failure in run.summary.expectationFailures {
            let diagnostic = Self.diagnostic(
                failure, kind: kind, in: scenario.script, designs: scenario.designs.kinds.map(\.rawValue))
            result.expectationMessages.append(
                DiagnosticFormat.text.renderFileError(
                    path: scenario.file.path, line: failure.range.lowerBound.line, message: diagnostic.message,
                    notes: diagnostic.notes))
        }
        if transcript.differs {
            let line = transcript.firstDifferentLine
            result.transcriptDifference = (line, scenario.statementLine(ofTranscriptLine: line, stepStarts: steps.starts))
        }
        for (name, text) in [(names[1], messages), (names[2], coupling)] {
            let path = (folder as NSString).appendingPathComponent(name)
            let svgPath = String(path.dropLast("dot".count)) + "svg"
            let problem = layoutProblem(text)
            if let problem { result.skipped.append("\(svgPath): \(problem)") }
            var golden: String?
            switch readSource(path: path, followingLinks: false) {
            case .success(let read): golden = String(decoding: read.bytes, as: UTF8.self)
            case .failure(.missing): golden = nil
            case .failure(.unreadable(ReadFailure.linkReason)):
                result.errors.append(Self.linkedGolden(path))
                continue
            case .failure(let failure):
                let reason: String
                switch failure {
                case .folder: reason = "it is a folder"
                case .tooLarge: reason = "it is larger than \(ByteCount(SourceLimits.maxFileBytes))"
                case .unreadable(let system): reason = system
                case .missing, .idlePipe: reason = "it is not a file"
                }
                result.errors.append("\(path.visible()): cannot read the golden: \(reason)")
                continue
            }
            compare(
                path, of: scenario, exists: golden != nil, matches: golden == text, into: &result,
                diff: { UnifiedDiff.diff(expected: golden ?? "", actual: text) ?? "" }
            ) { path in
                try batch.stage(text.utf8, at: path)
                if problem == nil {
                    try batch.stage(try render(text, format: .svg, layout: .dot), at: svgPath)
                } else {
                    batch.remove(svgPath)
                }
            }
        }
        return result
    }

    /// The error for a golden at `path` that is a symbolic link: it is neither read nor written
    /// over, since a repository's link can lead to any file, which a diff would print.
    static func linkedGolden(_ path: String) -> String {
        "\(path.visible()): the golden is a symbolic link, which mediate neither reads nor writes through; "
            + "replace the link with the file itself, or remove it and record again"
    }

    /// The error for an `expect` line that said `FAILED` under `kind`, at its statement, with
    /// help on writing the failure as intended (or no longer so); `designs` are the registered
    /// designs' names, in order. It knows only this design's run, so its help hedges.
    static func diagnostic(
        _ failure: ExpectationFailure, kind: MediatorKind, in script: Script, designs: [String]
    ) -> Diagnostic {
        let design = kind.rawValue
        let (condition, intended) = Self.condition(of: failure, in: script)
        if failure.heldButMeantToFail {
            let others = intended?.designs.map(\.text).filter { $0 != design } ?? []
            let help =
                others.isEmpty
                ? "if it now holds on purpose, write '\(condition)' without 'fails', or 'fails under' the designs it still fails under"
                : "if it now holds on purpose under \(design), write '\(condition) fails under \(others.joined(separator: ", "))'"
            return Diagnostic(
                "under \(design), the expectation held (got \(failure.got)), but it is meant to fail", at: failure.range,
                notes: [.help(help)])
        }
        let listed = Set((intended?.designs.map(\.text) ?? []) + [design])
        let update = intended == nil ? Self.updateHelp(failure, in: script) : nil
        let help =
            (update == nil ? "" : "or, ")
            + (listed.count == 1
                ? "if this failure is intended, write '\(condition) fails' (or 'fails under \(design)')"
                : listed.isSuperset(of: designs)
                    ? "if this failure is intended, write '\(condition) fails': it fails under every design"
                    : "if this failure is intended, write '\(condition) fails under "
                        + designs.filter(listed.contains).joined(separator: ", ") + "'")
        return Diagnostic(
            "under \(design), the expectation failed (got \(failure.got))", at: failure.range,
            notes: (update.map { [Diagnostic.Note.help($0)] } ?? []) + [.help(help)])
    }

    /// The errors of one scenario's failed expectations under every design (`failures`, design
    /// by design in `designs`' order): what standard error shows. One error for each line and
    /// way of failing (it failed where meant to hold, or held where meant to fail), naming every
    /// design it did so under, and help that writes what the line now does under every design.
    static func diagnostics(
        _ failures: [(kind: MediatorKind, failure: ExpectationFailure)], in script: Script, designs: [String]
    ) -> [Diagnostic] {
        var lines: [SourceRange] = []
        for (_, failure) in failures where !lines.contains(failure.range) { lines.append(failure.range) }
        return lines.flatMap { range -> [Diagnostic] in
            let mine = failures.filter { $0.failure.range == range }
            let held = mine.filter(\.failure.heldButMeantToFail)
            let failed = mine.filter { !$0.failure.heldButMeantToFail }
            let (condition, intended) = Self.condition(of: mine[0].failure, in: script)
            // Where it fails now: where it was meant to, but for where it held; and where it failed.
            let meant = intended.map { $0.designs.isEmpty ? designs : $0.designs.map(\.text) } ?? []
            let failing = Set(meant).subtracting(held.map(\.kind.rawValue)).union(failed.map(\.kind.rawValue))
            let write =
                failing.isEmpty
                ? "write '\(condition)' without 'fails': it holds under every design"
                : failing.isSuperset(of: designs)
                    ? "write '\(condition) fails': it fails under every design"
                    : "write '\(condition) fails under \(designs.filter(failing.contains).joined(separator: ", "))'"
            // Updating the value helps only where every design failed, and got the same.
            let update =
                intended == nil && held.isEmpty && Set(failed.map(\.kind.rawValue)).isSuperset(of: designs)
                    && Set(failed.map(\.failure.got)).count == 1
                ? Self.updateHelp(failed[0].failure, in: script) : nil
            var found: [Diagnostic] = []
            for (group, heldGroup) in [(failed, false), (held, true)] where !group.isEmpty {
                let under = "under " + Self.listed(group.map(\.kind.rawValue))
                let gots = group.map(\.failure.got)
                let got =
                    Set(gots).count == 1
                    ? "(got \(gots[0]))"
                    : "(got " + group.map { "\($0.failure.got) under \($0.kind.rawValue)" }.joined(separator: ", ") + ")"
                found.append(
                    heldGroup
                        ? Diagnostic(
                            "\(under), the expectation held \(got), but it is meant to fail", at: range,
                            notes: [.help("if it now holds on purpose, " + write)])
                        : Diagnostic(
                            "\(under), the expectation failed \(got)", at: range,
                            notes: (update.map { [Diagnostic.Note.help($0)] } ?? [])
                                + [.help((update == nil ? "" : "or, ") + "if this failure is intended, " + write)]))
            }
            return found
        }
    }

    /// Help that updates the expected value of a failed expectation to what it got, with the
    /// line to write: for `==` on a literal, a count, or a lifetime; nil for any other (an
    /// ordering, an expression, `!=`, or a property never set, which no literal writes).
    static func updateHelp(_ failure: ExpectationFailure, in script: Script) -> String? {
        var found: Expectation?
        for case .expect(let expectation) in script.statements where expectation.range == failure.range { found = expectation }
        guard let expectation = found else { return nil }
        let subject = expectation.subject.text
        let line: String
        switch expectation.condition {
        case .property(let property, .equal, value: .literal):
            guard failure.got != "nothing" else { return nil }
            // The transcript writes a string as the language does, but for its braces.
            let value =
                failure.got.hasPrefix("\"")
                ? failure.got.replacingOccurrences(of: "{", with: "\\{").replacingOccurrences(of: "}", with: "\\}")
                : failure.got
            line = "expect \(subject).\(property.text) == \(value)"
        case .received(let count, _):
            // The text goes on after the count with the message counted, if any.
            guard let at = expectation.text.range(of: " received \(count)") else { return nil }
            line = expectation.text[..<at.lowerBound] + " received \(failure.got)" + expectation.text[at.upperBound...]
        case .alive, .deallocated:
            line = "expect \(subject) \(failure.got)"
        case .property:
            return nil
        }
        return "update the expected value to what it got: write '\(line)'"
    }

    /// The expectation's condition as written (its text up to ` fails`, which no design's name
    /// holds), and how it is meant to fail, if it is.
    private static func condition(
        of failure: ExpectationFailure, in script: Script
    ) -> (String, Expectation.IntendedFailure?) {
        var intended: Expectation.IntendedFailure?
        for case .expect(let expectation) in script.statements where expectation.range == failure.range {
            intended = expectation.intendedFailure
        }
        guard intended != nil else { return (failure.text, nil) }
        let end = failure.text.range(of: " fails", options: .backwards)?.lowerBound ?? failure.text.endIndex
        return (String(failure.text[..<end]), intended)
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func listed(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// Records the golden at `path` with `write` when the record mode asks for it, else notes a
    /// mismatch (with `diff`) or a missing golden in `result`.
    private func compare(
        _ path: String, of scenario: LoadedScenario, exists: Bool, matches: Bool, into result: inout CaseResult,
        diff: () -> String, write: (String) throws -> Void
    ) {
        let shouldWrite: Bool
        switch record {
        case .never: shouldWrite = false
        case .missing: shouldWrite = !exists
        case .failed: shouldWrite = !matches
        case .all: shouldWrite = true
        }
        if shouldWrite {
            if let problem = OutputFolder.problem(scenarioAt: scenario.file.path, in: outputFolder) {
                result.errors.append(problem.message)
                return
            }
            do {
                try OutputFolder.makeWithParents(OutputFolder.parent(of: path))
                try write(path)
                result.recorded.append(path)
            } catch {
                result.errors.append("\(path): \(RunCommand.reason(error))")
            }
        } else if !exists {
            result.failures.append((path, "missing golden: run `\(recordCommand(.missing))` to write it\n"))
            result.missing.append(path)
        } else if !matches {
            result.failures.append((path, diff()))
        }
    }

    // MARK: Files

    /// The error for `paths` that name no `.scenario` file (folders without any).
    static func noScenarioFound(in paths: [String], as format: DiagnosticFormat, colored: Bool = false) -> String {
        format.renderFileError(
            path: paths.joined(separator: " "), message: "no .scenario file found",
            notes: [.help("give a folder holding .scenario files, or the files themselves")], colored: colored)
    }

    /// The temporary files of ours, in `outputFolder` and its folders, that no process is writing:
    /// left by a run that was killed (see `AtomicFile`), which the next write there removes.
    func staleTemporaryFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: outputFolder)) ?? []
        let folders = [outputFolder] + names.sorted().map { (outputFolder as NSString).appendingPathComponent($0) }
        return folders.flatMap { AtomicFile.staleFiles(in: $0) }
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
