/// How a stored reference holds its object, as the Swift runtime's field metadata says.
public enum Ownership: String, Hashable, Sendable, Codable, CaseIterable {
    case strong, weak, unowned
}

/// What an object is to the scenario.
public enum NodeRole: String, Hashable, Sendable, Codable {
    /// A participant the scenario declared.
    case participant
    /// A mediator object (the current one, or an earlier one still alive after a replacement).
    case mediator
    /// Anything else reachable from them: a design's internal object, such as a wrapper.
    case `internal`
}

/// An object the analysis starts from, as the interpreter holds it at the end of a run's steps.
public struct ReferenceRoot {
    /// A stable, readable id: the participant's name, `mediator`, or `mediator 2` for an earlier
    /// mediator still alive.
    public var id: String
    public var role: NodeRole
    public var object: AnyObject

    public init(id: String, role: NodeRole, object: AnyObject) {
        self.id = id
        self.role = role
        self.object = object
    }
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
