import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Render: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "render",
                abstract: "Draw a scenario's message flow, coupling or sequence diagram.",
                discussion: """
                    messages: who sent what to whom, numbered as in the transcript (1, 1.1, 2 …). \
                    coupling: every object of one design and its stored references (solid strong, \
                    dashed weak, dotted unowned, red strong cycles, double border leaked). compare: \
                    the \(designCount) designs side by side with their metrics. Rendered in process by the \
                    Graphviz library; --format dot writes the DOT source. sequence: a sequence \
                    diagram of one run (lifelines, numbered arrows, activations, notes), laid out by \
                    mediate itself (SVG; PNG and PDF are that SVG rasterised by Graphviz's cairo \
                    renderer). Without -o, writes to standard output, but never an image \
                    (SVG, PNG, PDF) to a terminal: give -o FILE, or pipe it; with -o, the format follows the file's extension unless given, \
                    and an extension that names no format is an error.
                    """
                        + HelpExamples.block(
                            "mediate render Scenarios/chat.scenario -o chat.svg",
                            "mediate render Scenarios/musketeers.scenario --graph coupling --mediator mesh -o mesh.png",
                            "mediate render Scenarios/musketeers.scenario --graph compare --format dot",
                            "mediate render Scenarios/chat.scenario --graph sequence -o chat-sequence.svg")
            )
        }

        @Argument(help: "The scenario file.", completion: .scenarios)
        var file: String

        @Option(help: "The design to draw (default: the scenario's own).")
        var mediator: MediatorKindArgument?

        @Option(help: "Which diagram.")
        var graph: ArgumentChoice<DiagramKind> = ArgumentChoice(.messages)

        @Option(help: "What to write (default: from -o's extension, else svg).")
        var format: ArgumentChoice<DiagramFormat>?

        @Option(help: "Graphviz's layout engine (default: dot; twopi for a coupling graph past 200 objects; compare takes dot only).")
        var layout: ArgumentChoice<DiagramLayout>?

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write to this file ('-': standard output, the default).", valueName: "FILE"),
            completion: .file())
        var output: String?

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var diagnostics: DiagnosticOptions

        func run() throws {
            let command = RenderCommand(
                path: file, mediator: mediator?.kind, designs: Mediate.designs, graph: graph.value, format: format?.value,
                layout: layout?.value, outputPath: output, limits: limits.value(), diagnosticFormat: diagnostics.format)
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
