import ArgumentParser
import Foundation
import MediateKit

extension Mediate {
    /// Parses the process's arguments and runs the command, as `ParsableCommand.main()` does, but
    /// writes help, the version and completion scripts through a checked output: when standard
    /// output cannot take them (`> /dev/full`, a closed pipe) the exit code is 3, not 0, so an
    /// install script never keeps an empty completion file.
    static func mainCheckingWrites() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(0)
        } catch {
            guard exitCode(for: error) == .success else { exit(withError: error) }
            // Help, the version, dump-help and completion scripts, examples' spaces restored.
            let message = HelpExamples.printable(fullMessage(for: error))
            signal(SIGPIPE, SIG_IGN)
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
}
