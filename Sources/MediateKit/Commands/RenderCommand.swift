import Foundation
import GraphvizRendering

/// `mediate render`: draws one diagram of a scenario, through Graphviz in process.
package struct RenderCommand: Sendable {
    /// The scenario file.
    package var path: String
    /// nil: the scenario's own kind (ignored by `compare`, which draws every kind).
    package var mediator: MediatorKind?
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// Which diagram to draw.
    package var graph: DiagramKind
    /// nil: from the output file's extension, else SVG.
    package var format: DiagramFormat?
    /// nil: the engine the diagram names for its size (dot, or twopi for a large coupling graph).
    package var layout: DiagramLayout?
    /// nil: standard output.
    package var outputPath: String?
    /// The limits the run stops at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none

    /// A drawing of the scenario at `path`.
    package init(
        path: String, mediator: MediatorKind? = nil, designs: DesignRegistry, graph: DiagramKind = .messages,
        format: DiagramFormat? = nil, layout: DiagramLayout? = nil, outputPath: String? = nil,
        limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text
    ) {
        self.diagnosticFormat = diagnosticFormat
        self.designs = designs
        self.path = path
        self.mediator = mediator
        self.graph = graph
        self.format = format
        self.layout = layout
        self.outputPath = outputPath
        self.limits = limits
    }

    /// The format to write: as asked, else the output file's extension, else SVG.
    var resolvedFormat: DiagramFormat {
        if let format { return format }
        if let outputPath, let known = DiagramFormat(rawValue: (outputPath as NSString).pathExtension.lowercased()) {
            return known
        }
        return .svg
    }

    /// Why the format cannot be written where asked, as an error and its help, or nil: an `-o`
    /// extension that names no format (without `--format`), or an image (SVG, PNG, PDF) to a
    /// terminal, where it would be a screenful of markup or garbage; DOT is text, and goes.
    func formatRefusal(toTerminal: Bool) -> (error: String, help: String)? {
        let formats = DiagramFormat.allCases.map(\.rawValue).joined(separator: ", ")
        if format == nil, let outputPath, outputPath != "-" {
            let pathExtension = (outputPath as NSString).pathExtension
            if !pathExtension.isEmpty, DiagramFormat(rawValue: pathExtension.lowercased()) == nil {
                return (
                    "mediate cannot tell what to write from '.\(pathExtension)' in '\(outputPath)'; it writes \(formats)",
                    "name the file .svg, .png, .pdf or .dot, or give the format with --format"
                )
            }
        }
        if outputPath ?? "-" == "-", toTerminal, resolvedFormat != .dot {
            let what = resolvedFormat == .svg ? "an SVG image (XML for a viewer)" : "binary data"
            return (
                "--format \(resolvedFormat.rawValue) writes \(what), and standard output is a terminal",
                "write it to a file with -o FILE, or pipe it to a program that reads it"
            )
        }
        return nil
    }

    /// 0 when drawn, 2 when the scenario has errors or the format cannot be written where asked
    /// (see `formatRefusal`), 3 when a limit stopped the run (the diagram still shows what ran)
    /// or Graphviz or the output failed (nothing is written then).
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = draw(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func draw(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        if let refusal = formatRefusal(toTerminal: standardOutput.isTerminal) {
            standardError.write("error: \(refusal.error.visible())\nhelp: \(refusal.help)\n")
            return 2
        }
        if let refusal = graph == .sequence ? sequenceRefusal : graph == .compare ? compareRefusal : nil {
            standardError.write("error: \(refusal)\n")
            return 2
        }
        let loaded = ScenarioLoader.load(
            path: path, designs: designs, reportingTo: standardError, as: diagnosticFormat,
            colored: colors.standardError)
        guard case .success(let scenario) = loaded else { return loaded.exitCode }
        let kind = mediator ?? scenario.declaredKind
        guard let design = designs.design(kind) else {
            standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
            return 2
        }
        let dot: String
        var stops: [KindRun] = []
        switch graph {
        case .messages, .logical, .coupling:
            let run = KindRun.run(
                scenario, design: design, limits: limits, output: nil,
                collectingMessages: graph != .coupling, collectingLogicalMessages: graph == .logical)
            stops = [run]
            switch graph {
            case .messages: dot = DOTEmitter.messages(run.messages, title: scenario.title, kind: run.kind)
            case .logical: dot = DOTEmitter.messages(run.logicalMessages, title: scenario.title, kind: run.kind, logical: true)
            default:
                dot = DOTEmitter.coupling(
                    run.references, metrics: run.metrics, participants: scenario.participants,
                    title: scenario.title, kind: run.kind)
            }
        case .sequence:
            // Drawn by mediate itself, not through DOT and Graphviz.
            return drawSequence(scenario, design: design, kind: kind, standardOutput: standardOutput, standardError: standardError)
        case .compare:
            let report = ComparisonReport(scenario: scenario, limits: limits)
            stops = report.implementations.map(\.run)
            dot = compareDiagram(report, participants: scenario.participants, title: scenario.title)
        }
        var code: Int32 = 0
        for run in stops {
            if let stop = run.summary.stoppedBy, let range = run.summary.stoppedAt {
                standardError.write(
                    RunCommand.limitMessage(
                        stop, range: range, kind: run.kind, in: scenario.file, as: diagnosticFormat, colored: colors.standardError))
                code = 3
            }
        }
        do {
            let bytes = try render(dot, format: resolvedFormat, layout: layout)
            try OutputPath(path: outputPath ?? "-").write(bytes, inputs: [path], standardOutput: standardOutput)
        } catch {
            let target = outputPath.map { "'\($0.visible())'" } ?? "standard output"
            standardError.write(
                "error: cannot draw the \(graph.rawValue) diagram of \(path.visible()) to \(target): \(RunCommand.reason(error))\n"
                    + OutputRefusal.helpLine(for: error))
            return 3
        }
        return code
    }
}

extension RenderCommand {
    /// Why `--graph sequence` cannot be drawn as asked, or nil: `mediate` lays it out itself, as
    /// SVG (PNG and PDF are that SVG rasterised), so it has neither a layout engine nor DOT.
    var sequenceRefusal: String? {
        if layout != nil { return "--layout is for the Graphviz diagrams; --graph sequence is laid out by mediate itself" }
        guard resolvedFormat != .dot else {
            return "--graph sequence has no DOT source: mediate lays it out itself; write .svg, .png or .pdf, "
                + "or use --graph messages for a DOT graph"
        }
        return nil
    }

    /// Why `--graph compare` cannot be drawn with the layout asked, or nil: only dot keeps the
    /// boxes side by side with every participant in the same place. neato, sfdp and twopi draw
    /// the boxes and the table over each other, circo draws no boxes at all, and fdp scatters
    /// the boxes and the participants in them.
    var compareRefusal: String? {
        guard let layout, layout != .dot else { return nil }
        return "--layout \(layout.rawValue) cannot draw --graph compare: only dot keeps its boxes side by side "
            + "with the participants in the same places (the others overlap, drop or scatter them); leave --layout out "
            + "or use --layout dot, or write the DOT source with --format dot without --layout"
    }

    /// Says that the sequence diagram of `scenario` is past a readable size, and what to draw
    /// instead; nothing is written. Exit 3, as for any diagram past a limit.
    private func refuseSequence(
        of scenario: LoadedScenario, kind: MediatorKind, because reason: String, standardError: any TextOutput
    ) -> Int32 {
        standardError.write(
            "error: not drawing the sequence diagram of \(path.visible()) under \(kind.rawValue): \(reason)\n"
                + "help: draw the whole run as one graph with --graph messages, or render a scenario with fewer sends "
                + "(the sequence view is for up to \(DOTEmitter.grouped(SequenceSVGWriter.readableRows)) rows and "
                + "\(SequenceSVGWriter.readableLifelines) lifelines)\n")
        return 3
    }

    /// Runs the scenario into a ``SequenceSVGWriter`` and writes its SVG; exit codes as `draw`'s.
    private func drawSequence(
        _ scenario: LoadedScenario, design: any Design.Type, kind: MediatorKind,
        standardOutput: any TextOutput, standardError: any TextOutput
    ) -> Int32 {
        let mediator = KindRun.mediatorTakesPart(scenario, design: design, designs: designs, limits: limits)
        let lifelines = scenario.participants.count + (mediator ? 1 : 0)
        guard lifelines <= SequenceSVGWriter.readableLifelines else {
            return refuseSequence(
                of: scenario, kind: kind,
                because: "it would have \(lifelines) lifelines, too wide to read (at most "
                    + "\(SequenceSVGWriter.readableLifelines))", standardError: standardError)
        }
        let writer = SequenceSVGWriter(
            title: scenario.title, kind: kind, participants: scenario.participants.map(\.name),
            mediatorLifeline: mediator, rowLimit: SequenceSVGWriter.readableRows)
        let summary = Interpreter(
            script: scenario.script, title: scenario.title, design: design, designs: designs,
            limits: limits, sink: writer
        ).run()
        var code: Int32 = 0
        if let stop = summary.stoppedBy, let range = summary.stoppedAt {
            standardError.write(
                RunCommand.limitMessage(
                    stop, range: range, kind: kind, in: scenario.file, as: diagnosticFormat,
                    colored: colors.standardError))
            code = 3
        }
        if writer.pastRowLimit {
            let rows = DOTEmitter.grouped(SequenceSVGWriter.readableRows)
            return refuseSequence(
                of: scenario, kind: kind,
                because: "it would have more than \(rows) rows (arrows, notes and marks), too tall to read",
                standardError: standardError)
        }
        do {
            let bytes = try picture(writer.svg(), format: resolvedFormat)
            try OutputPath(path: outputPath ?? "-").write(bytes, inputs: [path], standardOutput: standardOutput)
        } catch {
            let target = outputPath.map { "'\($0.visible())'" } ?? "standard output"
            standardError.write(
                "error: cannot write the sequence diagram of \(path.visible()) to \(target): \(RunCommand.reason(error))\n"
                    + OutputRefusal.helpLine(for: error))
            return 3
        }
        return code
    }
}
