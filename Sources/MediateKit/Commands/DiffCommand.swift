import Foundation

/// `mediate diff`: a unified diff of two transcripts, or of one scenario run under two kinds.
public struct DiffCommand: Sendable {
    public enum Subject: Sendable {
        /// Two transcript files.
        case files(String, String)
        /// One scenario under two kinds: `--mediator KIND --against KIND`.
        case kinds(scenario: String, mediator: MediatorKind, against: MediatorKind)
    }

    public var subject: Subject
    /// The designs scenarios may name and run under.
    public var designs: DesignRegistry
    public var limits: RunLimits
    public var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    public var colors: ColorPolicy = .none

    public init(subject: Subject, designs: DesignRegistry, limits: RunLimits = RunLimits(),
                diagnosticFormat: DiagnosticFormat = .text) {
        self.subject = subject
        self.designs = designs
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// 0 when equal, 1 when different, 2 when a file cannot be read or a scenario has errors,
    /// 3 when standard output could not be written.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = diff(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func diff(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let old: (name: String, text: String)
        let new: (name: String, text: String)
        switch subject {
        case .files(let first, let second):
            guard let a = read(first, standardError), let b = read(second, standardError) else { return 2 }
            old = (first, a)
            new = (second, b)
        case .kinds(let path, let mediator, let against):
            for kind in [mediator, against] where designs.design(kind) == nil {
                standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
                return 2
            }
            let loaded = ScenarioLoader.load(path: path, designs: designs, reportingTo: standardError, as: diagnosticFormat, colored: colors.standardError)
            guard case .success(let scenario) = loaded else { return loaded.exitCode }
            // The `--against` kind is the reference, as `expected` is in `check`.
            old = (against.rawValue, transcript(of: scenario, kind: against))
            new = (mediator.rawValue, transcript(of: scenario, kind: mediator))
        }
        guard let diff = UnifiedDiff.diff(expected: old.text, actual: new.text, expectedName: old.name,
                                          actualName: new.name) else { return 0 }
        standardOutput.write(ANSI.diff(diff, when: colors.standardOutput))
        return 1
    }

    private func transcript(of scenario: LoadedScenario, kind: MediatorKind) -> String {
        guard let design = scenario.designs.design(kind) else { return "" }
        let output = StringOutput()
        _ = KindRun.run(scenario, design: design, limits: limits, output: output)
        return output.text
    }

    private func read(_ path: String, _ standardError: any TextOutput) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else {
            standardError.write(diagnosticFormat.renderFileError(path: path, message: "cannot read the file",
                                                                 notes: [.help("give the paths of two transcripts")]))
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }
}
