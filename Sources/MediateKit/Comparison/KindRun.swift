/// One scenario run under one kind, with what the diagrams and the comparison need: the run's
/// summary, its message flow, and the reference graph read from its objects.
public struct KindRun: Sendable {
    /// The design it ran under.
    public var kind: MediatorKind
    /// The counts and outcome of the run.
    public var summary: RunSummary
    /// The message flow along the route the design reported (see `MessageGraphCollector`).
    public var messages: MessageGraph
    /// The message flow from sender to receiver, whatever the route: empty unless asked for.
    public var logicalMessages: MessageGraph
    /// The objects alive at the end of the steps and their references; empty without `analyze`.
    public var references: ReferenceGraph
    /// The coupling measured on ``references``.
    public var metrics: CouplingMetrics

    /// Runs `scenario` under `design`, streaming the transcript in `format` to `output` (nowhere
    /// when nil; the run stops once it has written `RunLimits.maxOutputBytes`), and reads the
    /// reference graph at the end of the steps. Without `analyze`, neither the message flow nor the
    /// references are gathered (a run that only writes its transcript); without
    /// `collectingMessages` only the message flow is skipped (a coupling diagram). The logical
    /// flow (``logicalMessages``) is gathered only with `collectingLogicalMessages`. An asynchronous
    /// design's jobs run in the order `schedule` chooses.
    public static func run(
        _ scenario: LoadedScenario, design: any Design.Type, limits: RunLimits = RunLimits(),
        schedule: SchedulePolicy = .fixed, format: OutputFormat = .transcript, analyze: Bool = true, output: (any TextOutput)?,
        collectingMessages: Bool = true, collectingLogicalMessages: Bool = false
    ) -> KindRun {
        run(
            scenario, design: design, limits: limits, schedule: schedule, format: format, analyze: analyze, output: output,
            collectingMessages: collectingMessages, collectingLogicalMessages: collectingLogicalMessages
        ) { _ in [] }
    }

    /// The same run, with the sinks `observers` makes seeing every event after the message flow's
    /// collector, which they may read (the report's `StepRecorder`).
    static func run(
        _ scenario: LoadedScenario, design: any Design.Type, limits: RunLimits = RunLimits(),
        schedule: SchedulePolicy = .fixed, format: OutputFormat = .transcript, analyze: Bool = true, output: (any TextOutput)?,
        collectingMessages: Bool = true, collectingLogicalMessages: Bool = false,
        observers: (MessageGraphCollector) -> [any EventSink]
    ) -> KindRun {
        let collector = MessageGraphCollector(keepingLogical: collectingLogicalMessages)
        let budget = OutputBudget()
        var sinks: [any EventSink] = analyze && collectingMessages ? [collector] : []
        if let output { sinks.append(FormattedSink(format: format, output: output, budget: budget)) }
        sinks += observers(collector)
        let interpreter = Interpreter(
            script: scenario.script, title: scenario.title, design: design,
            designs: scenario.designs, limits: limits, schedule: schedule, sink: sinks.count == 1 ? sinks[0] : TeeSink(sinks),
            budget: budget)
        var references = ReferenceGraph(nodes: [], edges: [])
        if analyze { interpreter.inspect = { roots in references = ReferenceWalker.graph(from: roots) } }
        let summary = interpreter.run()
        return KindRun(
            kind: MediatorKind(design.name), summary: summary, messages: collector.graph,
            logicalMessages: collector.logical, references: references,
            metrics: CouplingMetrics(graph: references, leaked: summary.leakedObjects))
    }
}

extension KindRun {
    /// Whether the mediator takes part when `scenario` runs under `design`, as a first run,
    /// written nowhere, shows (`MediatorSighting`): a sequence diagram then gives it a lifeline.
    public static func mediatorTakesPart(
        _ scenario: LoadedScenario, design: any Design.Type, designs: DesignRegistry,
        limits: RunLimits = RunLimits()
    ) -> Bool {
        let sighting = MediatorSighting()
        _ = Interpreter(
            script: scenario.script, title: scenario.title, design: design, designs: designs, limits: limits,
            sink: sighting
        ).run()
        return sighting.seen
    }
}

/// Where one kind's transcript first differs from that of the scenario's own kind.
public struct TranscriptDifference: Hashable, Sendable, Codable {
    /// 1-based line number in the transcripts.
    public var line: Int
    /// The own kind's line, or nil where its transcript had already ended.
    public var expected: String?
    /// This kind's line, or nil where its transcript had already ended.
    public var actual: String?

    /// Compares two transcripts line by line, reading only as far as the first difference. The
    /// header's `mediator KIND` line (line 2) names the kind and is not counted as a difference.
    public static func first<E: Sequence, A: Sequence>(expected: E, actual: A) -> TranscriptDifference?
    where E.Element: StringProtocol, A.Element: StringProtocol {
        var left = expected.makeIterator()
        var right = actual.makeIterator()
        var line = 0
        while true {
            line += 1
            let l = left.next().map { String($0) }
            let r = right.next().map { String($0) }
            if l == nil && r == nil { return nil }
            if line != 2, l != r { return TranscriptDifference(line: line, expected: l, actual: r) }
        }
    }

    /// Always writes all three keys; a transcript that had ended is `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(expected, forKey: .expected)
        try container.encode(actual, forKey: .actual)
    }
}

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
