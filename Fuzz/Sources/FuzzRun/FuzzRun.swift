import MediateDesigns
import MediateKit

/// Small limits, so that each input runs in milliseconds however it loops or broadcasts.
private let limits = RunLimits(maxDepth: 8, maxDeliveries: 400)

/// libFuzzer's entry point: loads the bytes as a scenario file and, when it checks, runs it
/// under every reference design into every output format, reads its reference graph and writes its
/// diagrams' DOT, as `mediate run --output` does (without Graphviz).
///
/// Checks what must hold whatever the scenario: the transcript ends with its `leaked:` line,
/// JSON lines has one line per transcript line, a run that a limit stopped says so, and no
/// object of a run outlives it (leaks are reported, then freed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRun(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.scenario", bytes: UnsafeBufferPointer(start: data, count: size))
    guard case .success(let scenario) = ScenarioLoader.load(file, designs: .reference) else { return 0 }
    var columns: [DOTEmitter.Column] = []
    for kind in scenario.designs.kinds {
        columns.append(run(scenario, kind: kind, design: scenario.designs.design(kind)!))
    }
    precondition(!DOTEmitter.compare(columns, participants: scenario.participants, title: scenario.title).isEmpty)
    return 0
}

/// One run under `design`, registered as `kind`, checked; returns its column of the compare diagram.
private func run(_ scenario: LoadedScenario, kind: MediatorKind, design: any Design.Type) -> DOTEmitter.Column {
    let transcript = StringOutput()
    let jsonLines = StringOutput()
    let log = StringOutput()
    let collector = MessageGraphCollector()
    let sink = TeeSink([
        collector,
        FormattedSink(format: .transcript, output: transcript),
        FormattedSink(format: .jsonl, output: jsonLines),
        FormattedSink(format: .log, output: log),
    ])
    let interpreter = Interpreter(
        script: scenario.script, title: scenario.title, design: design,
        designs: scenario.designs, limits: limits, sink: sink)
    var graph = ReferenceGraph(nodes: [], edges: [])
    var alive: [WeakObject] = []
    interpreter.inspect = { roots in
        graph = ReferenceWalker.graph(from: roots)
        alive = roots.map { WeakObject($0.object) }
    }
    let summary = interpreter.run()
    // The interpreter frees what leaked once it has said so: nothing of the run outlives it.
    precondition(alive.allSatisfy { $0.object == nil })

    let lines = transcript.text.split(separator: "\n", omittingEmptySubsequences: false)
    precondition(transcript.text.hasSuffix("\n") && lines.dropLast().last?.hasPrefix("leaked: ") == true)
    precondition(jsonLines.text.split(separator: "\n", omittingEmptySubsequences: false).count == lines.count)
    precondition((summary.stoppedBy != nil) == (summary.exitCode == 3))
    precondition(summary.deliveries <= limits.maxDeliveries)

    let metrics = CouplingMetrics(graph: graph, leaked: summary.leakedObjects)
    _ = DOTEmitter.messages(collector.graph, title: scenario.title, kind: kind)
    _ = DOTEmitter.coupling(graph, metrics: metrics, participants: scenario.participants, title: scenario.title, kind: kind)
    return DOTEmitter.Column(kind: kind, graph: graph, metrics: metrics)
}

/// A weak reference, so that holding the run's roots does not keep them alive.
private final class WeakObject {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
