import Foundation
import PackagePlugin

/// `swift package mediate …`: runs the `mediate` tool, built from this package, in the package
/// that uses the plugin, so `swift package mediate check` checks that package's own scenarios.
@main
struct MediatePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "mediate")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("mediate \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
            throw ExitStatus(code: process.terminationStatus)
        }
    }
}

/// The tool's exit status, for `swift package` to fail with.
struct ExitStatus: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "mediate exited with \(code)" }
}
