import ArgumentParser
import Foundation
import MediateDesigns
import MediateKit

extension Mediate {
    /// Parses the process's arguments and runs the command, as `ParsableCommand.main()` does, but
    /// writes help, the version and completion scripts through a checked output: when standard
    /// output cannot take them (`> /dev/full`, a closed pipe) the exit code is 3, not 0, so an
    /// install script never keeps an empty completion file.
    static func mainCheckingWrites() -> Never {
        do {
            var command = try parseAsRoot()
            if keepsDesignPrintsApart(command) { _ = DesignPrints.start() }
            try command.run()
            Foundation.exit(0)
        } catch {
            guard exitCode(for: error) == .success else { exit(withError: error) }
            // Help, the version, dump-help and completion scripts, examples' spaces restored.
            let message = HelpExamples.printable(fullMessage(for: error))
            let standardOutput = FileDescriptorOutput(descriptor: 1)
            if !message.isEmpty { standardOutput.write(message + "\n") }
            do { try standardOutput.flush() } catch {
                let reason = (error as? OutputError)?.description ?? "\(error)"
                FileHandle.standardError.write(Data("error: cannot write to standard output: \(reason)\n".utf8))
                Foundation.exit(3)
            }
            Foundation.exit(0)
        }
    }

    /// Whether `command` runs designs of a designs tool, whose `print` must not reach the
    /// transcripts and diagrams mediate writes to standard output (see `DesignPrints`). The
    /// reference designs print nothing, and `watch` passes its standard output to the processes
    /// it starts.
    private static func keepsDesignPrintsApart(_ command: any ParsableCommand) -> Bool {
        guard designs.kinds.count > DesignRegistry.reference.kinds.count else { return false }
        let running: [any ParsableCommand.Type] = [
            Run.self, Check.self, Diff.self, Render.self, Compare.self, Explore.self, Export.self, Report.self,
        ]
        return running.contains { $0 == type(of: command) }
    }
}
