import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a run as a Mermaid or PlantUML sequence diagram.",
            discussion: """
                Participants are lifelines, with the mediator when it took part; a message the \
                design carried through its mediator goes from the sender by way of the mediator, any other \
                straight; every delivery is an arrow numbered as in the transcript (1, 1.1, 2 …). \
                A participant joining after the first step is created there, one deallocated is \
                destroyed; errors (naming their send), releases, expectations (a failed one in \
                red) and leaks are notes. GitHub renders the Mermaid form inside a ```mermaid \
                block of a Markdown file.
                """
                    + HelpExamples.block(
                        "mediate export Scenarios/chat.scenario --format mermaid",
                        "mediate export Scenarios/musketeers.scenario --mediator mesh --format plantuml > mesh.puml")
        )

        @Argument(help: "The scenario file.", completion: .scenarios)
        var file: String

        @Option(help: "The design to run under (default: the scenario's own).")
        var mediator: MediatorKindArgument?

        @Option(help: "The diagram language.")
        var format: ArgumentChoice<SequenceDiagramWriter.Dialect>

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var diagnostics: DiagnosticOptions

        func run() throws {
            let code = ExportCommand(
                path: file, mediator: mediator?.kind, designs: Mediate.designs, dialect: format.value, limits: limits.value(),
                diagnosticFormat: diagnostics.format
            ).executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
