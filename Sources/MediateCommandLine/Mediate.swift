import ArgumentParser
import Foundation
import GraphvizRendering
import MediateDesigns
import MediateKit

/// The `mediate` command line, for the `mediate` tool and for a package's own designs tool.
public enum MediateCommandLine {
    /// Runs the command line on the process's arguments with the four reference designs and
    /// `designs` (your own), then exits with the command's exit code. Two designs under one name,
    /// or a name a scenario cannot write, end it at once with exit 2 and a message naming both.
    /// SIGINT and SIGTERM remove what the command had not finished writing (see `InterruptCleanup`).
    ///
    /// `reportServer` is what `watch --serve` serves the report page with; without one (a
    /// package's designs tool, or the `mediate` tool built without the `Serve` trait), `watch`
    /// works but `watch --serve` exits 64 and says to use the `mediate` tool, whose `main.swift`
    /// passes the HTTP server in.
    ///
    /// A package's designs tool is a `main.swift` of one line:
    /// `MediateCommandLine.main(designs: [ChatRoomDesign.self])`.
    public static func main(designs: [any Design.Type] = [], reportServer: (any WatchReportServer.Type)? = nil) -> Never {
        InterruptCleanup.installSignalHandlers()
        let registry: DesignRegistry
        do {
            registry = try DesignRegistry.reference(adding: designs)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\nhelp: give each design a name of its own\n".utf8))
            exit(2)
        }
        Mediate.reportServer = reportServer
        // A designs tool runs as `swift package mediate`: there is no `mediate` command in its package.
        if !designs.isEmpty { CommandName.use("swift package mediate") }
        Mediate.$designs.withValue(registry) { Mediate.mainCheckingWrites() }
    }
}

/// What `mediate watch --serve` needs of an HTTP server: serve the report page on an address,
/// and make every open copy reload when a new version is published.
///
/// The command line knows no HTTP server of its own, so that a package's designs tool does not
/// build one; the `mediate` tool passes its server (`ReportServer`, in the `MediateServe` target)
/// to ``MediateCommandLine/main(designs:reportServer:)``.
public protocol WatchReportServer: AnyObject, Sendable {
    /// Starts serving on `host` (a loopback address unless `--allow-remote` was given) and `port`
    /// (0: any free port); returns once the server listens, or throws why it cannot.
    static func start(host: String, port: Int) throws -> Self
    /// The address the page is read at, such as `http://127.0.0.1:8347/`.
    var url: String { get }
    /// Serves `page` (a report page, as `mediate report` writes it) from now on, and tells every
    /// open copy to reload.
    func publish(_ page: String)
}

/// The `mediate` command line: reads flags, calls MediateKit, maps results to exit codes.
struct Mediate: ParsableCommand {
    /// The designs this process knows: the reference designs and any the package registered.
    @TaskLocal static var designs = DesignRegistry.reference
    /// What `watch --serve` serves with: set once by ``MediateCommandLine/main(designs:reportServer:)``
    /// before any command runs, nil in a designs tool built without one.
    nonisolated(unsafe) static var reportServer: (any WatchReportServer.Type)?

    // Every command names itself: otherwise ArgumentParser derives each name from the type by
    // reflection, about 5 ms of every run's start.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mediate",
            abstract: "Run scenarios through real Swift implementations of the Mediator pattern.",
            discussion: """
                A scenario file declares participants and the messages they send. mediate runs it \
                through one of \(designCount) designs (protocol-extension, wrapper, direct-delegate, \
                \(designsAfterTheReference)) and writes a deterministic transcript of every delivery.

                Exit codes: 0 success, 1 an expectation failed (run) or a golden differs \
                (check, diff), 2 a scenario has errors (nothing runs), 3 a limit stopped a run, or \
                Graphviz or an output failed, 64 a usage error (a flag, a value or an operand).
                """
                    + HelpExamples.block(
                        "mediate run Scenarios/musketeers.scenario",
                        "mediate run Scenarios/*.scenario --mediator all --output Output",
                        "mediate validate Scenarios/chat.scenario",
                        "mediate check Scenarios --output Output --junit report.xml",
                        "mediate diff Scenarios/chat.scenario --mediator mesh --against wrapper  # exits 1: they differ",
                        "mediate render Scenarios/musketeers.scenario --graph compare -o compare.svg",
                        "mediate compare Scenarios/musketeers.scenario",
                        "mediate fmt --check Scenarios"),
            version: mediateVersion,
            subcommands: [
                Run.self, Validate.self, Check.self, Merge.self, Diff.self, Render.self, Compare.self, Explore.self, Export.self,
                Report.self,
                Fmt.self, Init.self, Watch.self, Lsp.self, Version.self, WatchChangeCommand.self,
            ]
        )
    }

    /// How many designs are registered, in words (`four`, `five` …), for help texts.
    static var designCount: String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return designs.kinds.count < words.count ? words[designs.kinds.count] : String(designs.kinds.count)
    }

    /// What the root help lists after the first three reference designs: the no-mediator mesh,
    /// the reference designs after it, and the designs a designs tool registered.
    static var designsAfterTheReference: String {
        let rest = designs.kinds.dropFirst(3).map { $0 == .mesh ? "the no-mediator mesh" : $0.rawValue }
        guard let last = rest.last else { return "" }
        return rest.count == 1 ? "and " + last : rest.dropLast().joined(separator: ", ") + ", and " + last
    }
}

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
                    mediate itself, SVG only. Without -o, writes to standard output, but never an image \
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
        var layout: ArgumentChoice<GraphvizLayout>?

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

