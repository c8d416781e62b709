/// Follows one design's run for the report page's player: the transcript line each top-level
/// step begins at (see `TranscriptEvent.startsStep`), the routed message diagram's edges each
/// step used, and, while the run is small enough to draw, its sequence view.
///
/// Every event is one transcript line, so counting events counts lines.
final class StepRecorder: EventSink {
    /// The most transcript lines and lifelines a sequence view is drawn for in the page.
    static let sequenceLineLimit = 2_000
    static let sequenceLifelineLimit = 40

    private let collector: MessageGraphCollector
    private let sequence: SequenceSVGWriter?
    /// The 0-based line each step begins at; step 0 is the header (`scenario`, `mediator`).
    private(set) var stepStarts: [Int] = [0]
    /// The edges (`MessageGraphCollector.recordedEdges` codes) each step used, each once, in order.
    private(set) var stepEdges: [[Int]] = [[]]
    private(set) var lines = 0
    private var stepEdgeSet: Set<Int> = []

    /// `sequence`: the sequence view's writer, given the events while there are few enough.
    init(collector: MessageGraphCollector, sequence: SequenceSVGWriter?) {
        self.collector = collector
        self.sequence = sequence
        collector.tracksEdges = true
    }

    /// The sequence view, or nil when the run was too long to draw one.
    var sequenceSVG: String? {
        lines <= Self.sequenceLineLimit ? sequence?.svg() : nil
    }

    func emit(_ event: TranscriptEvent) {
        if event.startsStep {
            stepStarts.append(lines)
            stepEdges.append([])
            stepEdgeSet.removeAll(keepingCapacity: true)
        }
        lines += 1
        if lines <= Self.sequenceLineLimit { sequence?.emit(event) }
        takeEdges()
    }

    func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        lines += 1
        if lines <= Self.sequenceLineLimit { sequence?.emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth) }
        takeEdges()
    }

    func emitRelay(receiver: String, depth: Int) {
        if lines < Self.sequenceLineLimit { sequence?.emitRelay(receiver: receiver, depth: depth) }
    }

    var takesRelays: Bool { sequence?.takesRelays ?? false }

    private func takeEdges() {
        guard !collector.recordedEdges.isEmpty else { return }
        for edge in collector.recordedEdges where stepEdgeSet.insert(edge).inserted {
            stepEdges[stepEdges.count - 1].append(edge)
        }
        collector.recordedEdges.removeAll(keepingCapacity: true)
    }
}
