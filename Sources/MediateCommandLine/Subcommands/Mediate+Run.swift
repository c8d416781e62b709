import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run scenario files and write their transcripts.",
            discussion: """
                Writes to standard output unless --output is given, in which case each run goes \
                to DIR/<file stem>/<kind>.transcript (.log, .jsonl for the other formats), \
                written atomically, with each kind's message and coupling diagrams \
                (<kind>.messages.dot/.svg, <kind>.coupling.dot/.svg) and, under \
                --mediator all, the comparison (compare.dot/.svg/.json). A diagram too large to \
                lay out is written as DOT only, with a warning. Into a folder, each design whose \
                expectations failed gets a line on standard error. On standard output, --format \
                log with several designs writes '==> mediator KIND <==' before each log. A folder \
                stands for the .scenario files under it.
                """
                    + HelpExamples.block(
                        "mediate run Scenarios/musketeers.scenario",
                        "mediate run Scenarios/chat.scenario --format log",
                        "mediate run Scenarios/musketeers.scenario --mediator mesh",
                        "mediate run Scenarios/smart-home.scenario --mediator actor --schedule random:8812",
                        "mediate run Scenarios --mediator all --output Output")
        )

        @Argument(help: "Scenario files, or folders to search for them.", completion: .scenarios)
        var files: [String]

        @Option(help: "The design to run under, or 'all' for every design (default: the scenario's own).")
        var mediator: MediatorChoiceArgument?

        @Option(help: "What to write.")
        var format: ArgumentChoice<OutputFormat> = ArgumentChoice(.transcript)

        @Option(
            name: .customLong("output"),
            help: ArgumentHelp("Write files under this folder (made if missing) instead of standard output.", valueName: "DIR"),
            completion: .directory)
        var outputFolder: String?

        @Flag(help: "Write into --output even when it is a symbolic link, where the link leads (refused otherwise).")
        var followOutputLink = false

        @OptionGroup var schedule: ScheduleOption

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var output: RunOutputOption

        @OptionGroup var diagnostics: DiagnosticOptions

        func run() throws {
            var command = RunCommand(
                paths: files, mediator: mediator?.choice, designs: Mediate.designs, format: format.value, outputFolder: outputFolder,
                limits: limits.value(maxOutputBytes: output.bytes), diagnosticFormat: diagnostics.format)
            command.followOutputLink = followOutputLink
            command.schedule = schedule.policy
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