extension Mediate {
    struct Check: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "check",
                abstract: "Run every scenario under every design and compare with the committed goldens.",
                discussion: """
                    Finds every .scenario under the paths, runs each under all \(designCount) designs (or the one --mediator names) \
                    \(designs.kinds.count > DesignRegistry.reference.kinds.count ? "one at a time" : "in parallel"), and compares its transcript and DOT diagrams with DIR/<stem>/. Each \
                    mismatch prints the file and a unified diff; the last line counts the cases \
                    (scenario × design) that passed and failed. An expectation whose line says FAILED \
                    fails its case even when the goldens match (write 'expect … fails [under KIND, …]' \
                    for a failure that is intended): it prints FAIL with the expectation, and an error \
                    at its line on standard error. Exits 0 when everything matches, 1 on a mismatch, \
                    a failed expectation, a missing golden or an orphaned golden (its scenario is \
                    gone), 2 on an invalid scenario. Missing goldens are listed one a line, with one \
                    command that records them. Given no path, it checks the folder Scenarios, and \
                    says so when there is none. --record writes goldens (missing: only absent ones; failed: \
                    absent or differing ones; all: every one) and is refused when the environment \
                    variable CI is set (to anything but empty, 0 or false). The output is the same \
                    whatever --jobs is. With --diagnostics-format github, each golden that differs or \
                    is missing is also an annotation on its scenario file. --shard K/N checks the K-th of \
                    N parts of the scenario files (the files at positions K, K+N, K+2N … in sorted \
                    order), so N CI jobs cover them all without overlap; the first part also reports \
                    orphaned goldens, and 'mediate merge' joins the parts' JUnit reports.
                    """
                        + HelpExamples.block(
                            "mediate check",
                            "mediate check Scenarios --output Output --junit report.xml --diagnostics-format github",
                            "mediate check Scenarios/chat.scenario --record missing",
                            "mediate check Scenarios --shard 2/3 --junit shard-2.xml")
            )
        }

        @Argument(help: "Scenario files or folders (default: Scenarios).", completion: .scenarios)
        var paths: [String] = []

        @Option(
            name: .customLong("output"), help: ArgumentHelp("The goldens' folder (--record makes it if missing).", valueName: "DIR"),
            completion: .directory)
        var outputFolder: String = "Output"

        @Flag(help: "Record into --output even when it is a symbolic link, where the link leads (refused otherwise).")
        var followOutputLink = false

        @Option(help: "The design to check under, or 'all' for every design (default: all).")
        var mediator: MediatorChoiceArgument?

        @Option(help: "When to write goldens.")
        var record: ArgumentChoice<CheckCommand.RecordMode> = ArgumentChoice(.never)

        @Option(
            help: ArgumentHelp("Also write a JUnit XML report to this file ('-': standard output).", valueName: "FILE"),
            completion: .file())
        var junit: String?

        // Optional, so that help says "the number of cores" and not this machine's number.
        @Option(help: "How many runs at once (default: the number of cores).")
        var jobs: Int?

        @Option(help: ArgumentHelp("Check only part K of N of the scenario files (see above).", valueName: "K/N"))
        var shard: ShardArgument?

        @OptionGroup var schedule: ScheduleOption

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var output: RunOutputOption

        @OptionGroup var diagnostics: DiagnosticOptions

        func validate() throws {
            guard jobs ?? 1 >= 1 else { throw ValidationError("--jobs must be at least 1.") }
            guard record.value == .never || schedule.policy == .fixed else {
                throw ValidationError(
                    "--record writes goldens in the fixed schedule only; leave out --schedule \(schedule.policy) to record.")
            }
        }

        func run() throws {
            var command = CheckCommand(
                paths: paths, outputFolder: outputFolder, designs: Mediate.designs, record: record.value, junitPath: junit,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, limits: limits.value(maxOutputBytes: output.bytes),
                diagnosticFormat: diagnostics.format)
            command.followOutputLink = followOutputLink
            command.mediator = mediator?.choice
            command.schedule = schedule.policy
            command.shard = shard?.shard
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join the results of 'check --shard K/N' or 'explore --shard K/N' into one result and one verdict.",
            discussion: """
                Reads the JUnit report of every shard of one check (each written by 'check --shard K/N \
                --junit FILE', the same N, every K once) and writes the report one check of all the \
                scenarios writes: the same cases, in the same order, with the verdict N passed, N \
                failed. Or reads the JSON result of every shard of one exploration (each written by \
                'explore --shard K/N --format json' with the same file and options) and writes the \
                JSON one unsharded explore writes, byte for byte, with its verdict; nothing runs \
                again. Exits 0 when every case passed, or every expectation held under every \
                schedule; 1 when one did not (a limit that stopped a run counts so); 2 when an \
                input cannot be read, is not mediate's, JUnit reports and explore results are \
                mixed, or a shard is missing, given twice or of another run (no verdict without \
                every shard); 3 when the merged result cannot be written.
                """
                    + HelpExamples.block(
                        "mediate check --shard 1/2 --junit 1.xml && mediate check --shard 2/2 --junit 2.xml && mediate merge 1.xml 2.xml -o all.xml",
                        "mediate explore Scenarios/last-lamp.scenario --mediator actor --shard 1/2 --format json > 1.json && "
                            + "mediate explore Scenarios/last-lamp.scenario --mediator actor --shard 2/2 --format json > 2.json && "
                            + "mediate merge 1.json 2.json -o explore.json"
                    )
        )

        @Argument(
            help: "The shards' JUnit reports or explore JSON results, or folders of them (every .xml and .json file in each).",
            completion: .file())
        var reports: [String]

        @Option(
            name: [.short, .customLong("output")],
            help: ArgumentHelp("Where to write the merged report or result ('-': standard output).", valueName: "FILE"),
            completion: .file())
        var output = "-"

        func validate() throws {
            guard !reports.isEmpty else { throw ValidationError("Give the JUnit report, or the explore JSON result, of every shard.") }
        }

        func run() throws {
            let code = MergeCommand(paths: reports, outputPath: output)
                .executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }

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

