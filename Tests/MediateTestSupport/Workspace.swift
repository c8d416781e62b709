package import Foundation
internal import MediateDesigns
package import MediateKit

/// A folder with `Scenarios/` and `Output/`, removed when the test ends.
package final class Workspace {
    /// The folder, in the temporary folder.
    package let root: URL

    /// Makes the folder and its `Scenarios/`.
    package init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The path of `relative` in this workspace.
    package func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Writes `text` to `relative`, making its folders.
    package func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The text of `relative`, or nil when it cannot be read.
    package func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `check` on this workspace's `Scenarios/` against its `Output/`.
    package func check(
        record: GoldenRecordMode = .never, jobs: Int = 2, junit: Bool = false,
        format: DiagnosticFormat = .text, environment: [String: String] = [:], mediator: MediatorChoice? = nil,
        shard: Shard? = nil, junitName: String = "junit.xml"
    ) -> (code: Int32, out: String, err: String) {
        var command = CheckCommand(
            paths: [path("Scenarios")], outputFolder: path("Output"), designs: .reference, record: record,
            junitPath: junit ? path(junitName) : nil, jobs: jobs,
            diagnosticFormat: format, environment: environment)
        command.mediator = mediator
        command.shard = shard
        let out = StringOutput()
        let err = StringOutput()
        let code = command.execute(standardOutput: out, standardError: err)
        return (
            code, out.text.replacingOccurrences(of: root.path + "/", with: ""),
            err.text.replacingOccurrences(of: root.path + "/", with: "")
        )
    }
}
