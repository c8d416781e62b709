/// The diagrams `mediate` draws.
public enum DiagramKind: String, CaseIterable, Sendable {
    /// The route messages took: through the mediator object where the design carried them so.
    case messages
    /// Who sent what to whom, sender to receiver, whatever the route.
    case logical
    /// Every object of one design and its references, internal objects included.
    case coupling
    /// The reference graphs of every design side by side, with the metrics table.
    case compare
    /// A sequence diagram of one run, drawn by `mediate` itself as SVG (`SequenceSVGWriter`).
    case sequence
}