extension Mediate {
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write one self-contained HTML page about every scenario.",
            discussion: """
                An index of the scenarios, then for each: the compare diagram, the coupling metrics, \
                the expectations' results under every design, and a player that steps through the \
                designs' transcripts side by side, the lines that differ from the scenario's own \
                design marked, with each design's message diagram and sequence view lit up at the \
                current step. Its keys, for the player last used or focused: Left and Right arrows \
                step back and forward, Space plays and pauses, Home and End go to the start and \
                the end, D to the next step where the designs differ; Enter on a diagram (or a \
                click) widens it. A step has its own address (#scenario-STEM&step=N). One file, \
                its SVG, CSS and script inline: no network needed. A scenario with a together \
                block gets, under each design whose runs go through the scheduler (such as \
                actor and async-stream), an Outcomes part: --schedules schedules, as mediate \
                explore runs them, and a player with one lane per distinct transcript (the first \(ReportCommand.outcomeLanes)), \
                each titled with its hash, how many schedules gave it, and the mediate run command \
                that replays the first, marked when its expectations fail. A file with errors gets a \
                section showing them, the others are drawn, and the command exits 2. Given no \
                path, it reports the folder Scenarios, and says so when there is none. Without \
                -o, the page goes to standard output, but not to a terminal: give -o FILE, or pipe it.
                """
                    + HelpExamples.block(
                        "mediate report -o report.html",
                        "mediate report Scenarios/chat.scenario Scenarios/musketeers.scenario -o two.html",
                        "mediate report Scenarios/last-lamp.scenario --schedules 1000 -o lamp.html")
        )

        @Argument(help: "Scenario files or folders (default: Scenarios).", completion: .scenarios)
        var paths: [String] = []

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write the page to this file ('-': standard output, the default).", valueName: "FILE"),
            completion: .file())
        var output: String?

        @Option(
            help: ArgumentHelp(
                "The most bytes of transcripts the page may show, all together (K, M, G: binary multiples).",
                valueName: "SIZE"))
        var maxOutput = ByteCountArgument.default

        @Option(
            help: ArgumentHelp(
                "How many schedules to explore a scenario with a together block under, for its Outcomes (0: none).",
                valueName: "N"))
        var schedules = ReportCommand(designs: .reference).schedules

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var diagnostics: DiagnosticOptions

        func validate() throws {
            guard schedules >= 0 else { throw ValidationError("--schedules must be 0 or more.") }
        }

        func run() throws {
            var command = ReportCommand(
                paths: paths, outputPath: output, designs: Mediate.designs,
                limits: limits.value(maxOutputBytes: maxOutput.value.bytes), diagnosticFormat: diagnostics.format)
            command.schedules = schedules
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}

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

