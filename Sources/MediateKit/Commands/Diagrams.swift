import GraphvizRendering

/// Writes text or bytes to a file atomically: nothing is half-written, and a failure leaves
/// what was there untouched.
func writeAtomically(_ bytes: some Sequence<UInt8>, to path: String) throws {
    let file = try AtomicFile(path: path)
    file.output.write(bytes: bytes)
    try file.commit()
}

/// The most labelled edges a diagram may have for Graphviz to lay it out. Layout time grows
/// steeply with labelled edges: dot takes about 0.5 s of CPU for a 14-participant mesh's 182
/// and about 1 s for a 16-participant mesh's 240 (`Scripts/layout-budgets`). Large diagrams leave their field names out (see
/// `DOTEmitter`), and those may have up to ``maxUnlabelledDiagramEdges``. `render` stops at a larger
/// diagram with an error (exit 3), though `--format dot` writes its source; `run --output` and
/// `check --record` write its DOT and skip its SVG.
public let maxDiagramEdges = 200
/// The most edges of any kind a diagram may have. The compare diagram of 60 participants that
/// each broadcast, 4,956 edges in clusters, takes dot 1.6 s of CPU (`Scripts/layout-budgets`).
public let maxUnlabelledDiagramEdges = 5_000
/// The most edges a messages diagram drawn without labels may have: dot lays out a mesh's 600 in
/// about a second of CPU here, 870 in 4 s and 1,560 in 45 s (`Scripts/layout-budgets` measures
/// it). Past it the report shows the busiest pairs instead.
let maxUnlabelledMessageEdges = 600

/// The most rows the references of a compare diagram's drawn boxes may cross in all. Each row a
/// reference passes is a point dot places, and their count, more than the edges', sets the
/// layout's time once the participants fill many rows. Measured with `dot -Tsvg` here: a
/// 70-participant mesh's seven drawn boxes cross about 7,840 rows and take 0.3 s of CPU; a
/// 300-participant mesh's notification-center box alone crosses about 9,300 and takes 1.6 s; a
/// 1,000-participant one's, about 101,000, took 122 s and 400 MB.
let maxCompareRowCrossings = 8_000

/// The compare diagram of `report` as DOT, every design drawn whose box fits the layout budgets
/// (``maxUnlabelledDiagramEdges`` edges and ``maxCompareRowCrossings`` rows crossed in all): the
/// designs whose references cross the most rows are summarised in their box instead, the
/// largest first, until the rest fit.
func compareDiagram(_ report: ComparisonReport, participants: [(name: String, type: String)], title: String) -> String {
    let columns = report.columns
    let costs = columns.map { CompareBoxCost($0.metrics, participants: participants.count) }
    var edges = costs.map(\.edges).reduce(0, +)
    var crossings = costs.map(\.crossings).reduce(0, +)
    var summarised: Set<Int> = []
    let largestFirst = columns.indices.sorted {
        costs[$0].crossings != costs[$1].crossings ? costs[$0].crossings > costs[$1].crossings : $0 < $1
    }
    for index in largestFirst where edges > maxUnlabelledDiagramEdges || crossings > maxCompareRowCrossings {
        summarised.insert(index)
        edges -= costs[index].edges
        crossings -= costs[index].crossings
    }
    return DOTEmitter.compare(columns, participants: participants, title: title, summarised: summarised)
}

/// What a design's box takes of the compare diagram's budgets.
struct CompareBoxCost {
    /// Its references, and about two invisible edges for each participant, which hold the rows
    /// in place.
    var edges: Int
    /// The rows its references cross: half the participants' rows and one, each, on average.
    var crossings: Int

    init(_ metrics: CouplingMetrics, participants: Int) {
        edges = metrics.references + 2 * participants + 1
        let rows = DOTEmitter.compareRows(participants: participants)
        crossings = metrics.references * (rows + 2) / 2
    }

    /// Whether the box is past a whole budget alone: it is always summarised, and its
    /// reference graph never drawn.
    var isPastTheWholeBudget: Bool { edges > maxUnlabelledDiagramEdges || crossings > maxCompareRowCrossings }
}

/// Renders DOT through the Graphviz library, in process; without `layout`, with the engine the
/// diagram names for its size (see `DOTEmitter.radialAbove`). Throws, before calling Graphviz,
/// when the diagram has too many edges.
func render(_ dot: String, format: DiagramFormat, layout: DiagramLayout?) throws -> [UInt8] {
    if format != .dot {
        let (edges, labelled) = edgeCounts(dot)
        try checkDiagramSize(edges: edges, labelled: labelled)
    }
    switch format {
    case .dot: return Array(dot.utf8)
    case .svg: return try Graphviz.render(dot, layout: layout?.graphviz, format: .svg)
    case .png: return try Graphviz.render(dot, layout: layout?.graphviz, format: .png)
    case .pdf: return try Graphviz.render(dot, layout: layout?.graphviz, format: .pdf)
    }
}

/// A picture `mediate` lays out itself (`svg`) in `format`: PNG and PDF through Graphviz's
/// cairo renderer, which draws the SVG with librsvg.
func picture(_ svg: String, format: DiagramFormat) throws -> [UInt8] {
    switch format {
    case .svg, .dot: return Array(svg.utf8)
    case .png: return try Graphviz.convert(svg: svg, to: .png)
    case .pdf: return try Graphviz.convert(svg: svg, to: .pdf)
    }
}

/// Throws when a diagram of `edges` edges, `labelled` of them labelled, is past what mediate asks
/// Graphviz to lay out (``maxDiagramEdges``, ``maxUnlabelledDiagramEdges``).
func checkDiagramSize(edges: Int, labelled: Int) throws {
    if let problem = sizeProblem(edges: edges, labelled: labelled) {
        throw GraphvizError(message: problem + "; use --format dot for its DOT source")
    }
}

/// Why the diagram `dot` is past what mediate asks Graphviz to lay out, or nil when it is not.
func layoutProblem(_ dot: String) -> String? {
    let (edges, labelled) = edgeCounts(dot)
    return sizeProblem(edges: edges, labelled: labelled)
}

/// Why a diagram of `edges` edges, `labelled` of them labelled, is past what mediate asks Graphviz
/// to lay out (``maxDiagramEdges``, ``maxUnlabelledDiagramEdges``), or nil when it is not.
func sizeProblem(edges: Int, labelled: Int) -> String? {
    guard labelled > maxDiagramEdges || edges > maxUnlabelledDiagramEdges else { return nil }
    return "the diagram has \(edges) edges (\(labelled) labelled), more than mediate asks Graphviz to lay out "
        + "(\(maxDiagramEdges) labelled, \(maxUnlabelledDiagramEdges) in all; layout time grows steeply with edges)"
}

/// How many edges the DOT text the emitters wrote has, and how many of them are labelled: every
/// edge is a line holding `"FROM" -> "TO"` (a quote inside a label is escaped), labelled when it
/// holds `label=`. One pass over the bytes.
func edgeCounts(_ dot: String) -> (edges: Int, labelled: Int) {
    var dot = dot
    return dot.withUTF8 { bytes in
        var edges = 0, labelled = 0
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.holds(#"" -> ""#) {
            edges += 1
            if line.holds("label=") { labelled += 1 }
        }
        return (edges, labelled)
    }
}

extension Slice<UnsafeBufferPointer<UInt8>> {
    /// Whether these bytes hold `text`'s UTF-8 anywhere.
    fileprivate func holds(_ text: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return indices.contains { self[$0...].starts(with: pattern) }
    }
}
