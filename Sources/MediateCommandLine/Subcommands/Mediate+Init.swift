import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented starter scenario.",
            discussion: """
                Writes NAME.scenario (never over an existing file): participants, reactions, sends, \
                a release and expectations, each explained in a comment, ready to run; then prints \
                the command that runs it, the path quoted for a shell when it needs to be.
                """
                    + HelpExamples.block(
                        "mediate init hello && mediate run hello.scenario --mediator all")
        )

        @Argument(help: "The scenario's name (the file is NAME.scenario).")
        var name: String

        func run() throws {
            let code = InitCommand(name: name).executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
