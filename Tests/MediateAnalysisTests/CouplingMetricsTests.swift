import Foundation
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// What docs/DESIGNS.md shows on three participants, for one kind.
struct ExpectedCoupling: Sendable, CustomTestStringConvertible {
    var kind: MediatorKind
    var strong: Int
    var weak: Int
    var participantToParticipant: Int
    var cycles: [[String]]
    var leaked: [String]

    var testDescription: String { kind.rawValue }
}

/// A graph edge, shorter.
private func edge(_ from: String, _ to: String, _ label: String, _ ownership: Ownership) -> ReferenceGraph.Edge {
    .init(from: from, to: to, label: label, ownership: ownership)
}

private func node(_ id: String, _ role: NodeRole) -> ReferenceGraph.Node {
    .init(id: id, typeName: role == .internal ? String(id.prefix { $0 != "#" }) : "Participant", role: role)
}

@Suite("Coupling metrics")
struct CouplingMetricsTests {
    @Test(arguments: [
        ExpectedCoupling(kind: .protocolExtension, strong: 3, weak: 3, participantToParticipant: 0, cycles: [], leaked: []),
        ExpectedCoupling(kind: .wrapper, strong: 3, weak: 3, participantToParticipant: 0, cycles: [], leaked: []),
        ExpectedCoupling(
            kind: .directDelegate, strong: 6, weak: 0, participantToParticipant: 0,
            cycles: [["A", "B", "C", "mediator"]], leaked: ["A", "B", "C", "mediator"]),
        ExpectedCoupling(
            kind: .mesh, strong: 6, weak: 0, participantToParticipant: 6,
            cycles: [["A", "B", "C"]], leaked: ["A", "B", "C"]),
    ])
    func threeParticipantsMeasureAsMediatorsSays(expected: ExpectedCoupling) throws {
        let (graph, summary) = try analyse(threeParticipants, kind: expected.kind)
        let metrics = CouplingMetrics(graph: graph, leaked: summary.leaked)
        #expect(metrics.references == expected.strong + expected.weak)
        #expect(metrics.strong == expected.strong)
        #expect(metrics.weak == expected.weak)
        #expect(metrics.unowned == 0)
        #expect(metrics.participantToParticipant == expected.participantToParticipant)
        #expect(metrics.cycles == expected.cycles)
        #expect(metrics.leaked == expected.leaked)
        let fan = expected.kind == .mesh ? 2 : 1
        // What each participant keeps alive: its weakly held mediator nothing, direct-delegate's
        // strongly held one, the mesh's peers.
        let strong = [.mesh: 2, .directDelegate: 1][expected.kind, default: 0]
        #expect(
            metrics.participants
                == ["A", "B", "C"].map {
                    ParticipantCoupling(name: $0, fanIn: fan, fanOut: fan, strongFanOut: strong)
                })
    }

    @Test func theWrapperDesignIsCollapsedThroughItsWrappers() throws {
        let (graph, _) = try analyse(threeParticipants, kind: .wrapper)
        #expect(
            lines(graph) == [
                "A -mediator-> mediator (weak)",
                "B -mediator-> mediator (weak)",
                "C -mediator-> mediator (weak)",
                "mediator -colleagueWrappers[0]-> ColleagueWrapper#1 (strong)",
                "mediator -colleagueWrappers[1]-> ColleagueWrapper#2 (strong)",
                "mediator -colleagueWrappers[2]-> ColleagueWrapper#3 (strong)",
                "ColleagueWrapper#1 -strongColleague-> A (strong)",
                "ColleagueWrapper#2 -strongColleague-> B (strong)",
                "ColleagueWrapper#3 -strongColleague-> C (strong)",
            ])
        #expect(
            graph.nodes.map(\.typeName) == Array(repeating: "Colleague", count: 3)
                + ["WrapperMediator<Colleague>"] + Array(repeating: "ColleagueWrapper", count: 3))
        #expect(
            lines(graph.collapsed()) == [
                "A -mediator-> mediator (weak)",
                "B -mediator-> mediator (weak)",
                "C -mediator-> mediator (weak)",
                "mediator -colleagueWrappers[0].strongColleague-> A (strong)",
                "mediator -colleagueWrappers[1].strongColleague-> B (strong)",
                "mediator -colleagueWrappers[2].strongColleague-> C (strong)",
            ])
    }

    @Test func aWeakWrapperMakesTheCollapsedReferenceWeak() throws {
        let (graph, summary) = try analyse("participant A\nparticipant B weak\nA -> *: \"hi\"", kind: .wrapper)
        #expect(
            lines(graph.collapsed()) == [
                "A -mediator-> mediator (weak)",
                "B -mediator-> mediator (weak)",
                "mediator -colleagueWrappers[0].strongColleague-> A (strong)",
                "mediator -colleagueWrappers[1].weakColleague-> B (weak)",
            ])
        #expect(summary.leaked == [])
    }

    @Test func aPathIsStrongOnlyIfEveryHopIs() {
        let graph = ReferenceGraph(
            nodes: [
                node("A", .participant), node("B", .participant), node("C", .participant),
                node("m", .mediator), node("Box#1", .internal), node("Box#2", .internal), node("Box#3", .internal),
            ],
            edges: [
                // A → B: a weak hop on one path, all strong on the other.
                edge("A", "Box#1", "boxes[0]", .strong),
                edge("Box#1", "B", "target", .weak),
                edge("A", "Box#2", "boxes[1]", .strong),
                edge("Box#2", "B", "target", .strong),
                // B → C: two direct fields, one reference; unowned beats weak.
                edge("B", "C", "first", .weak),
                edge("B", "C", "second", .unowned),
                // C → B through a weak box: weak. m → m through a box: a strong self reference.
                edge("C", "Box#1", "box", .strong),
                edge("m", "Box#3", "own", .strong),
                edge("Box#3", "m", "back", .strong),
                edge("Box#3", "B", "target", .strong),
            ])
        #expect(
            graph.collapsed().edges == [
                edge("A", "B", "boxes[1].target", .strong),
                edge("B", "C", "second", .unowned),
                edge("C", "B", "box.target", .weak),
                edge("m", "B", "own.target", .strong),
                edge("m", "m", "own.back", .strong),
            ])
        let metrics = CouplingMetrics(graph: graph, leaked: ["m"])
        #expect(metrics.references == 5)
        #expect([metrics.strong, metrics.weak, metrics.unowned] as [Int] == [3, 1, 1])
        #expect(metrics.participantToParticipant == 3)
        #expect(metrics.cycles == [["m"]])
        #expect(metrics.leaked == ["m"])
        #expect(
            metrics.participants == [
                ParticipantCoupling(name: "A", fanIn: 0, fanOut: 1, strongFanOut: 1),
                ParticipantCoupling(name: "B", fanIn: 3, fanOut: 1, strongFanOut: 0),
                ParticipantCoupling(name: "C", fanIn: 1, fanOut: 1, strongFanOut: 0),
            ])
    }

    @Test func cyclesAreComponentsInNodeOrder() {
        let graph = ReferenceGraph(
            nodes: [
                node("m", .mediator), node("A", .participant), node("B", .participant),
                node("C", .participant), node("D", .participant),
            ],
            edges: [
                edge("D", "C", "next", .strong),
                edge("C", "D", "next", .strong),
                edge("m", "B", "b", .strong),
                edge("B", "m", "m", .strong),
                edge("A", "B", "b", .strong),
                edge("B", "A", "a", .weak),
            ])
        // Participants come before mediators; a weak reference closes no cycle.
        #expect(graph.collapsed().nodes.map(\.id) == ["A", "B", "C", "D", "m"])
        #expect(CouplingMetrics(graph: graph, leaked: []).cycles == [["B", "m"], ["C", "D"]])
    }

    @Test func aCycleThroughAnInternalObjectIsAStrongSelfReference() {
        let graph = ReferenceGraph(
            nodes: [node("first", .participant), node("Node#1", .internal)],
            edges: [edge("first", "Node#1", "next", .strong), edge("Node#1", "first", "next", .strong)])
        #expect(graph.collapsed().edges == [edge("first", "first", "next.next", .strong)])
        let metrics = CouplingMetrics(graph: graph, leaked: [])
        #expect(metrics.cycles == [["first"]])
        #expect(metrics.participants == [ParticipantCoupling(name: "first", fanIn: 0, fanOut: 0, strongFanOut: 0)])
    }

    /// The metrics counted while collapsing, as the collapsed graph itself counts: every design's
    /// graph of three participants, and one with an internal chain, an unowned hop, a self
    /// reference and two mediators.
    @Test(arguments: [MediatorKind.protocolExtension, .wrapper, .directDelegate, .mesh, .actor, .asyncStream, .notificationCenter])
    func metricsAreTheCollapsedGraphsCounts(kind: MediatorKind) throws {
        let (graph, summary) = try analyse(threeParticipants, kind: kind)
        #expect(CouplingMetrics(graph: graph, leaked: summary.leaked) == counted(graph.collapsed(), leaked: summary.leaked))
    }

    @Test func metricsOfAMixedGraphAreTheCollapsedGraphsCounts() {
        let graph = ReferenceGraph(
            nodes: [
                node("m", .mediator), node("A", .participant), node("B", .participant), node("Box#1", .internal),
                node("n", .mediator), node("C", .participant),
            ],
            edges: [
                edge("A", "Box#1", "box", .strong),
                edge("Box#1", "B", "peer", .unowned),
                edge("Box#1", "A", "owner", .strong),
                edge("B", "A", "back", .weak),
                edge("C", "C", "me", .strong),
                edge("m", "A", "a", .strong),
                edge("A", "m", "m", .strong),
                edge("n", "C", "c", .unowned),
                edge("C", "n", "n", .strong),
            ])
        let collapsed = graph.collapsed()
        #expect(collapsed.edges.map(\.ownership).contains(.unowned))
        #expect(CouplingMetrics(graph: graph, leaked: ["A"]) == counted(collapsed, leaked: ["A"]))
    }

    @Test func metricsEncodeAsJSON() throws {
        let (graph, summary) = try analyse(threeParticipants, kind: .mesh)
        let metrics = CouplingMetrics(graph: graph, leaked: summary.leaked)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let decoded = try JSONDecoder().decode(CouplingMetrics.self, from: encoder.encode(metrics))
        #expect(decoded == metrics)
    }
}

