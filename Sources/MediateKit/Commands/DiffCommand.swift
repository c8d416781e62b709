import Foundation

/// `mediate diff`: a unified diff of two transcripts, or of one scenario run under two kinds.
package struct DiffCommand: Sendable {
    /// What to compare.
    package enum Subject: Sendable {
        /// Two transcript files.
        case files(String, String)
        /// One scenario under two kinds: `--mediator KIND --against KIND`.
        case kinds(scenario: String, mediator: MediatorKind, against: MediatorKind)
    }

    /// What to compare.
    package var subject: Subject
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// The limits both runs stop at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// A diff of `subject`.
    package init(
        subject: Subject, designs: DesignRegistry, limits: RunLimits = RunLimits(),
        diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.subject = subject
        self.designs = designs
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// The operands of `diff A B` that are scenarios, not transcripts: named `.scenario`, or
    /// (unless named `.transcript`) a regular file whose first line that is neither blank nor a
    /// comment parses as a statement; a transcript's first line, `scenario TITLE`, does not. A
    /// pipe is not read here, so that `diff` can still read it.
    package static func scenarioOperands(_ paths: [String]) -> [String] {
        paths.filter { path in
            let name = path as NSString
            if name.pathExtension == "scenario" { return true }
            if name.pathExtension == "transcript" { return false }
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                let handle = FileHandle(forReadingAtPath: path)
            else { return false }
            defer { try? handle.close() }
            let head = String(decoding: (try? handle.read(upToCount: 4_096)) ?? Data(), as: UTF8.self)
            guard
                let line = head.split(separator: "\n").lazy.map({ $0.trimmingCharacters(in: .whitespaces) })
                    .first(where: { !$0.isEmpty && !$0.hasPrefix("#") })
            else { return false }
            return Frontend.parse(SourceFile(path: path, text: line)).diagnostics.isEmpty
        }
    }

    /// 0 when equal, 1 when different, 2 when a file cannot be read or a scenario has errors,
    /// 3 when a limit stopped a run of the scenario (the diff is still shown) or standard output
    /// could not be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = diff(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func diff(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let old: (name: String, text: String)
        let new: (name: String, text: String)
        var stopped = false
        switch subject {
        case .files(let first, let second):
            switch (read(first), read(second)) {
            case (.success(let a), .success(let b)):
                old = (first, a)
                new = (second, b)
            case (.failure(let failure), _), (_, .failure(let failure)):
                standardError.write(failure.message)
                return failure.code
            }
        case .kinds(let path, let mediator, let against):
            for kind in [mediator, against] where designs.design(kind) == nil {
                standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
                return 2
            }
            let loaded = ScenarioLoader.load(
                path: path, designs: designs, reportingTo: standardError, as: diagnosticFormat, colored: colors.standardError)
            guard case .success(let scenario) = loaded else { return loaded.exitCode }
            // The `--against` kind is the reference, as `expected` is in `check`.
            guard let a = transcript(of: scenario, kind: against, standardError: standardError),
                let b = transcript(of: scenario, kind: mediator, standardError: standardError)
            else {
                standardError.write(
                    diagnosticFormat.renderFileError(
                        path: path, message: "a transcript is larger than mediate diffs in memory (\(ByteCount(Self.maxBytes)))",
                        notes: [.help("write both with `\(CommandName.current) run --mediator KIND` and compare them with a diff tool")]))
                return 3
            }
            old = (against.rawValue, a.text)
            new = (mediator.rawValue, b.text)
            stopped = a.stopped || b.stopped
        }
        // A run a limit stopped is shown as it went, and exits 3 as `run` would.
        let limitCode: Int32 = stopped ? 3 : 0
        guard
            let diff = UnifiedDiff.diff(
                expected: old.text, actual: new.text, expectedName: old.name,
                actualName: new.name)
        else { return limitCode }
        standardOutput.write(ANSI.diff(diff, when: colors.standardOutput))
        return max(1, limitCode)
    }

    /// The most bytes of each side `diff` holds: as `check` keeps to show a diff.
    static let maxBytes = GoldenComparison.keptLimit

    /// The transcript of `scenario` under `kind`, and whether a limit stopped its run (said on
    /// `standardError` as `run` says it); nil when it is past ``maxBytes``.
    private func transcript(
        of scenario: LoadedScenario, kind: MediatorKind, standardError: any TextOutput
    ) -> (text: String, stopped: Bool)? {
        guard let design = scenario.designs.design(kind) else { return ("", false) }
        let output = StringOutput()
        var limits = limits
        limits.maxOutputBytes = min(limits.maxOutputBytes, Self.maxBytes)
        let run = KindRun.run(scenario, design: design, limits: limits, output: output)
        if case .outputLimit = run.summary.stoppedBy { return nil }
        guard let stop = run.summary.stoppedBy, let range = run.summary.stoppedAt else { return (output.text, false) }
        standardError.write(
            RunCommand.limitMessage(stop, range: range, kind: kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError))
        return (output.text, true)
    }

    /// Why a file could not be diffed, ready for standard error, with the exit code.
    private struct Unread: Error {
        var message: String
        var code: Int32
    }

    /// The file's text, read as scenarios are (see `readSource`): never a wait on a pipe nothing
    /// writes to, never more than ``maxBytes``.
    private func read(_ path: String) -> Result<String, Unread> {
        readSource(path: path, limit: Self.maxBytes).map { String(decoding: $0.bytes, as: UTF8.self) }.mapError { failure in
            let message: String
            switch failure {
            case .tooLarge(let size):
                let what = size.map { "is \($0) bytes long" } ?? "is longer than \(Self.maxBytes) bytes"
                return Unread(
                    message: diagnosticFormat.renderFileError(
                        path: path, message: "the file \(what); mediate diffs files of at most \(ByteCount(Self.maxBytes))",
                        notes: [.help("compare them with a diff tool")]), code: 3)
            case .idlePipe: message = "cannot read the file: it is a pipe with nothing writing to it"
            case .missing, .folder, .unreadable: message = "cannot read the file"
            }
            return Unread(
                message: diagnosticFormat.renderFileError(
                    path: path, message: message,
                    notes: [.help("give the paths of two transcripts")]), code: 2)
        }
    }
}
