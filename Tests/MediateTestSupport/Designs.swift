internal import MediateDesigns
package import MediateKit

// The tests run scenarios under the reference designs unless they say otherwise: these
// shorthands give the library's calls the reference registry.

extension MediatorKind {
    /// The reference designs' names, in order.
    package static var allCases: [MediatorKind] { DesignRegistry.reference.kinds }
}

extension ScenarioLoader {
    /// Parses and checks `file` against the reference designs.
    package static func load(_ file: SourceFile) -> Result<LoadedScenario, Failure> { load(file, designs: .reference) }
    /// Reads, parses and checks the file at `path` against the reference designs.
    package static func load(path: String) -> Result<LoadedScenario, Failure> { load(path: path, designs: .reference) }
}

extension KindRun {
    /// Runs `scenario` under the registered design `kind`.
    package static func run(
        _ scenario: LoadedScenario, kind: MediatorKind, limits: RunLimits = RunLimits(),
        format: OutputFormat = .transcript, analyze: Bool = true, output: (any TextOutput)?,
        collectingMessages: Bool = true, collectingLogicalMessages: Bool = false
    ) -> KindRun {
        run(
            scenario, design: scenario.designs.design(kind)!, limits: limits, format: format, analyze: analyze,
            output: output, collectingMessages: collectingMessages, collectingLogicalMessages: collectingLogicalMessages)
    }
}

extension Interpreter {
    /// A run of `script` under the reference design `kind`.
    package convenience init(script: Script, title: String, kind: MediatorKind, limits: RunLimits = RunLimits(), sink: any EventSink) {
        self.init(
            script: script, title: title, design: DesignRegistry.reference.design(kind)!, designs: .reference,
            limits: limits, sink: sink)
    }
}
