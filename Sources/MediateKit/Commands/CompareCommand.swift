/// `mediate compare`: the coupling metrics of every kind, and where each kind's transcript
/// first differs from the scenario's own kind.
package struct CompareCommand: Sendable {
    /// How the comparison is printed.
    package enum Format: String, CaseIterable, Sendable {
        /// Aligned columns for a terminal (`ComparisonFormatter.table(_:)`).
        case table
        /// One JSON object, keys sorted (`ComparisonFormatter.json(_:)`).
        case json
    }

    /// The scenario file.
    package var path: String
    /// A table or JSON.
    package var format: Format
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// The limits every run stops at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// A comparison of the scenario at `path` under every design in `designs`.
    package init(
        path: String, designs: DesignRegistry, format: Format = .table, limits: RunLimits = RunLimits(),
        diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.diagnosticFormat = diagnosticFormat
        self.designs = designs
        self.path = path
        self.format = format
        self.limits = limits
    }

    /// 0, 2 when the scenario has errors, 3 when a limit stopped a run or standard output could not
    /// be written. Failed expectations under other kinds are part of the comparison, not a failure of it.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = compare(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func compare(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let loaded = ScenarioLoader.load(
            path: path, designs: designs, reportingTo: standardError, as: diagnosticFormat,
            colored: colors.standardError)
        guard case .success(let scenario) = loaded else { return loaded.exitCode }
        let report = ComparisonReport(scenario: scenario, limits: limits)
        standardOutput.write(format == .json ? ComparisonFormatter.json(report) : ComparisonFormatter.table(report))
        var code: Int32 = 0
        for implementation in report.implementations {
            let run = implementation.run
            if let stop = run.summary.stoppedBy, let range = run.summary.stoppedAt {
                standardError.write(
                    RunCommand.limitMessage(
                        stop, range: range, kind: run.kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError))
                code = 3
            }
        }
        return code
    }
}
