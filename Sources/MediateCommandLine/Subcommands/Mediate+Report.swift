import ArgumentParser
import Foundation
import MediateDesigns
import MediateKit

extension Mediate {
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write one self-contained HTML page about every scenario.",
            discussion: """
                An index of the scenarios, then for each: the compare diagram, the coupling metrics, \
                the expectations' results under every design, and a player that steps through the \
                designs' transcripts side by side, long lines wrapped, each design's title saying \
                which design it differs from where it does, with each design's message diagram and \
                sequence view lit up at the current step; a search box finds a line anywhere in the \
                transcripts, and each diagram zooms and pans. Its keys, for the player under the \
                pointer or holding the focus (or the page's only player): Left and Right arrows \
                step back and forward, Space plays and pauses, Home and End go to the start and \
                the end, D to the next step where the designs differ, / to the search box; on a \
                diagram, + and - zoom, 0 fits, Enter widens it. A step has its own address \
                (#scenario-STEM&step=N). One file, \
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
