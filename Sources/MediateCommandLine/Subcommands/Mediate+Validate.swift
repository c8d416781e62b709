import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check scenario files without running them.",
            discussion: """
                Reports every error of every file (path, line, column, the line with a caret, and \
                help), or 'PATH: ok'. Exits 2 when any file has an error.
                """
                    + HelpExamples.block(
                        "mediate validate Scenarios")
        )

        @Argument(help: "Scenario files, or folders to search for them.", completion: .scenarios)
        var files: [String]

        @OptionGroup var diagnostics: DiagnosticOptions

        func run() throws {
            let code = ValidateCommand(paths: files, designs: Mediate.designs, diagnosticFormat: diagnostics.format).executeOnTerminal(
                environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
