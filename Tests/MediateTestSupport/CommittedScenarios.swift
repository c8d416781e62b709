internal import Foundation
package import MediateKit

/// The scenarios of the package's `Scenarios/` folder, whose goldens `make run` writes to `Output/`.
package enum CommittedScenarios {
    /// The file names in `Scenarios/` that end in `.scenario`, sorted.
    package static let names: [String] = {
        let folder = packageRoot.appendingPathComponent("Scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }()

    /// The text of `Scenarios/NAME`.
    package static func text(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name)"), encoding: .utf8)
    }

    /// `Scenarios/NAME`, parsed and checked against the reference designs.
    package static func load(_ name: String) throws -> LoadedScenario {
        try ScenarioLoader.load(SourceFile(path: "Scenarios/\(name)", text: try text(name))).get()
    }
}
