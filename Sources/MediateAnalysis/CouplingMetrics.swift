import MediateRuntime

/// How coupled a run's participants and mediators are: counts of references, cycles of strong
/// references, what leaked, and each participant's fan-in, fan-out and strong fan-out, computed on
/// the collapsed reference graph (participants and mediators only).
public struct CouplingMetrics: Hashable, Sendable, Codable {
    /// References between participants and mediators, self references included.
    public var references: Int
    /// Strong references among ``references``.
    public var strong: Int
    /// Weak references among ``references``.
    public var weak: Int
    /// Unowned references among ``references``.
    public var unowned: Int
    /// References from one participant to another (self references not counted).
    public var participantToParticipant: Int
    /// Every strongly connected component of the strong references with more than one node, or
    /// one node with a strong self reference: names in node order (participants, then
    /// mediators), cycles ordered by their first member.
    public var cycles: [[String]]
    /// What the release probe found still alive (`RunSummary.leaked`).
    public var leaked: [String]
    /// One entry per participant, in node order.
    public var participants: [ParticipantCoupling]

    /// Collapses `graph` and measures it; `leaked` is the release probe's result.
    ///
    /// The collapsed references are counted as they are found, never gathered into a graph: a
    /// 1,000-participant mesh has a million, which took as much memory again as the graph.
    ///
    /// - Parameters:
    ///   - graph: The references a run left behind (``ReferenceWalker/graph(from:)``).
    ///   - leaked: The ids of the objects still alive after the run released them
    ///     (`RunSummary.leakedObjects`).
    public init(graph: ReferenceGraph, leaked: [String]) {
        let kept = graph.collapsedNodes()
        var references = 0
        var strong = 0
        var weak = 0
        var unowned = 0
        var participantToParticipant = 0
        var fanIn = Array(repeating: 0, count: kept.count)
        var fanOut = Array(repeating: 0, count: kept.count)
        var strongFanOut = Array(repeating: 0, count: kept.count)
        var successors = Array(repeating: [Int](), count: kept.count)
        var selfReferenced = Set<Int>()
        graph.forEachCollapsedEdge(among: kept) { from, to, _, ownership in
            references += 1
            switch ownership {
            case .strong:
                strong += 1
                successors[from].append(to)
                if from == to { selfReferenced.insert(from) }
            case .weak: weak += 1
            case .unowned: unowned += 1
            }
            guard from != to else { return }
            if kept[from].role == .participant, kept[to].role == .participant { participantToParticipant += 1 }
            fanIn[to] += 1
            fanOut[from] += 1
            if ownership == .strong { strongFanOut[from] += 1 }
        }
        self.references = references
        self.strong = strong
        self.weak = weak
        self.unowned = unowned
        self.participantToParticipant = participantToParticipant
        cycles = ReferenceGraph.strongCycles(successors: successors, selfReferenced: selfReferenced)
            .map { $0.map { kept[$0].id } }
        self.leaked = leaked
        let position = ReferenceGraph.firstPositions(of: kept)
        participants = kept.filter { $0.role == .participant }.map { node in
            let index = position[node.id]!
            return ParticipantCoupling(
                name: node.id, fanIn: fanIn[index], fanOut: fanOut[index], strongFanOut: strongFanOut[index])
        }
    }
}

extension ReferenceGraph {
    /// Only participants and mediators; a reference through internal objects counts once and is
    /// strong only if every hop is.
    ///
    /// Nodes: participants, then mediators, each in graph order. There is one edge from A to B
    /// (A and B may be the same node) for every B that A reaches through a path whose inner nodes
    /// are all internal objects; several paths, direct fields included, make one edge. A path is
    /// strong when every hop is, weak when a hop is weak, else unowned; the edge takes the best
    /// of its paths, in the order strong, unowned, weak (an unowned reference still expects its
    /// object to live, a weak one does not). Its label is the hops''
    /// labels joined with `.` along the first best path found breadth-first
    /// (`colleagueWrappers[0].strongColleague`). Edges are ordered by source, then target, in
    /// node order.
    public func collapsed() -> ReferenceGraph {
        let kept = collapsedNodes()
        var collapsedEdges: [Edge] = []
        collapsedEdges.reserveCapacity(edges.count)
        forEachCollapsedEdge(among: kept) { from, to, label, ownership in
            collapsedEdges.append(Edge(from: kept[from].id, to: kept[to].id, label: label, ownership: ownership))
        }
        return ReferenceGraph(nodes: kept, edges: collapsedEdges)
    }

