import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Fmt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fmt",
            abstract: "Rewrite scenario files in the canonical layout, keeping their comments.",
            discussion: """
                One statement a line, single spaces, blank lines kept (one at most), blocks on one \
                line or one item a line indented 4 spaces; strings, numbers and comments stay as \
                written, so no transcript changes. Prints 'formatted PATH' for each file it \
                rewrites: atomically, or in place when it has hard links, keeping its owner, group \
                and mode. A file changed while it was formatted is left as it is (exit 3). With \
                --check, writes nothing, prints a unified diff for each file that is not formatted \
                and exits 1. Files with errors, pipes and devices are left as they are (exit 2).
                """
                    + HelpExamples.block(
                        "mediate fmt Scenarios/*.scenario",
                        "mediate fmt --check Scenarios")
        )

        @Argument(help: "Scenario files, or folders to search for them.", completion: .scenarios)
        var files: [String]

        @Flag(help: "Write nothing; show a diff and exit 1 when a file is not formatted.")
        var check = false

        @OptionGroup var diagnostics: DiagnosticOptions

        func run() throws {
            let command = FormatCommand(paths: files, check: check, diagnosticFormat: diagnostics.format)
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
