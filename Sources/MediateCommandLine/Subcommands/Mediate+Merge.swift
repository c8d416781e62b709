import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
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
}
