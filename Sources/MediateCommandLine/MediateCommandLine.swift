import Foundation
import MediateDesigns
public import MediateKit
public import MediateWatch

/// The `mediate` command line, for the `mediate` tool and for a package's own designs tool.
public enum MediateCommandLine {
    /// Runs the command line on the process's arguments with the four reference designs and
    /// `designs` (your own), then exits with the command's exit code. Two designs under one name,
    /// or a name a scenario cannot write, end it at once with exit 2 and a message naming both.
    /// SIGINT and SIGTERM remove what the command had not finished writing (see `InterruptCleanup`).
    ///
    /// `reportServer` is what `watch --serve` serves the report page with; without one (a
    /// package's designs tool, or the `mediate` tool built without the `Serve` trait), `watch`
    /// works but `watch --serve` exits 64 and says to use the `mediate` tool, whose `main.swift`
    /// passes the HTTP server in.
    ///
    /// A package's designs tool is a `main.swift` of one line:
    /// `MediateCommandLine.main(designs: [ChatRoomDesign.self])`. The library leaves SIGPIPE's
    /// disposition to the executable: `signal(SIGPIPE, SIG_IGN)` before it makes a write to a
    /// closed pipe an error (exit 3), as in `mediate`, rather than the end of the process.
    ///
    /// - Parameters:
    ///   - designs: Your designs, registered after the reference designs.
    ///   - reportServer: What serves `watch --serve`'s page; nil refuses `--serve`.
    public static func main(designs: [any Design.Type] = [], reportServer: (any WatchReportServer.Type)? = nil) -> Never {
        InterruptCleanup.installSignalHandlers()
        let registry: DesignRegistry
        do {
            registry = try DesignRegistry.reference(adding: designs)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\nhelp: give each design a name of its own\n".utf8))
            exit(2)
        }
        Mediate.reportServer = reportServer
        // A designs tool runs as `swift package mediate`: there is no `mediate` command in its package.
        if !designs.isEmpty { CommandName.use("swift package mediate") }
        Mediate.$designs.withValue(registry) { Mediate.mainCheckingWrites() }
    }
}
