/// `mediate validate`: checks scenarios without running them.
package struct ValidateCommand: Sendable {
    /// Scenario files, or folders searched for `.scenario` files.
    package var paths: [String]
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// A check of `paths` against `designs`.
    package init(paths: [String], designs: DesignRegistry, diagnosticFormat: DiagnosticFormat = .text) {
        self.paths = paths
        self.designs = designs
        self.diagnosticFormat = diagnosticFormat
    }

    /// Prints `PATH: ok` for each valid file and every error of the others; 0, 2 on any error, or
    /// 3 when a file went past a limit or standard output could not be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let found = ScenarioFiles(paths)
        standardError.write(found.notes)
        let files = found.paths
        if files.isEmpty {
            standardError.write(CheckCommand.noScenarioFound(in: paths, as: diagnosticFormat, colored: colors.standardError))
            try? standardError.flush()
            return 2
        }
        var exitCode: Int32 = 0
        for path in files {
            switch ScenarioLoader.load(path: path, designs: designs) {
            case .success(let scenario):
                standardError.write(scenario.renderedWarnings(as: diagnosticFormat, colored: colors.standardError))
                standardOutput.write("\(path.visible()): ok\n")
            case .failure(let failure):
                standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
                exitCode = max(exitCode, failure.exitCode)
            }
        }
        return max(exitCode, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }
}
