/// Follows one design's run for the report page's player: the transcript line each top-level
/// step begins at (`StepLines`), the routed message diagram's edges each step used, and, while
/// the run is small enough to draw, its sequence view.
final class StepRecorder: EventSink {
    /// The most transcript lines and lifelines a sequence view is drawn for in the page.
    static let sequenceLineLimit = 2_000
    static let sequenceLifelineLimit = 40

    private let collector: MessageGraphCollector
    private let sequence: SequenceSVGWriter?
    private let steps = StepLines()
    /// The 0-based line each step begins at; step 0 is the header (`scenario`, `mediator`).
    var stepStarts: [Int] { steps.starts }
    /// The edges (`MessageGraphCollector.recordedEdges` codes) each step used, each once, in order.
    private(set) var stepEdges: [[Int]] = [[]]
    private var stepEdgeSet: Set<Int> = []

    /// `sequence`: the sequence view's writer, given the events while there are few enough.
    init(collector: MessageGraphCollector, sequence: SequenceSVGWriter?) {
        self.collector = collector
        self.sequence = sequence
        collector.tracksEdges = true
    }

    /// The sequence view, or nil when the run was too long to draw one.
    var sequenceSVG: String? {
        steps.lines <= Self.sequenceLineLimit ? sequence?.svg() : nil
    }

    func emit(_ event: TranscriptEvent) {
        steps.emit(event)
        if steps.starts.count > stepEdges.count {
            stepEdges.append([])
            stepEdgeSet.removeAll(keepingCapacity: true)
        }
        if steps.lines <= Self.sequenceLineLimit { sequence?.emit(event) }
        takeEdges()
    }

    func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        steps.emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth)
        if steps.lines <= Self.sequenceLineLimit {
            sequence?.emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth)
        }
        takeEdges()
    }

    func emitRelay(receiver: String, depth: Int) {
        if steps.lines < Self.sequenceLineLimit { sequence?.emitRelay(receiver: receiver, depth: depth) }
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
