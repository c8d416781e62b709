import GraphvizRendering

/// The diagrams `mediate` draws.
public enum DiagramKind: String, CaseIterable, Sendable {
    case messages, coupling, compare
}

/// The formats `render` writes: Graphviz's renderings, or the DOT source itself.
public enum DiagramFormat: String, CaseIterable, Sendable {
    case svg, png, pdf, dot
}

/// Writes text or bytes to a file atomically: nothing is half-written, and a failure leaves
/// what was there untouched.
func writeAtomically(_ bytes: some Sequence<UInt8>, to path: String) throws {
    let file = try AtomicFile(path: path)
    file.output.write(bytes: bytes)
    try file.commit()
}

/// Renders DOT through the Graphviz library, in process; without `layout`, with the engine the
/// diagram names for its size (see `DOTEmitter.radialAbove`).
func render(_ dot: String, format: DiagramFormat, layout: GraphvizLayout?) throws -> [UInt8] {
    switch format {
    case .dot: return Array(dot.utf8)
    case .svg: return try Graphviz.render(dot, layout: layout, format: .svg)
    case .png: return try Graphviz.render(dot, layout: layout, format: .png)
    case .pdf: return try Graphviz.render(dot, layout: layout, format: .pdf)
    }
}
