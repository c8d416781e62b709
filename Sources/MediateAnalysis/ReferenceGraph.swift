public import MediateRuntime

/// Every object reachable from a scenario's participants and mediator, and every stored
/// reference between them: plain data, with no reference to the objects themselves.
public struct ReferenceGraph: Hashable, Sendable, Codable {
    /// One object.
    public struct Node: Hashable, Sendable, Codable {
        /// Unique and deterministic: a root's id, or `TypeName#N` for the N-th internal object of
        /// that type found (in the walk's order: roots in order, fields in order).
        public var id: String
        /// The object's Swift type name, without module prefix (e.g. `ColleagueWrapper`).
        public var typeName: String
        /// Participant, mediator or internal object.
        public var role: NodeRole

        /// A node `id` of type `typeName`.
        public init(id: String, typeName: String, role: NodeRole) {
            self.id = id
            self.typeName = typeName
            self.role = role
        }
    }

    /// One stored reference.
    public struct Edge: Hashable, Sendable, Codable {
        /// The ``Node/id`` of the object holding the reference.
        public var from: String
        /// The ``Node/id`` of the object referenced.
        public var to: String
        /// The path of the field inside `from`: `mediator`, `peers[1]`, `receivers[0]`.
        public var label: String
        /// Strong, weak or unowned.
        public var ownership: Ownership

        /// A reference from `from` to `to` through the field `label`.
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

    /// A graph of `nodes` and `edges`, as given.
    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}
