import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Explore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "explore",
            abstract: "Run a scenario under many schedules of an asynchronous design and report what breaks.",
            discussion: """
                Runs the scenario under --schedules schedules of the design: fixed (the order run \
                uses) first, then random:SEED, or pct:SEED:DEPTH:STEPS with --strategy pct, for \
                SEED from --seed on. Prints each distinct transcript (kept by its FNV-1a hash, with \
                how many schedules gave it and the first that did) and, for each expectation that \
                failed under some schedule, its line, how many schedules broke it, the smallest \
                schedule found that breaks it (shrunk to fewer preemptions) as a mediate run \
                command that replays it byte for byte, and the first transcript line where it \
                differs from a passing schedule. Exits 0 when every expectation holds under every \
                schedule tried, 1 when one fails under some schedule. With --shard K/N it runs only \
                every Nth schedule from the Kth (fixed is the first), for N CI jobs; 'mediate merge' \
                joins their --format json results into the result of one run of them all.
                """
                    + HelpExamples.block(
                        "mediate explore Scenarios/smart-home.scenario --mediator actor",
                        "mediate explore Scenarios/smart-home.scenario --mediator actor --strategy pct --depth 2 --schedules 200",
                        "mediate explore Scenarios/smart-home.scenario --mediator actor --seed 8812 --format json",
                        "mediate explore Scenarios/smart-home.scenario --mediator actor --shard 2/4 --format json > shard-2.json")
        )

        /// `--strategy`: how the schedules after the first are drawn.
        enum Strategy: String, CaseIterable {
            case random
            case pct
        }

        @Argument(help: "The scenario file.", completion: .scenarios)
        var file: String

        @Option(help: "The design to run under (default: the scenario's own).")
        var mediator: MediatorKindArgument?

        @Option(help: "How many schedules to run, the first fixed.")
        var schedules = 1_000

        @Option(help: "How the schedules after the first are drawn: random, or pct (probabilistic concurrency testing).")
        var strategy: ArgumentChoice<Strategy> = ArgumentChoice(.random)

        @Option(help: "With --strategy pct, the bug depth: how many orderings must line up, 1 to 1000 (default: 3).")
        var depth: Int?

        @Option(help: "The seed of the second schedule; each next one takes the next number.")
        var seed: UInt64 = 0

        @Option(
            help: ArgumentHelp(
                "Run part K of N of the schedules, for N CI jobs whose --format json results 'mediate merge' joins.",
                valueName: "K/N"))
        var shard: ShardArgument?

        @Option(help: "How to print the exploration.")
        var format: ArgumentChoice<ExploreCommand.Format> = ArgumentChoice(.text)

        @OptionGroup var limits: RunLimitOptions

        @OptionGroup var diagnostics: DiagnosticOptions

        func validate() throws {
            guard schedules >= 1 else { throw ValidationError("--schedules must be at least 1.") }
            if let depth {
                guard strategy.value == .pct else { throw ValidationError("--depth goes with --strategy pct.") }
                guard SchedulePolicy.pctDepths.contains(depth) else { throw ValidationError("--depth must be between 1 and 1000.") }
            }
        }

        func run() throws {
            var command = ExploreCommand(
                path: file, mediator: mediator?.kind, designs: Mediate.designs, limits: limits.value(),
                diagnosticFormat: diagnostics.format)
            command.schedules = schedules
            command.strategy = strategy.value == .pct ? .pct(depth: depth ?? 3) : .random
            command.seed = seed
            command.shard = shard?.shard
            command.format = format.value
            let code = command.executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
