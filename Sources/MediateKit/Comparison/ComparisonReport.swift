/// The coupling of every kind for one scenario, and how each kind's behaviour differs from the
/// scenario's own kind: what `mediate compare` prints.
public struct ComparisonReport: Sendable {
    /// One design's run and how its transcript differs.
    public struct Implementation: Sendable {
        /// The run under this design.
        public var run: KindRun
        /// Where its transcript first differs from the own design's; nil for the own design and for an equal one.
        public var firstDifference: TranscriptDifference?
    }

    /// The scenario's title.
    public var title: String
    /// The design the scenario names, which the others are compared with.
    public var ownKind: MediatorKind
    /// Every participant the scenario declares, in order.
    public var participants: [String]
    /// One per design run: every registered design, in order, or the runs given.
    public var implementations: [Implementation]

    /// Runs `scenario` under every registered design, keeping the own kind's transcript in memory
    /// and comparing each other kind's with it line by line as it is written.
    ///
    /// - Parameters:
    ///   - scenario: A checked scenario, with the designs it was checked against.
    ///   - limits: Where each run stops.
    public init(scenario: LoadedScenario, limits: RunLimits = RunLimits()) {
        let own = scenario.declaredKind
        let ownOutput = BytesOutput()
        let ownRun = scenario.designs.design(own).map { KindRun.run(scenario, design: $0, limits: limits, output: ownOutput) }
        title = scenario.title
        ownKind = own
        participants = scenario.participants.map(\.name)
        implementations = scenario.designs.kinds.compactMap { kind in
            if kind == own { return ownRun.map { Implementation(run: $0, firstDifference: nil) } }
            guard let design = scenario.designs.design(kind) else { return nil }
            let difference = FirstLineDifference(expected: ownOutput.bytes)
            let run = KindRun.run(scenario, design: design, limits: limits, output: difference)
            difference.finish()
            return Implementation(
                run: run,
                firstDifference: difference.found.map {
                    TranscriptDifference(line: $0.line, expected: $0.expected, actual: $0.actual)
                })
        }
    }

    /// Builds the report from runs already made; `transcript` gives a kind's transcript lines
    /// (read lazily, from memory or from a file).
    ///
    /// - Parameters:
    ///   - scenario: The scenario the runs ran.
    ///   - runs: One run per design, in the order the report lists them.
    ///   - transcript: A kind's transcript, line by line without newlines.
    public init<Lines: Sequence>(scenario: LoadedScenario, runs: [KindRun], transcript: (MediatorKind) -> Lines)
    where Lines.Element == String {
        title = scenario.title
        ownKind = scenario.declaredKind
        participants = scenario.participants.map(\.name)
        let own = scenario.declaredKind
        implementations = runs.map { run in
            Implementation(
                run: run,
                firstDifference: run.kind == own
                    ? nil
                    : TranscriptDifference.first(
                        expected: transcript(own), actual: transcript(run.kind)))
        }
    }

    /// The columns of the compare diagram.
    public var columns: [DOTEmitter.Column] {
        implementations.map { DOTEmitter.Column(kind: $0.run.kind, graph: $0.run.references, metrics: $0.run.metrics) }
    }
}
