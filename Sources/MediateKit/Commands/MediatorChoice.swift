/// Which designs `run` uses: the scenario's own, one named design, or every registered one.
package enum MediatorChoice: Hashable, Sendable {
    /// The design registered under this name.
    case kind(MediatorKind)
    /// Every registered design, in order.
    case all

    /// `all`, or a design's name (checked against a registry when the command runs).
    package init(argument: String) {
        self = argument == "all" ? .all : .kind(MediatorKind(argument))
    }

    /// The argument that makes this choice: `all`, or the design's name.
    package var argument: String {
        switch self {
        case .kind(let kind): return kind.rawValue
        case .all: return "all"
        }
    }

    /// The kinds to run `scenario` under.
    func kinds(for scenario: LoadedScenario) -> [MediatorKind] {
        switch self {
        case .kind(let kind): return [kind]
        case .all: return scenario.designs.kinds
        }
    }
}
