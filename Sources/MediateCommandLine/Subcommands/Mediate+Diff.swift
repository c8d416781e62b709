import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show how two transcripts, or one scenario under two designs, differ.",
            discussion: """
                Prints a unified diff (--- first, +++ second, @@ hunks with three lines of context). \
                Exits 0 when equal, 1 when different, 2 when a file cannot be read or a scenario \
                has errors, 3 when a run of the scenario went past a limit. The limits apply to \
                a scenario's runs; two transcripts run nothing. Two operands that are scenarios \
                (named .scenario, or whose first statement parses) are refused as a usage error: \
                diff compares transcripts, so run each scenario first, or give one with --mediator \
                and --against.
                """
                    + HelpExamples.block(
                        "mediate diff Output/chat/wrapper.transcript Output/chat/mesh.transcript  # exits 1: they differ",
                        "mediate diff Scenarios/chat.scenario --mediator mesh --against wrapper  # exits 1")
        )

        @Argument(help: "Two transcripts, or one scenario with --mediator and --against.", completion: .file())
        var files: [String]

        @Option(help: "With one scenario: the design to show.")
        var mediator: MediatorKindArgument?

        @Option(help: "With one scenario: the design to compare against (the '---' side).")
        var against: MediatorKindArgument?

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var diagnostics: DiagnosticOptions

        func validate() throws {
            switch (files.count, mediator, against) {
            case (1, .some, .some): return
            case (2, nil, nil): break
            default:
                throw ValidationError("Give two transcripts, or one scenario with both --mediator and --against.")
            }
            let scenarios = DiffCommand.scenarioOperands(files)
            guard scenarios.isEmpty else {
                let named = scenarios.map { "'\($0.visible())'" }.joined(separator: " and ")
                throw ValidationError(
                    "\(named) \(scenarios.count == 1 ? "is a scenario" : "are scenarios"), and diff compares transcripts. "
                        + "Run each scenario and diff the transcripts (mediate run A.scenario > a.transcript), "
                        + "or compare one scenario under two designs: mediate diff FILE --mediator KIND --against KIND.")
            }
        }

        func run() throws {
            let subject: DiffCommand.Subject
            if let mediator, let against {
                subject = .kinds(scenario: files[0], mediator: mediator.kind, against: against.kind)
            } else {
                subject = .files(files[0], files[1])
            }
            let code = DiffCommand(subject: subject, designs: Mediate.designs, limits: limits.value(), diagnosticFormat: diagnostics.format)
                .executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
