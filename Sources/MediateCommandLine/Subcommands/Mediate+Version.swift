import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    struct Version: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "version",
            abstract: "Print the version, how the binary was built and what it needs at run time.",
            discussion: """
                The version, whether the Swift runtime is linked statically (as make install \
                builds it) or needed as shared libraries, the shared libraries the binary names \
                (readelf -d lists them too), and Graphviz's version and plugin folder. \
                mediate --version prints the bare version, for scripts.
                """
                    + HelpExamples.block("mediate version")
        )

        func run() throws {
            let code = VersionCommand().executeOnTerminal(environment: ProcessInfo.processInfo.environment)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
