import Testing

@testable import MediateAnalysis
@testable import MediateRuntime

#if canImport(OpenCombine)
    import OpenCombine
#endif

// Classes whose custom mirror shows nothing, and OpenCombine's sink, as the walk reads them.

private final class Peer {}

/// Hides its peer behind an empty mirror, as `Subscribers.Sink` does its closures.
private final class Quiet: CustomReflectable {
    let peer: Peer
    var onChange: () -> Void = {}
    init(_ peer: Peer) { self.peer = peer }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Hides its peer on purpose.
private final class Sealed: CustomReflectable, HidesStoredReferences {
    let peer: Peer
    init(_ peer: Peer) { self.peer = peer }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Shows a mirror of its own, with a child: the walk reads what it shows, not its fields.
private final class Shown: CustomReflectable {
    let peer: Peer
    let hidden: Peer
    init(_ peer: Peer, _ hidden: Peer) { (self.peer, self.hidden) = (peer, hidden) }
    var customMirror: Mirror { Mirror(self, children: ["peer": peer]) }
}

/// Keeps a courier, as a mediator does.
private final class Keeper {
    let courier: Courier
    init(_ courier: Courier) { self.courier = courier }
}

private func walk(_ root: AnyObject, id: String = "root") -> (lines: [String], graph: ReferenceGraph) {
    let graph = ReferenceWalker.graph(from: [ReferenceRoot(id: id, role: .participant, object: root)])
    return (lines(graph), graph)
}

@Suite("Reference walker: past an empty custom mirror")
struct ReferenceWalkerMirrorTests {
    @Test func anEmptyCustomMirrorIsReadPastByTheClassFields() {
        let quiet = Quiet(Peer())
        quiet.onChange = { _ = quiet }
        defer { quiet.onChange = {} }
        let (lines, graph) = walk(quiet)
        #expect(lines == ["root -peer-> Peer#1 (strong)", "root -onChange.captures[0]-> root (strong)"])
        #expect(CouplingMetrics(graph: graph, leaked: []).cycles == [["root"]])
    }

    @Test func aClassThatHidesItsReferencesShowsNone() {
        #expect(walk(Sealed(Peer())).lines == [])
    }

    @Test func aMirrorWithChildrenIsReadAsItShows() {
        #expect(walk(Shown(Peer(), Peer())).lines == ["root -peer-> Peer#1 (strong)"])
    }

    @Test func aCourierStillHidesTheRunBehindIt() {
        let peer = Peer()
        let courier = Courier(recording: { _ in _ = peer })
        let (lines, graph) = walk(Keeper(courier))
        #expect(lines == ["root -courier-> Courier#1 (strong)"])
        #expect(graph.nodes.map(\.id) == ["root", "Courier#1"])
    }
}

#if canImport(OpenCombine)
    /// A colleague that listens with OpenCombine's `sink` and keeps the subscription.
    private final class Listener {
        var subscription: AnyCancellable?
        var received: [Int] = []

        func listen(to subject: PassthroughSubject<Int, Never>, weakly: Bool) {
            subscription =
                weakly
                ? subject.sink { [weak self] in self?.received.append($0) }
                : subject.sink { self.received.append($0) }
        }
    }

    @Suite("Reference walker: OpenCombine's sink")
    struct ReferenceWalkerOpenCombineTests {
        @Test func aSinkCapturingSelfStronglyIsACycleThroughTheAnyCancellable() {
            let subject = PassthroughSubject<Int, Never>()
            let listener = Listener()
            listener.listen(to: subject, weakly: false)
            defer { listener.subscription = nil }
            subject.send(1)
            #expect(listener.received == [1])
            let (lines, graph) = walk(listener, id: "colleague")
            #expect(
                lines == [
                    "colleague -subscription-> AnyCancellable#1 (strong)",
                    "AnyCancellable#1 -_cancel.captures[0]-> Sink<Int, Never>#1 (strong)",
                    "Sink<Int, Never>#1 -receiveValue.captures[0]-> colleague (strong)",
                ] + Self.subscriptionLines)
            #expect(
                graph.strongCycles() == [
                    [
                        "colleague", "AnyCancellable#1", "Sink<Int, Never>#1", "Conduit<Sink<Int, Never>>#1",
                        "PassthroughSubject<Int, Never>#1",
                    ]
                ])
            #expect(CouplingMetrics(graph: graph, leaked: []).cycles == [["colleague"]])
        }

        @Test func aSinkCapturingSelfWeaklyIsNoCycle() {
            let subject = PassthroughSubject<Int, Never>()
            let listener = Listener()
            listener.listen(to: subject, weakly: true)
            let (lines, graph) = walk(listener, id: "colleague")
            #expect(
                lines == [
                    "colleague -subscription-> AnyCancellable#1 (strong)",
                    "AnyCancellable#1 -_cancel.captures[0]-> Sink<Int, Never>#1 (strong)",
                    "Sink<Int, Never>#1 -receiveValue.captures[0]-> colleague (weak)",
                ] + Self.subscriptionLines)
            // OpenCombine's own: the subscription and the subject hold each other until cancelled.
            #expect(graph.strongCycles() == [["Sink<Int, Never>#1", "Conduit<Sink<Int, Never>>#1", "PassthroughSubject<Int, Never>#1"]])
            #expect(CouplingMetrics(graph: graph, leaked: []).cycles == [])
        }

        /// What a live subscription holds, whatever the sink captures.
        private static let subscriptionLines = [
            "Sink<Int, Never>#1 -status.subscribed-> Conduit<Sink<Int, Never>>#1 (strong)",
            "Conduit<Sink<Int, Never>>#1 -parent-> PassthroughSubject<Int, Never>#1 (strong)",
            "Conduit<Sink<Int, Never>>#1 -downstream-> Sink<Int, Never>#1 (strong)",
            "Conduit<Sink<Int, Never>>#1 -subject-> PassthroughSubject<Int, Never>#1 (strong)",
            "PassthroughSubject<Int, Never>#1 -downstreams.single-> Conduit<Sink<Int, Never>>#1 (strong)",
        ]
    }
#endif
