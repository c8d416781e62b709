import Foundation
import PackagePlugin

/// `swift package mediate …`: runs mediate in the package that uses the plugin, with that
/// package's own designs beside the four reference designs when it has a designs tool.
///
/// The convention: an executable target whose folder is inside `Designs/` (for example
/// `Designs/ChatRoomDesigns/main.swift`, calling `MediateCommandLine.main(designs: […])`) is the
/// package's designs tool.
/// - With one, the plugin builds it and runs it.
/// - With none, it builds and runs the `mediate` tool (the reference designs only).
/// - With several, it stops and names them.
///
/// Either tool is built in debug, as `swift build` would, so the package's build folder is
/// reused and mediate is compiled once for both. The tool runs in the package's folder with the
/// arguments given, its output passed straight through. When it exits with a code other than 0
/// the command fails; `swift package` then exits 1 whatever the code, which the error names.
@main
struct MediatePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try build(designsTool(of: context.package)?.name ?? "mediate")
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("\(tool.lastPathComponent) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }

    /// The package's designs tool: its one executable target inside `Designs/`, or nil when it has none.
    func designsTool(of package: Package) throws -> SwiftSourceModuleTarget? {
        let designs = package.directoryURL.appending(component: "Designs").standardizedFileURL.pathComponents
        let tools = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.filter { target in
            target.kind == .executable && target.directoryURL.standardizedFileURL.pathComponents.starts(with: designs)
        }
        guard tools.count <= 1 else {
            let names = tools.map(\.name).sorted().joined(separator: ", ")
            throw PluginFailure(
                "several executable targets are inside Designs/ (\(names)); keep one designs tool, registering every design")
        }
        return tools.first
    }

    /// Builds the executable product `name` (an executable target is one too) in debug, showing
    /// the build's log, and returns the executable's location.
    func build(_ name: String) throws -> URL {
        let result = try packageManager.build(.product(name), parameters: .init(configuration: .debug, logging: .concise, echoLogs: true))
        guard result.succeeded, let executable = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginFailure("\(name) did not build")
        }
        return executable.url
    }
}

/// Why the command failed, as `swift package` prints it after `error: `.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