extension Mediate {
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Run scenarios again each time they are saved; serve their report page with --serve.",
            discussion: """
                Waits on the file system's change events for the files, or the .scenario files \
                under the folders, and on each save runs the scenario as 'run' does: its \
                transcript on standard output, or with --output its files under DIR, written \
                atomically. --check also compares it with the goldens in --goldens DIR, as \
                'check' does. One status line per changed file. A file with errors, deleted or \
                renamed is reported and watched until it comes back. With --serve, the report \
                page of every watched file ('report') is served on 127.0.0.1 and reloads itself \
                on change; another --host needs --allow-remote. SIGINT or SIGTERM stops it: the \
                server shuts down and the process ends by the signal (exit 130 or 143).
                """
                    + HelpExamples.block(
                        "mediate watch Scenarios/chat.scenario  # runs until Ctrl-C",
                        "mediate watch Scenarios --check --goldens Output  # runs until Ctrl-C",
                        "mediate watch Scenarios/chat.scenario --serve --port 0  # runs until Ctrl-C")
        )

        /// The port `--serve` listens on unless told otherwise.
        static let defaultPort = 8347

        @Argument(help: "Scenario files, or folders to watch for them.", completion: .scenarios)
        var paths: [String]

        @Option(help: "The design to run under, or 'all' for every design (default: the scenario's own).")
        var mediator: MediatorChoiceArgument?

        @Option(
            name: .customLong("output"),
            help: ArgumentHelp("Write each run's files under this folder, as 'run --output' does.", valueName: "DIR"),
            completion: .directory)
        var outputFolder: String?

        @Flag(help: "Also compare each changed scenario with its goldens, as 'check' does.")
        var check = false

        @Option(
            name: .customLong("goldens"), help: ArgumentHelp("The goldens' folder for --check.", valueName: "DIR"),
            completion: .directory)
        var goldensFolder: String?

        @Flag(help: "Serve the report page, reloaded on every change.")
        var serve = false

        @Option(help: "The address --serve listens on: loopback unless --allow-remote is given.")
        var host = "127.0.0.1"

        @Option(help: "The port --serve listens on (0: any free port). (default: \(Self.defaultPort))")
        var port: Int?

        @Flag(help: "Let --host be an address other machines can reach: they can then read the scenarios.")
        var allowRemote = false

        @Option(help: ArgumentHelp("The longest a change may run, in seconds; then its run is stopped.", valueName: "SECONDS"))
        var timeout: Double = WatchCommand.defaultTimeout

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var output: RunOutputOption

        @OptionGroup var diagnostics: DiagnosticOptions

        func validate() throws {
            guard timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout must be more than 0 and at most 86400 seconds.") }
            if goldensFolder != nil, !check { throw ValidationError("--goldens is for --check: add --check.") }
            if check, let outputFolder {
                func absolute(_ path: String) -> String {
                    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
                }
                if absolute(goldensFolder ?? "Output") == absolute(outputFolder) {
                    throw ValidationError(
                        "--output and --goldens name the same folder: every check would pass against the files just written.")
                }
            }
            if !serve, port != nil || host != "127.0.0.1" || allowRemote {
                throw ValidationError("--host, --port and --allow-remote are for --serve: add --serve.")
            }
            if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
            if serve, Mediate.reportServer == nil {
                throw ValidationError(
                    "this build of mediate has no report server (a package's designs tool leaves it out, and so "
                        + "does a mediate built without the Serve trait, as a package that depends on mediate with "
                        + "`traits: []` builds it): watch without --serve, or run `mediate watch --serve` from the "
                        + "mediate package itself, with its default traits (it knows the reference designs only).")
            }
            if serve, !allowRemote, !isLoopbackAddress(host) {
                throw ValidationError(
                    "--host \(host) is not a loopback address: anyone who can reach it could read the scenarios. "
                        + "Add --allow-remote to serve there anyway.")
            }
        }

        func run() throws {
            let stop = WatchStop()
            stop.stopOnSignals()
            var server: (any WatchReportServer)?
            if serve, let serverType = Mediate.reportServer {
                let port = port ?? Self.defaultPort
                do {
                    server = try serverType.start(host: host, port: port)
                } catch {
                    FileHandle.standardError.write(
                        Data(
                            ("error: cannot serve on \(host) port \(port): \(error)\n"
                                + "help: another program may be using the port: give another with --port N, or --port 0 for any free one\n")
                                .utf8))
                    throw ExitCode(3)
                }
                FileHandle.standardOutput.write(Data("Serving the report page at \(server!.url) (Ctrl-C stops)\n".utf8))
            }
            var publish: (@Sendable (String) -> Void)?
            if let server { publish = { page in server.publish(page) } }
            var command = WatchCommand(
                paths: paths, mediator: mediator?.choice, designs: Mediate.designs, outputFolder: outputFolder,
                goldensFolder: check ? (goldensFolder ?? "Output") : nil, limits: limits.value(maxOutputBytes: output.bytes),
                diagnosticFormat: diagnostics.format, stop: stop, publishReport: publish)
            command.timeout = .milliseconds(Int64((timeout * 1_000).rounded(.up)))
            // Each change runs in a new process of this executable (see `WatchChange`).
            command.changeExecutable = Bundle.main.executablePath
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            // The server is not shut down: the process ends now, and that closes every connection.
            // Closing the listener first raced with connections it had just accepted, which
            // SwiftNIO traps on (seen on 1 stop in about 50 after a flood of connections).
            // Stopped by SIGINT or SIGTERM: ends by it (130, 143), as every command does.
            stop.endBySignal()
            if code != 0 { throw ExitCode(code) }
        }
    }
}

