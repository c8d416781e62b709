import ArgumentParser
import Foundation
import MediateKit
import MediateWatch

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
