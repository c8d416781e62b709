import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Compare: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "compare",
                abstract: "Compare the coupling and behaviour of the \(designCount) designs on one scenario.",
                discussion: """
                    Runs the scenario under every design and prints, for each, the references read \
                    from its live objects (strong, weak, unowned, participant to participant), its \
                    strong cycles, what leaked, each participant's fan-in, fan-out and strong fan-out \
                    (what it keeps alive), and the first line where its transcript differs from the \
                    scenario's own design.
                    """
                        + HelpExamples.block(
                            "mediate compare Scenarios/musketeers.scenario",
                            "mediate compare Scenarios/musketeers.scenario --format json")
            )
        }

        @Argument(help: "The scenario file.", completion: .scenarios)
        var file: String

        @Option(help: "How to print the comparison.")
        var format: ArgumentChoice<CompareCommand.Format> = ArgumentChoice(.table)

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var diagnostics: DiagnosticOptions

        func run() throws {
            let code = CompareCommand(
                path: file, designs: Mediate.designs, format: format.value, limits: limits.value(), diagnosticFormat: diagnostics.format
            )
            .executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
