import GraphvizRendering

/// `mediate report`: one self-contained HTML page about every scenario under the paths.
public struct ReportCommand: Sendable {
    public var paths: [String]
    /// nil: standard output.
    public var outputPath: String?
    /// The designs scenarios may name and run under.
    public var designs: DesignRegistry
    public var limits: RunLimits
    public var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    public var colors: ColorPolicy = .none

    public init(paths: [String] = ["Scenarios"], outputPath: String? = nil, designs: DesignRegistry,
                limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text) {
        self.designs = designs
        self.paths = paths.isEmpty ? ["Scenarios"] : paths
        self.outputPath = outputPath
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
    }

    /// 0, 2 when a scenario has errors (no page is written), 3 when the page or standard output cannot be written.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = report(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func report(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var scenarios: [LoadedScenario] = []
        var invalid = false
        let files = CheckCommand.scenarioFiles(under: paths)
        for path in files {
            switch ScenarioLoader.load(path: path, designs: designs) {
            case .success(let scenario): scenarios.append(scenario)
            case .failure(let failure):
                standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
                invalid = true
            }
        }
        if invalid { return 2 }
        let sections = scenarios.map(section)
        let page = HTMLReport.page(sections)
        do {
            try OutputPath(path: outputPath ?? "-").write(page.utf8, inputs: files, standardOutput: standardOutput)
        } catch {
            standardError.write("error: cannot write the report '\(outputPath ?? "-")': \(RunCommand.reason(error))\n"
                + OutputRefusal.helpLine(for: error))
            return 3
        }
        return 0
    }

    private func section(_ scenario: LoadedScenario) -> HTMLReport.Section {
        var runs: [KindRun] = []
        var texts: [(kind: MediatorKind, text: String)] = []
        for kind in scenario.designs.kinds {
            guard let design = scenario.designs.design(kind) else { continue }
            let output = StringOutput()
            runs.append(KindRun.run(scenario, design: design, limits: limits, output: output))
            texts.append((kind, output.text))
        }
        let report = ComparisonReport(scenario: scenario, runs: runs) { kind in
            (texts.first { $0.kind == kind }?.text ?? "").split(separator: "\n").map(String.init)
        }
        let dot = DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title)
        let svg: Result<String, HTMLReport.GraphvizFailure>
        do {
            svg = .success(String(decoding: try Graphviz.render(dot, layout: .dot, format: .svg), as: UTF8.self))
        } catch {
            svg = .failure(HTMLReport.GraphvizFailure(message: error.message))
        }
        return HTMLReport.Section(path: scenario.file.path, title: scenario.title, stem: scenario.stem, report: report,
                                  transcripts: texts, compareSVG: svg)
    }
}
