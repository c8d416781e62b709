import ArgumentParser
import MediateDesigns
import MediateKit
import MediateWatch

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
