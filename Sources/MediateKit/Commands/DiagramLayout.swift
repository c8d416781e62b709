import GraphvizRendering

/// The layout engine Graphviz lays a diagram out with, named as Graphviz names it (`render --layout`).
public enum DiagramLayout: String, CaseIterable, Sendable {
    /// Layers, edges pointing one way: every diagram's default but a large coupling graph's.
    case dot
    /// A spring model, minimizing the stress between every two nodes.
    case neato
    /// A spring model, forces along the edges.
    case fdp
    /// ``fdp`` for large graphs, in several passes.
    case sfdp
    /// Circles, one for each part of the graph.
    case circo
    /// Rings around one node: a coupling graph's past 200 objects.
    case twopi

    /// The engine as GraphvizRendering names it.
    var graphviz: GraphvizLayout {
        switch self {
        case .dot: .dot
        case .neato: .neato
        case .fdp: .fdp
        case .sfdp: .sfdp
        case .circo: .circo
        case .twopi: .twopi
        }
    }
}
