import ArgumentParser
import Foundation
import MediateDesigns
import MediateKit

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
        var record: ArgumentChoice<GoldenRecordMode> = ArgumentChoice(.never)

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
}
