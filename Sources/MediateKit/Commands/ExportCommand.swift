/// `mediate export`: a sequence diagram of one run, in Mermaid or PlantUML.
package struct ExportCommand: Sendable {
    /// The scenario file.
    package var path: String
    /// nil: the scenario's own kind.
    package var mediator: MediatorKind?
    /// The designs the scenario may run under.
    package var designs: DesignRegistry
    /// Mermaid or PlantUML.
    package var dialect: SequenceDiagramWriter.Dialect
    /// The limits the run stops at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// An export of the scenario at `path` in `dialect`.
    package init(
        path: String, mediator: MediatorKind? = nil, designs: DesignRegistry, dialect: SequenceDiagramWriter.Dialect,
        limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.path = path
        self.designs = designs
        self.mediator = mediator
        self.dialect = dialect
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// 0, 2 when the scenario has errors, 3 when a limit stopped the run (the diagram shows what ran)
    /// or standard output could not be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = export(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func export(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let loaded = ScenarioLoader.load(
            path: path, designs: designs, reportingTo: standardError, as: diagnosticFormat,
            colored: colors.standardError)
        guard case .success(let scenario) = loaded else { return loaded.exitCode }
        let kind = mediator ?? scenario.declaredKind
        guard let design = designs.design(kind) else {
            standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
            return 2
        }
        let mediator = KindRun.mediatorTakesPart(scenario, design: design, designs: designs, limits: limits)
        let writer = SequenceDiagramWriter(
            dialect: dialect, title: scenario.title, kind: kind,
            participants: scenario.participants.map(\.name),
            mediatorLifeline: mediator, output: standardOutput)
        let summary = Interpreter(
            script: scenario.script, title: scenario.title, design: design, designs: designs,
            limits: limits, sink: writer
        ).run()
        if let stop = summary.stoppedBy, let range = summary.stoppedAt {
            standardError.write(
                RunCommand.limitMessage(
                    stop, range: range, kind: kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError))
        }
        return summary.stoppedBy == nil ? 0 : 3
    }
}