extension Mediate {
    /// Runs one change of a watch, sent by `watch` as JSON on standard input; hidden from help.
    struct WatchChangeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch-change",
            abstract: "Internal: runs one change for 'mediate watch', which starts it; not for use by hand.",
            shouldDisplay: false
        )

        func run() throws {
            let code = WatchCommand.performChangeFromStandardInput(designs: Mediate.designs)
            if code != 0 { throw ExitCode(code) }
        }
    }

    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Serve editors as a language server (LSP) over standard input and output.",
            discussion: """
                Speaks JSON-RPC 2.0 with Content-Length framing (LSP 3.17) on standard input and \
                output; an editor starts it. Diagnostics as validate reports them, completion, \
                hover, go to definition, references, formatting as fmt lays out, and document \
                symbols, on the text the editor sends (the file on disk is never read). Logs go to \
                standard error. Exits 0 after the client's shutdown and exit, 1 when the client \
                exits or closes the input without shutdown; SIGINT and SIGTERM end it by the signal.
                """
                    + HelpExamples.block(
                        "mediate lsp  # exits 1 at once when no editor is on its standard input")
        )

        func run() throws {
            var server = LanguageServer(designs: Mediate.designs) { line in
                FileHandle.standardError.write(Data("mediate lsp: \(line)\n".utf8))
            }
            let code = server.serve()
            if code != 0 { throw ExitCode(code) }
        }
    }
}

/// `--max-depth`, `--max-deliveries` and `--max-reactions`, shared by every command that runs
/// scenarios (`diff` runs one only when given a scenario and two designs).
/// `--schedule`: the order an asynchronous design's jobs run in.
struct ScheduleOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The order an asynchronous design's jobs run in: fixed, random:SEED, pct:SEED:DEPTH:STEPS, or replay:CHOICES "
                + "(choices joined by '.'). "
                + "A synchronous design runs the same under any.",
            valueName: "SCHEDULE"))
    var schedule = ScheduleArgument(policy: .fixed)

    var policy: SchedulePolicy { schedule.policy }
}

