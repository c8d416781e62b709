/// How a stored reference holds its object, as the Swift runtime's field metadata says.
public enum Ownership: String, Hashable, Sendable, Codable, CaseIterable {
    case strong, weak, unowned
}

/// Every object reachable from a scenario's participants and mediator, and every stored
/// reference between them: plain data, with no reference to the objects themselves.
public struct ReferenceGraph: Hashable, Sendable, Codable {
    public struct Node: Hashable, Sendable, Codable {
        /// Unique and deterministic: a root's id, or `TypeName#N` for the N-th internal object of
        /// that type found (in the walk's order: roots in order, fields in order).
        public var id: String
        /// The object's Swift type name, without module prefix (e.g. `ColleagueWrapper`).
        public var typeName: String
        public var role: NodeRole

        public init(id: String, typeName: String, role: NodeRole) {
            self.id = id
            self.typeName = typeName
            self.role = role
        }
    }

    public struct Edge: Hashable, Sendable, Codable {
        public var from: String
        public var to: String
        /// The path of the field inside `from`: `mediator`, `peers[1]`, `receivers[0]`.
        public var label: String
        public var ownership: Ownership

        public init(from: String, to: String, label: String, ownership: Ownership) {
            self.from = from
            self.to = to
            self.label = label
            self.ownership = ownership
        }
    }

    /// Roots first, in the order given, then internal objects in the order found.
    public var nodes: [Node]
    /// In the order found.
    public var edges: [Edge]

    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}
