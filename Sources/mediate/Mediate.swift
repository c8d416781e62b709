import ArgumentParser
import GraphvizRendering
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
              mediate render Scenarios/musketeers.scenario --graph compare -o compare.svg
              mediate compare Scenarios/musketeers.scenario

            Exit codes: 0 success, 1 an expectation failed, 2 a scenario has errors \
            (nothing runs), 3 a limit stopped a run, or Graphviz or an output failed.
            """,
        subcommands: [Run.self, Validate.self, Render.self, Compare.self]
    )
}

extension Mediate {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenario files and write their transcripts.",
            discussion: """
                Writes to standard output unless --output is given, in which case each run goes \
                to DIR/<file stem>/<kind>.transcript (.log, .jsonl for the other formats), \
                written atomically, with each kind's message and coupling diagrams \
                (<kind>.messages.dot/.svg, <kind>.coupling.dot/.svg) and, under \
                --mediator all, the comparison (compare.dot/.svg/.json).

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
        var format: ArgumentChoice<OutputFormat> = ArgumentChoice(.transcript)

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
                paths: files, mediator: mediator?.choice, format: format.value, outputFolder: outputFolder,
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

extension Mediate {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a scenario's message flow or coupling with Graphviz.",
            discussion: """
                messages: who sent what to whom, numbered as in the transcript (1, 1.1, 2 …). \
                coupling: every object of one design and its stored references (solid strong, \
                dashed weak, dotted unowned, red strong cycles, double border leaked). compare: \
                the four designs side by side with their metrics. Rendered in process by the \
                Graphviz library; --format dot writes the DOT source. Without -o, writes to \
                standard output; with -o, the format follows the file's extension unless given.

                Examples:
                  mediate render Scenarios/chat.scenario -o chat.svg
                  mediate render Scenarios/musketeers.scenario --graph coupling --mediator mesh -o mesh.png
                  mediate render Scenarios/musketeers.scenario --graph compare --format dot
                """
        )

        @Argument(help: "The scenario file.")
        var file: String

        @Option(help: "The design to draw (default: the scenario's own).")
        var mediator: MediatorKindArgument?

        @Option(help: "Which diagram.")
        var graph: ArgumentChoice<DiagramKind> = ArgumentChoice(.messages)

        @Option(help: "What to write (default: from -o's extension, else svg).")
        var format: ArgumentChoice<DiagramFormat>?

        @Option(help: "Graphviz's layout engine (default: dot; twopi for a coupling graph past 200 objects).")
        var layout: ArgumentChoice<GraphvizLayout>?

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE"))
        var output: String?

        func run() throws {
            let command = RenderCommand(path: file, mediator: mediator?.kind, graph: graph.value, format: format?.value,
                                        layout: layout?.value, outputPath: output)
            let code = command.execute(standardOutput: FileDescriptorOutput(descriptor: 1),
                                       standardError: FileDescriptorOutput(descriptor: 2))
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare the coupling and behaviour of the four designs on one scenario.",
            discussion: """
                Runs the scenario under every design and prints, for each, the references read \
                from its live objects (strong, weak, unowned, participant to participant), its \
                strong cycles, what leaked, each participant's fan-in, fan-out and instability, \
                and the first line where its transcript differs from the scenario's own design.

                Examples:
                  mediate compare Scenarios/musketeers.scenario
                  mediate compare Scenarios/musketeers.scenario --format json
                """
        )

        @Argument(help: "The scenario file.")
        var file: String

        @Option(help: "How to print the comparison.")
        var format: ArgumentChoice<CompareCommand.Format> = ArgumentChoice(.table)

        func run() throws {
            let code = CompareCommand(path: file, format: format.value).execute(
                standardOutput: FileDescriptorOutput(descriptor: 1),
                standardError: FileDescriptorOutput(descriptor: 2))
            if code != 0 { throw ExitCode(code) }
        }
    }
}

/// Any string enum as an option whose choices `--help` lists.
struct ArgumentChoice<Value: RawRepresentable & CaseIterable>: ExpressibleByArgument where Value.RawValue == String {
    var value: Value

    init(_ value: Value) { self.value = value }

    init?(argument: String) {
        guard let value = Value(rawValue: argument) else { return nil }
        self.value = value
    }

    static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }
    var defaultValueDescription: String { value.rawValue }
}

/// `--mediator` where `all` makes no sense.
struct MediatorKindArgument: ExpressibleByArgument {
    var kind: MediatorKind

    init?(argument: String) {
        guard let kind = MediatorKind(rawValue: argument) else { return nil }
        self.kind = kind
    }

    static var allValueStrings: [String] { MediatorKind.allCases.map(\.rawValue) }
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
