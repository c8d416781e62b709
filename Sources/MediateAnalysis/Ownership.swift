/// How a stored reference holds its object, as the Swift runtime's field metadata says.
public enum Ownership: String, Hashable, Sendable, Codable, CaseIterable {
    /// Keeps its object alive.
    case strong
    /// Does not keep its object alive, and becomes nil when it is freed.
    case weak
    /// Does not keep its object alive, and expects it to outlive the reference.
    case unowned
}
