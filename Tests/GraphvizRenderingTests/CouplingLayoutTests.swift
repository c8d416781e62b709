import Foundation
import GraphvizRendering
import MediateAnalysis
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateEmitters
@testable import MediateKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The coupling diagram as Graphviz lays it out: the same star in every design, references back
/// to an owner beside the references they answer, and `leaked` inside its box.
@Suite("Coupling layout")
struct CouplingLayoutTests {
    static func coupling(_ name: String, kind: MediatorKind) throws -> String {
        let scenario = try CommittedScenarios.load(name)
        let run = KindRun.run(scenario, kind: kind, output: nil)
        return DOTEmitter.coupling(
            run.references, metrics: run.metrics, participants: scenario.participants, title: scenario.title, kind: kind)
    }

    /// Every design with a mediator draws it on top, and the participants in one row beneath it,
    /// in declaration order, as the compare diagram's panels do.
    @Test(arguments: MediatorKind.allCases.filter { $0 != .mesh })
    func theMediatorIsOnTopAndTheParticipantsInARow(kind: MediatorKind) throws {
        let svg = try render(try Self.coupling("musketeers.scenario", kind: kind), format: .svg, layout: nil)
        let nodes = try SVGLayout.read(String(decoding: svg, as: UTF8.self)).nodes
        let mediator = try #require(nodes["mediator"])
        let participants = try ["Athos", "Porthos", "Aramis"].map { try #require(nodes[$0]) }
        #expect(participants.allSatisfy { mediator.y < $0.y })
        #expect(Set(participants.map(\.y)).count == 1)
    }

    /// A reference back to an owner (wrapper's weak `mediator`, held through a wrapper the
    /// mediator owns) is laid out from the owner down, its arrowhead at the owner: with
    /// `constraint=false` Graphviz routed it around the whole diagram.
    @Test func aReferenceBackToAnOwnerRunsFromTheOwnerDown() throws {
        let dot = try Self.coupling("musketeers.scenario", kind: .wrapper)
        for name in ["Athos", "Porthos", "Aramis"] {
            #expect(
                dot.contains(
                    "  \"mediator\" -> \"\(name)\" [headlabel=\"mediator\", style=dashed, labeldistance=2, labelangle=40, dir=back];"))
        }
        #expect(!dot.contains("constraint=false"))
    }

