import ArgumentParser
import Foundation
import MediateKit
import MediateWatch

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
}
