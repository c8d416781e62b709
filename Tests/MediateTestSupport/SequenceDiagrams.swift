internal import MediateDesigns
package import MediateKit

/// Sequence diagrams of a scenario, written as `render --graph sequence` and `export` write them.
package enum SequenceDiagrams {
    /// The SVG of `scenario` under `kind` (default: its own), routed as `render` routes it.
    package static func svg(_ scenario: LoadedScenario, kind: MediatorKind? = nil) -> String {
        let kind = kind ?? scenario.declaredKind
        let mediator = KindRun.mediatorTakesPart(scenario, design: scenario.designs.design(kind)!, designs: scenario.designs)
        let writer = SequenceSVGWriter(
            title: scenario.title, kind: kind, participants: scenario.participants.map(\.name),
            mediatorLifeline: mediator)
        _ = Interpreter(
            script: scenario.script, title: scenario.title, design: scenario.designs.design(kind)!,
            designs: scenario.designs, sink: writer
        ).run()
        return writer.svg()
    }

    /// The SVG sequence diagram of `source`, checked against the reference designs.
    package static func svg(_ source: String, kind: MediatorKind? = nil) throws -> String {
        svg(try ScenarioLoader.load(SourceFile(path: "x.scenario", text: source)).get(), kind: kind)
    }

    /// The sequence diagram of `source` under `kind` (default: its own) in `dialect`, as `export` writes it.
    package static func export(
        _ source: String, kind: MediatorKind? = nil, designs: DesignRegistry = .reference,
        dialect: SequenceDiagramWriter.Dialect
    ) throws -> String {
        let scenario = try ScenarioLoader.load(SourceFile(path: "x.scenario", text: source), designs: designs).get()
        let chosen = kind ?? scenario.declaredKind
        let output = StringOutput()
        let mediator = KindRun.mediatorTakesPart(scenario, design: scenario.designs.design(chosen)!, designs: scenario.designs)
        let writer = SequenceDiagramWriter(
            dialect: dialect, title: scenario.title, kind: chosen,
            participants: scenario.participants.map(\.name),
            mediatorLifeline: mediator, output: output)
        _ = Interpreter(
            script: scenario.script, title: scenario.title, design: scenario.designs.design(chosen)!,
            designs: scenario.designs, sink: writer
        ).run()
        return output.text
    }
}