    /// The nodes of ``collapsed()``: participants, then mediators, each in graph order.
    func collapsedNodes() -> [Node] {
        nodes.filter { $0.role == .participant } + nodes.filter { $0.role == .mediator }
    }

    /// The position in `nodes` of the first node with each id.
    static func firstPositions(of nodes: [Node]) -> [String: Int] {
        Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Calls `body` with every edge of ``collapsed()``, in its order, without making the graph:
    /// its ends as positions in `kept` (``collapsedNodes()``; the first node of that id), its label
    /// and its ownership.
    func forEachCollapsedEdge(
        among kept: [Node], _ body: (_ from: Int, _ to: Int, _ label: String, _ ownership: Ownership) -> Void
    ) {
        let position = Self.firstPositions(of: kept)
        // Edge positions rather than copies of the edges: a 1,000-participant mesh has a million.
        var outgoing: [String: [Int]] = [:]
        for (index, edge) in edges.enumerated() { outgoing[edge.from, default: []].append(index) }
        for source in kept {
            let from = position[source.id]!
            var best: [Int: (label: String, ownership: Ownership)] = [:]
            for ownership in Ownership.bestFirst {
                // Breadth-first through internal objects over hops no weaker than `ownership`.
                var queue = [(id: source.id, label: "")]
                var seen: Set<String> = [source.id]
                var next = 0
                while next < queue.count {
                    let (id, label) = queue[next]
                    next += 1
                    for edge in outgoing[id, default: []].lazy.map({ edges[$0] }) where edge.ownership.rank <= ownership.rank {
                        let path = label.isEmpty ? edge.label : label + "." + edge.label
                        if let target = position[edge.to] {
                            if best[target] == nil { best[target] = (path, ownership) }
                        } else if seen.insert(edge.to).inserted {
                            queue.append((edge.to, path))
                        }
                    }
                }
            }
            // In node order, without a pass over every node per source.
            for (target, found) in best.sorted(by: { $0.key < $1.key }) {
                body(from, target, found.label, found.ownership)
            }
        }
    }
}

extension Ownership {
    /// How a collapsed reference's paths are ranked, best first.
    fileprivate static let bestFirst: [Ownership] = [.strong, .unowned, .weak]

    /// The position in `bestFirst`: a path is as weak as its highest-ranked hop.
    fileprivate var rank: Int { Self.bestFirst.firstIndex(of: self)! }
}

extension ReferenceGraph {
    /// The cycles of strong references: strongly connected components (Tarjan) with more than one
    /// node, or a node with a strong reference to itself; names in node order.
    public func strongCycles() -> [[String]] {
        let order = Self.firstPositions(of: nodes)
        var successors = Array(repeating: [Int](), count: nodes.count)
        var selfReferenced = Set<Int>()
        for edge in edges where edge.ownership == .strong {
            guard let from = order[edge.from], let to = order[edge.to] else { continue }
            successors[from].append(to)
            if from == to { selfReferenced.insert(from) }
        }
        return Self.strongCycles(successors: successors, selfReferenced: selfReferenced).map { $0.map { nodes[$0].id } }
    }

    /// The cycles among nodes numbered `0..<successors.count`, whose strong references are
    /// `successors` (`selfReferenced`: the nodes with one to themselves): each cycle's positions
    /// ascending, the cycles by their first.
    static func strongCycles(successors: [[Int]], selfReferenced: Set<Int>) -> [[Int]] {
        let count = successors.count
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var counter = 0
        var components: [[Int]] = []

        // Tarjan's algorithm with an explicit call stack: a node and how many of its successors
        // it has looked at, so that a long chain of references cannot overflow the thread's stack.
        for root in 0..<count where index[root] == -1 {
            var calls: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let call = calls.last {
                let (node, next) = call
                if next < successors[node].count {
                    calls[calls.count - 1].next += 1
                    let successor = successors[node][next]
                    if index[successor] == -1 {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        calls.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.node { lowLink[caller] = min(lowLink[caller], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                components.append(component)
            }
        }
        return
            components
            .filter { $0.count > 1 || selfReferenced.contains($0[0]) }
            .map { $0.sorted() }
            .sorted { $0[0] < $1[0] }
    }
}
