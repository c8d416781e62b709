import ArgumentParser
import MediateKit

/// The `mediate` command line: reads flags, calls MediateKit, maps results to exit codes.
@main
struct Mediate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios through real Swift implementations of the Mediator pattern.",
        discussion: """
            A scenario file declares participants and the messages they send. mediate runs it \
            through one of four designs (protocol-extension, wrapper, direct-delegate, and the \
            no-mediator mesh) and writes a deterministic transcript of every delivery.

            Examples:
              mediate run Scenarios/musketeers.scenario
              mediate run Scenarios/*.scenario --mediator all --output Output
              mediate validate Scenarios/chat.scenario

            Exit codes: 0 success, 1 an expectation failed, 2 a scenario has errors \
            (nothing runs), 3 a limit stopped a run or an output could not be written.
            """,
        subcommands: [Run.self, Validate.self]
    )
}

extension Mediate {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenario files and write their transcripts.",
            discussion: """
                Writes to standard output unless --output is given, in which case each run goes \
                to DIR/<file stem>/<kind>.transcript (.log, .jsonl for the other formats), \
                written atomically.

                Examples:
                  mediate run Scenarios/musketeers.scenario
                  mediate run Scenarios/chat.scenario --format log
                  mediate run Scenarios/musketeers.scenario --mediator mesh
                  mediate run Scenarios/*.scenario --mediator all --output Output
                """
        )

        @Argument(help: "Scenario files to run.")
        var files: [String]

        @Option(help: "The design to run under, or 'all' for every design (default: the scenario's own).")
        var mediator: MediatorChoiceArgument?

        @Option(help: "What to write.")
        var format: OutputFormatArgument = .transcript

        @Option(name: .customLong("output"), help: ArgumentHelp("Write files under this folder instead of standard output.", valueName: "DIR"))
        var outputFolder: String?

        @Option(help: "The deepest reaction chain allowed, in sends.")
        var maxDepth: Int = 64

        @Option(help: "The most deliveries a run may make.")
        var maxDeliveries: Int = 10_000_000

        func validate() throws {
            guard (1...10_000).contains(maxDepth) else {
                throw ValidationError("--max-depth must be between 1 and 10000.")
            }
            guard maxDeliveries >= 0 else {
                throw ValidationError("--max-deliveries cannot be negative.")
            }
        }

        func run() throws {
            let command = RunCommand(
                paths: files, mediator: mediator?.choice, format: format.format, outputFolder: outputFolder,
                limits: RunLimits(maxDepth: maxDepth, maxDeliveries: maxDeliveries))
            let code = command.execute(standardOutput: FileDescriptorOutput(descriptor: 1),
                                       standardError: FileDescriptorOutput(descriptor: 2))
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check scenario files without running them.",
            discussion: """
                Reports every error of every file (path, line, column, the line with a caret, and \
                help), or 'PATH: ok'. Exits 2 when any file has an error.

                Example:
                  mediate validate Scenarios/*.scenario
                """
        )

        @Argument(help: "Scenario files to check.")
        var files: [String]

        func run() throws {
            let code = ValidateCommand(paths: files).execute(
                standardOutput: FileDescriptorOutput(descriptor: 1),
                standardError: FileDescriptorOutput(descriptor: 2))
            if code != 0 { throw ExitCode(code) }
        }
    }
}

/// `--mediator`: a kind or `all`, listed in `--help`.
struct MediatorChoiceArgument: ExpressibleByArgument {
    var choice: MediatorChoice

    init?(argument: String) {
        guard let choice = MediatorChoice(argument: argument) else { return nil }
        self.choice = choice
    }

    static var allValueStrings: [String] { MediatorKind.allCases.map(\.rawValue) + ["all"] }
}

/// `--format`: transcript, log or jsonl.
struct OutputFormatArgument: ExpressibleByArgument {
    var format: OutputFormat

    init?(argument: String) {
        guard let format = OutputFormat(rawValue: argument) else { return nil }
        self.format = format
    }

    static let transcript = OutputFormatArgument(argument: "transcript")!
    static var allValueStrings: [String] { OutputFormat.allCases.map(\.rawValue) }
    var defaultValueDescription: String { format.rawValue }
}