#if Combine
    extension CouplingMetricsTests {
        /// What the coupling walk sees under the combine design: each colleague's subscription (an `AnyCancellable`, whose
        /// closure keeps the `Sink`, whose `[weak self]` closure reaches the colleague back) and
        /// weak mediator, and the mediator's inboxes, each subject held in a cycle with its
        /// subscription until it is cancelled. Collapsed, that is the wrapper's star and a weak
        /// self reference per colleague: no cycle between participants and the mediator, nothing
        /// leaked.
        @Test func theCombineWalkSeesSubscriptionsAndInboxes() throws {
            let (graph, summary) = try analyse(threeParticipants, kind: .combine)
            let edges = Set(graph.edges.map { "\($0.from) -\($0.label)-> \($0.to.split(separator: "#")[0])" })
            #expect(
                edges.isSuperset(of: [
                    "A -subscription-> AnyCancellable", "A -mediator-> mediator", "mediator -inboxes[0].colleague.strong-> A",
                    "AnyCancellable#1 -_cancel.captures[0]-> Sink<Delivery, Never>",
                    "Sink<Delivery, Never>#1 -receiveValue.captures[1]-> Courier",
                ]))
            #expect(edges.contains { $0.hasPrefix("mediator -inboxes[0].subject-> PassthroughSubject<Delivery, Never>") })
            #expect(graph.edges.contains { $0.label == "receiveValue.captures[0]" && $0.to == "A" && $0.ownership == .weak })
            let metrics = CouplingMetrics(graph: graph, leaked: summary.leaked)
            let wrapper = CouplingMetrics(graph: try analyse(threeParticipants, kind: .wrapper).graph, leaked: [])
            #expect(metrics.participants == wrapper.participants)
            #expect((metrics.references, metrics.strong, metrics.weak) == (wrapper.references + 3, wrapper.strong, wrapper.weak + 3))
            #expect(metrics.cycles.isEmpty && metrics.leaked.isEmpty)
        }
    }
#endif

/// The metrics of an already collapsed graph, counted from its edges one by one.
private func counted(_ collapsed: ReferenceGraph, leaked: [String]) -> CouplingMetrics {
    var metrics = CouplingMetrics(graph: ReferenceGraph(nodes: [], edges: []), leaked: leaked)
    let edges = collapsed.edges
    let role = Dictionary(uniqueKeysWithValues: collapsed.nodes.map { ($0.id, $0.role) })
    metrics.references = edges.count
    metrics.strong = edges.count { $0.ownership == .strong }
    metrics.weak = edges.count { $0.ownership == .weak }
    metrics.unowned = edges.count { $0.ownership == .unowned }
    metrics.participantToParticipant = edges.count {
        $0.from != $0.to && role[$0.from] == .participant && role[$0.to] == .participant
    }
    metrics.cycles = collapsed.strongCycles()
    let others = edges.filter { $0.from != $0.to }
    metrics.participants = collapsed.nodes.filter { $0.role == .participant }.map { node in
        ParticipantCoupling(
            name: node.id, fanIn: others.count { $0.to == node.id }, fanOut: others.count { $0.from == node.id },
            strongFanOut: others.count { $0.from == node.id && $0.ownership == .strong })
    }
    return metrics
}
