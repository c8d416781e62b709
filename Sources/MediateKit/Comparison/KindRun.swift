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
    ///
    /// - Parameters:
    ///   - scenario: A checked scenario.
    ///   - design: The design to run it under, whatever design it names.
    ///   - limits: Where the run stops.
    ///   - schedule: The order of an asynchronous design's jobs; `.fixed` is the default run's.
    ///   - format: How `output` is written: transcript, log or JSON lines.
    ///   - analyze: Whether to gather the message flow and the references.
    ///   - output: Where the transcript goes; nil writes it nowhere.
    ///   - collectingMessages: Whether to gather the message flow, when `analyze`.
    ///   - collectingLogicalMessages: Whether to gather the logical flow too.
    /// - Returns: The run's summary, message flow, references and metrics.
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
    ///
    /// - Parameters:
    ///   - scenario: A checked scenario.
    ///   - design: The design to run it under.
    ///   - designs: The designs it may switch to.
    ///   - limits: Where the run stops.
    /// - Returns: Whether a message went through the mediator object, or to or from the mediator.
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
