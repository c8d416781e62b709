/// The formats `render` writes: Graphviz's renderings, or the DOT source itself.
public enum DiagramFormat: String, CaseIterable, Sendable {
    /// Scalable vector graphics.
    case svg
    /// A PNG image.
    case png
    /// A PDF document.
    case pdf
    /// The DOT source, not laid out.
    case dot
}