/// A ``Shard`` as written on the command line, `K/N`; another string is a usage error (exit 64).
struct ShardArgument: ExpressibleByArgument {
    var shard: Shard

    init?(argument: String) {
        guard let shard = Shard(argument) else { return nil }
        self.shard = shard
    }
}

/// A ``SchedulePolicy`` as written on the command line; another string is a usage error (exit 64).
struct ScheduleArgument: ExpressibleByArgument {
    var policy: SchedulePolicy

    init(policy: SchedulePolicy) { self.policy = policy }

    init?(argument: String) {
        guard let policy = SchedulePolicy(argument) else { return nil }
        self.policy = policy
    }

    var defaultValueDescription: String { policy.description }
}

struct RunLimitOptions: ParsableArguments {
    @Option(help: "The deepest reaction chain allowed, in sends.")
    var maxDepth: Int = 64

    @Option(help: "The most deliveries a run may make.")
    var maxDeliveries: Int = 10_000_000

    @Option(help: "The most reactions a run may test against its messages (each reaction on the message's name or any, guard or not).")
    var maxReactions: Int = RunLimits().maxReactions

    func validate() throws {
        guard (1...10_000).contains(maxDepth) else { throw ValidationError("--max-depth must be between 1 and 10000.") }
        guard maxDeliveries >= 0 else { throw ValidationError("--max-deliveries cannot be negative.") }
        guard maxReactions >= 0 else { throw ValidationError("--max-reactions cannot be negative.") }
    }

    /// The limits as the run takes them, with `maxOutputBytes` (the default's unless given).
    func value(maxOutputBytes: Int = RunLimits().maxOutputBytes) -> RunLimits {
        RunLimits(maxDepth: maxDepth, maxDeliveries: maxDeliveries, maxOutputBytes: maxOutputBytes, maxReactions: maxReactions)
    }
}

/// `--max-output` as the most bytes each run may write, shared by `run`, `check` and `watch`
/// (`report`'s counts the page's transcripts together).
struct RunOutputOption: ParsableArguments {
    @Option(help: ArgumentHelp("The most bytes each run may write (K, M, G: binary multiples).", valueName: "SIZE"))
    var maxOutput = ByteCountArgument.default

    /// The limit in bytes.
    var bytes: Int { maxOutput.value.bytes }
}

/// `--diagnostics-format`, shared by every command that reports diagnostics.
struct DiagnosticOptions: ParsableArguments {
    @Option(
        name: .customLong("diagnostics-format"),
        help: "How to write errors: text (for people), json (one object per line), github (annotations).")
    var choice: ArgumentChoice<DiagnosticFormat> = ArgumentChoice(.text)

    var format: DiagnosticFormat { choice.value }
}

/// A size such as `64M` (see `ByteCount`), shown in `--help` as it was written.
struct ByteCountArgument: ExpressibleByArgument {
    var value: ByteCount
    var written: String

    /// What a run may write unless told otherwise: `RunLimits`' default.
    static let `default` = ByteCountArgument(value: ByteCount(RunLimits().maxOutputBytes), written: "64M")

    init(value: ByteCount, written: String) {
        self.value = value
        self.written = written
    }

    init?(argument: String) {
        guard let value = ByteCount(parsing: argument) else { return nil }
        self.init(value: value, written: argument)
    }

    var defaultValueDescription: String { written }
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
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { value.rawValue }
}

/// `--mediator` where `all` makes no sense: a registered design's name. Another is a usage error
/// (exit 64) that lists the designs, as ArgumentParser reports a value it cannot parse.
struct MediatorKindArgument: ExpressibleByArgument {
    var kind: MediatorKind

    init?(argument: String) {
        kind = MediatorKind(argument)
        guard Mediate.designs.design(kind) != nil else { return nil }
    }

    static var allValueStrings: [String] { Mediate.designs.kinds.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--mediator`: a design's name or `all`, listed in `--help`; another is a usage error (exit 64)
/// that lists them.
struct MediatorChoiceArgument: ExpressibleByArgument {
    var choice: MediatorChoice

    init?(argument: String) {
        choice = MediatorChoice(argument: argument)
        if case .kind(let kind) = choice, Mediate.designs.design(kind) == nil { return nil }
    }

    static var allValueStrings: [String] { Mediate.designs.kinds.map(\.rawValue) + ["all"] }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

extension CompletionKind {
    /// `.scenario` files, and folders to look in.
    static let scenarios = CompletionKind.file(extensions: ["scenario"])
}