    /// Each participant's reference back to the mediator has its label nearer it than any other
    /// edge, and stays in the band between the mediator and the participants.
    @Test(arguments: [MediatorKind.protocolExtension, .wrapper, .notificationCenter, .combine])
    func everyBackReferenceHasItsLabelBesideIt(kind: MediatorKind) throws {
        let svg = try render(try Self.coupling("musketeers.scenario", kind: kind), format: .svg, layout: nil)
        let layout = try SVGLayout.read(String(decoding: svg, as: UTF8.self))
        let back = layout.edges.filter { edge in
            edge.dashed && ["Athos", "Porthos", "Aramis"].contains { [$0 + "->mediator", "mediator->" + $0].contains(edge.title) }
        }
        #expect(back.count == 3)
        for edge in back {
            #expect(edge.label != nil)
            let own = edge.distanceToLabel(of: edge)
            for other in layout.edges where other.title != edge.title {
                #expect(own <= other.distanceToLabel(of: edge), "\(edge.title)'s label is nearer \(other.title)")
            }
        }
        let mediator = try #require(layout.nodes["mediator"])
        let lowest = try ["Athos", "Porthos", "Aramis"].map { try #require(layout.nodes[$0]).y }.max() ?? 0
        for edge in back {
            #expect(edge.points.allSatisfy { mediator.y - 40 <= $0.y && $0.y <= lowest + 40 }, "\(edge.title)")
        }
    }

    /// An app's own mediator that holds its participants weakly, held strongly by each, with a
    /// closure each participant keeps (the ChatRoom example's `chat-room`): the mediator stays on
    /// top, the participants in a row (one that left too), what they capture beneath them.
    @Test func aWeaklyHoldingMediatorStaysAboveWhatItsParticipantsCapture() throws {
        func edge(_ from: String, _ to: String, _ label: String, _ ownership: Ownership) -> ReferenceGraph.Edge {
            ReferenceGraph.Edge(from: from, to: to, label: label, ownership: ownership)
        }
        let names = ["Ann", "Ben", "Cho"]
        var edges = [edge("Design#1", "mediator", "room", .strong)]
        for (index, name) in names.enumerated() {
            edges.append(edge(name, "Design#1", "onEvent.captures[0]", .weak))
            guard name != "Ben" else { continue }
            edges.append(edge(name, "mediator", "room", .strong))
            edges.append(edge("mediator", name, "members[\(index)].user", .weak))
        }
        let graph = ReferenceGraph(
            nodes: [ReferenceGraph.Node(id: "mediator", typeName: "Room", role: .mediator)]
                + names.map { ReferenceGraph.Node(id: $0, typeName: "User", role: .participant) }
                + [ReferenceGraph.Node(id: "Design#1", typeName: "Design", role: .internal)],
            edges: edges)
        let dot = DOTEmitter.coupling(
            graph, metrics: CouplingMetrics(graph: graph, leaked: []), participants: names.map { ($0, "User") },
            title: "Lobby", kind: .wrapper)
        let nodes = try SVGLayout.read(String(decoding: try render(dot, format: .svg, layout: nil), as: UTF8.self)).nodes
        let mediator = try #require(nodes["mediator"])
        let participants = try names.map { try #require(nodes[$0]) }
        let made = try #require(nodes["Design#1"])
        #expect(participants.allSatisfy { mediator.y < $0.y && $0.y < made.y })
        #expect(Set(participants.map(\.y)).count == 1)
    }

    /// The key lists `mediator 2` where the diagram has one: control-room's direct-delegate
    /// mediator, left alive by a replacement, is the only one its graph holds.
    @Test func theKeyNamesAnEarlierMediatorWhereThereIsOne() throws {
        let entry = "<TD ALIGN=\"LEFT\">an earlier mediator that links keep alive</TD>"
        #expect(try Self.coupling("control-room.scenario", kind: .directDelegate).contains(entry))
        #expect(try !Self.coupling("musketeers.scenario", kind: .directDelegate).contains(entry))
    }

    /// `leaked` is a line inside the box, never a free label that an arrowhead can cover.
    @Test func leakedIsWrittenInsideTheBox() throws {
        let dot = try Self.coupling("musketeers.scenario", kind: .directDelegate)
        #expect(!dot.contains("xlabel"))
        #expect(dot.contains("label=\"Athos\\n: Musketeer\\n(leaked)\""))
        #expect(dot.contains("label=\"mediator\\n: DirectDelegateMediator\\n(leaked)\""))
    }
}

/// Nodes (by title: the position of their first text) and edges (by title: their path's points
/// and their label's position) of a Graphviz SVG, in points, y downwards.
enum SVGLayout {
    struct Point {
        var x: Double
        var y: Double
    }

    struct Edge {
        var title: String
        var points: [Point] = []
        var dashed = false
        /// Where the label's text is centred on its baseline.
        var label: Point?
        var labelText = ""

        /// The distance from the path to the box of the label's text (10 points high, as wide as
        /// Helvetica sets it: about a tenth narrower than the fallback font).
        func distanceToLabel(of other: Edge) -> Double {
            guard let label = other.label else { return .infinity }
            let half = FallbackTextWidth.width(of: other.labelText, size: 10) / 1.1 / 2
            return points.map { point in
                let dx = max(label.x - half - point.x, 0, point.x - label.x - half)
                let dy = max(label.y - 10 - point.y, 0, point.y - label.y)
                return (dx * dx + dy * dy).squareRoot()
            }.min() ?? .infinity
        }
    }

    final class Collector: NSObject, XMLParserDelegate {
        var nodes: [String: Point] = [:]
        var edges: [Edge] = []
        var kind: String?
        var title: String?
        var inTitle = false
        var inLabel = false
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "g" where attributes["class"] == "node" || attributes["class"] == "edge":
                kind = attributes["class"]
                title = nil
            case "title" where kind != nil:
                inTitle = true
                text = ""
            case "path" where kind == "edge":
                guard let title, let path = attributes["d"] else { return }
                edges.append(Edge(title: title, points: Self.points(path), dashed: attributes["stroke-dasharray"] != nil))
            case "text":
                guard let title, let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init)
                else { return }
                let point = Point(x: x, y: y)
                if kind == "node", nodes[title] == nil { nodes[title] = point }
                if kind == "edge", let last = edges.indices.last, edges[last].title == title, edges[last].label == nil {
                    edges[last].label = point
                    inLabel = true
                }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { text += string }
            if inLabel, let last = edges.indices.last { edges[last].labelText += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inLabel = false }
            if name == "title", inTitle {
                // Graphviz writes an edge's title as `from->to`, escaped as XML: `&#45;&gt;`.
                title = text
                inTitle = false
            }
        }

        /// Points along an SVG path of Graphviz's form, `M x,y C x1,y1 x2,y2 x3,y3 …`: each cubic
        /// Bézier piece sampled at twenty steps.
        static func points(_ path: String) -> [Point] {
            let numbers = path.split { !"0123456789.-".contains($0) }.compactMap { Double($0) }
            let controls = stride(from: 0, to: numbers.count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
            guard var start = controls.first else { return [] }
            var points = [start]
            for piece in stride(from: 1, to: controls.count - 2, by: 3) {
                let (a, b, c) = (controls[piece], controls[piece + 1], controls[piece + 2])
                for step in 1...20 {
                    let t = Double(step) / 20
                    let u = 1 - t
                    func blend(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
                        u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
                    }
                    points.append(Point(x: blend(start.x, a.x, b.x, c.x), y: blend(start.y, a.y, b.y, c.y)))
                }
                start = c
            }
            return points
        }
    }

    static func read(_ svg: String) throws -> (nodes: [String: Point], edges: [Edge]) {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw SVGText.Malformed(description: "not well-formed") }
        return (collector.nodes, collector.edges)
    }
}
