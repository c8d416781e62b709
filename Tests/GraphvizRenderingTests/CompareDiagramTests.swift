import Foundation
import GraphvizRendering
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateEmitters
@testable import MediateKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The compare diagram as drawn by Graphviz: where participants land in every box, the legend,
/// and which layouts are refused.
@Suite("Compare diagram")
struct CompareDiagramTests {
    /// Mediators replaced three times, participants declared between the replacements, one
    /// released and one leaving: the order Graphviz gave the boxes used to follow the references.
    static let replaced = """
        scenario "Replaced"
        mediator direct-delegate
        participant A : Node
        participant B : Node
        participant C : Node weak
        A -> *: "one"
        mediator mesh
        participant D : Node
        D -> *: "two"
        mediator direct-delegate
        participant E : Node
        release C
        E -> *: "three"
        mediator wrapper
        participant F : Node
        leave A
        F -> *: "four"

        """

    static func scenario(_ source: String) throws -> LoadedScenario {
        try ScenarioLoader.load(SourceFile(path: "test.scenario", text: source)).get()
    }

    /// `count` participants P1 … Pn under a wrapper, each broadcasting once.
    static func crowd(_ count: Int) -> String {
        var source = "scenario \"Crowd\"\nmediator wrapper\n"
        for index in 1...count { source += "participant P\(index) : Node\n" }
        for index in 1...count { source += "P\(index) -> *: \"hello\"\n" }
        return source
    }

    static func compareDOT(_ scenario: LoadedScenario) -> String {
        DOTEmitter.compare(ComparisonReport(scenario: scenario).columns, participants: scenario.participants, title: scenario.title)
    }

    static func compareSVG(_ scenario: LoadedScenario) throws -> String {
        String(decoding: try render(compareDOT(scenario), format: .svg, layout: nil), as: UTF8.self)
    }

    /// The key names every mark the panels draw, at the nodes' size; `mediator 2` and the
    /// dashed grey box only where a panel has one.
    @Test func theKeyExplainsEveryMarkAtTheNodesSize() throws {
        let marks = [
            "hexagon", "rounded box", "solid arrow", "dashed arrow", "dotted arrow", "red", "double border",
        ]
        let musketeers = try SVGText.texts(of: try Self.compareSVG(try CommittedScenarios.load("musketeers.scenario")))
        for mark in marks { #expect(musketeers.contains(mark), "no \(mark)") }
        let earlier = "an earlier mediator that links keep alive"
        #expect(!musketeers.contains(earlier))
        #expect(!musketeers.contains("dashed grey box"))
        let controlRoom = try SVGText.texts(of: try Self.compareSVG(try CommittedScenarios.load("control-room.scenario")))
        for mark in marks + [earlier, "dashed grey box"] { #expect(controlRoom.contains(mark), "no \(mark)") }
        let dot = Self.compareDOT(try CommittedScenarios.load("musketeers.scenario"))
        let key = try #require(dot.split(separator: "\n").first { $0.hasPrefix("  legend [") })
        #expect(!key.contains("fontsize"))
        #expect(dot.contains("node [fontname=\"Helvetica\", fontsize=12]"))
    }

    @Test(arguments: [replaced, crowd(12)])
    func everyBoxShowsTheParticipantsInDeclarationOrder(source: String) throws {
        let scenario = try Self.scenario(source)
        let boxes = try SVGNodes.boxes(of: try Self.compareSVG(scenario))
        #expect(boxes.count == MediatorKind.allCases.count)
        for (box, nodes) in boxes {
            // Reading order: row by row, left to right.
            let names = nodes.filter { !$0.name.hasPrefix("mediator") }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }.map(\.name)
            #expect(names == scenario.participants.map(\.name), "box \(box)")
        }
    }

    /// A mediator the scenario names is that name in the coupling and compare
    /// diagrams and in the compare table, as in the transcript; the direct-delegate mediator a
    /// replacement leaves alive is `Hub 2`, as an unnamed one is `mediator 2`. And
    /// each is drawn with its class beneath its name, as a participant is with its type.
    @Test func aNamedMediatorIsNamedInTheDiagramsAndTheTable() throws {
        let scenario = try Self.scenario(
            """
            language 1.1
            scenario "Named"
            mediator direct-delegate as Hub
            participant A
            participant B
            A -> B: "before"
            mediator wrapper
            B -> A: "after"

            """)
        func mediators(_ dot: String) -> [String] {
            dot.matches(of: #/label="([^"]*)", shape=hexagon/#).map { String($0.1) }
        }
        let run = KindRun.run(scenario, kind: .directDelegate, output: nil)
        let coupling = DOTEmitter.coupling(
            run.references, metrics: run.metrics, participants: scenario.participants, title: scenario.title,
            kind: .directDelegate)
        let wrapper = #"Hub\n: WrapperMediator<Colleague>"#
        let delegate = #"Hub 2\n: DirectDelegateMediator"#
        #expect(mediators(coupling) == [wrapper, delegate + #"\n(leaked)"#])
        let report = ComparisonReport(scenario: scenario)
        let compare = DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title)
        // Every design's box has the wrapper that replaced its mediator; direct-delegate's also
        // the mediator it leaked.
        let drawn = mediators(compare)
        #expect(drawn.filter { $0 != wrapper } == [delegate])
        #expect(drawn.count == report.implementations.count + 1)
        #expect(compare.contains(">(A, B, Hub 2)</TD>"))
        #expect(compare.contains(">A, B, Hub 2</TD>"))
        let table = ComparisonFormatter.table(report)
        #expect(table.contains("(A B Hub 2)"))
        #expect(!table.contains("mediator"))
        #expect(!ComparisonFormatter.json(report).contains("mediator"))
    }

    /// Graphviz sizes the metrics table for Helvetica, and `rsvg-convert`,
    /// which sets it in DejaVu Sans, cut "protocol-extensio" and ran the cycles into the next
    /// cell. Each text, as wide as DejaVu Sans sets it, now ends inside its cell's padding.
    @Test(arguments: ["air-traffic.scenario", "game-lobby.scenario", "office.scenario"])
    func theTableHoldsItsTextInTheFallbackFont(name: String) throws {
        let svg = try Self.compareSVG(try CommittedScenarios.load(name))
        let table = try SVGTable.read(svg)
        #expect(table.texts.count == 8 * (MediatorKind.allCases.count + 1) - 1)
        for text in table.texts {
            let cell = table.cells.first { $0.minX <= text.x && text.x <= $0.maxX && $0.minY <= text.y && text.y <= $0.maxY }
            let end = text.x + FallbackTextWidth.width(of: text.text, size: text.size)
            #expect(cell.map { end <= $0.maxX - 5 } == true, "\(text.text) ends at \(end), its cell at \(cell?.maxX ?? 0)")
        }
    }

    /// DejaVu Sans's widths, as read from its `hmtx` table (2,048 units to the em).
    @Test func theFallbackWidthsAreDejaVuSans() {
        #expect(FallbackTextWidth.width(of: "protocol-extension", size: 12) == 112.25390625)
        #expect(FallbackTextWidth.width(of: "(Speedbird, Lufthansa, Cessna, Ground, mediator)", size: 12) == 302.373046875)
        #expect(FallbackTextWidth.width(of: "mesh", size: 2_048) == 1_995 + 1_260 + 1_067 + 1_298)
        #expect(FallbackTextWidth.width(of: "→…", size: 10) == 20)
    }

    @Test(arguments: [(1, [1]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (11, [4, 4, 3]), (12, [4, 4, 4])])
    func rowsAreAsEvenAsCanBe(count: Int, lengths: [Int]) {
        let names = (1...count).map { "P\($0)" }
        let rows = DOTEmitter.balancedRows(names, longest: 5)
        #expect(rows.map(\.count) == lengths)
        #expect(Array(rows.joined()) == names)
    }

    @Test func manyParticipantsWrapIntoRowsOfAtMostFive() throws {
        let svg = try Self.compareSVG(try Self.scenario(Self.crowd(12)))
        for (box, nodes) in try SVGNodes.boxes(of: svg) {
            let rows = Dictionary(grouping: nodes.filter { $0.name.hasPrefix("P") }, by: \.y)
            #expect(rows.values.allSatisfy { $0.count <= 5 }, "box \(box): rows of \(rows.values.map(\.count))")
        }
        let width = try #require(svg.firstMatch(of: #/<svg width="(\d+)pt"/#).flatMap { Int($0.1) })
        // 400 points a box: under 2,000 for the five designs there were, 2,483 for seven, 2,816
        // for eight.
        #expect(width < 400 * MediatorKind.allCases.count)
    }

    /// neato, sfdp and twopi drew the boxes and the table over each other, circo drew no boxes,
    /// fdp scattered them: each with exit 0.
    @Test(arguments: DiagramLayout.allCases)
    func onlyDotMayLayOutTheComparison(layout: DiagramLayout) throws {
        let path = packageRoot.appendingPathComponent("Scenarios/office.scenario").path
        let (out, err) = (StringOutput(), StringOutput())
        let code = RenderCommand(path: path, designs: .reference, graph: .compare, format: .svg, layout: layout)
            .execute(standardOutput: out, standardError: err)
        if layout == .dot {
            #expect(code == 0)
            #expect(out.text.hasPrefix("<?xml"))
        } else {
            #expect(code == 2)
            #expect(out.text.isEmpty)
            #expect(err.text.contains("--layout \(layout.rawValue) cannot draw --graph compare"))
            #expect(err.text.contains("use --layout dot"))
        }
    }
}

/// The nodes of a Graphviz SVG by the box (cluster) their id names, `cN:NAME`, with the position
/// of their label (points, y downwards).
enum SVGNodes {
    struct Node {
        var name: String
        var x: Double
        var y: Double
    }

    final class Collector: NSObject, XMLParserDelegate {
        var boxes: [Int: [Node]] = [:]
        var inNode = false
        var title: String?
        var text = ""
        var inTitle = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "g":
                inNode = attributes["class"] == "node"
                title = nil
            case "title" where inNode:
                inTitle = true
                text = ""
            case "text" where inNode:
                guard let title, let colon = title.firstIndex(of: ":"), title.first == "c",
                    let box = Int(title[title.index(after: title.startIndex)..<colon]),
                    let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init)
                else { return }
                boxes[box, default: []].append(Node(name: String(title[title.index(after: colon)...]), x: x, y: y))
                inNode = false
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title", inTitle {
                title = text
                inTitle = false
            }
        }
    }

    static func boxes(of svg: String) throws -> [(box: Int, nodes: [Node])] {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw SVGText.Malformed(description: "not well-formed") }
        return collector.boxes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// The compare diagram's metrics table as Graphviz draws it in SVG: each cell's border and each
/// text with where it starts (points, y downwards).
enum SVGTable {
    struct Cell {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }
    struct Text {
        var text: String, x: Double, y: Double, size: Double
    }

    final class Collector: NSObject, XMLParserDelegate {
        var cells: [Cell] = []
        var texts: [Text] = []
        var inTable = false
        var inTitle = false
        var title = ""
        var text: Text?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "g":
                inTable = false
            case "title":
                inTitle = true
                title = ""
            case "polygon" where inTable && attributes["fill"] == "none":
                let points = (attributes["points"] ?? "").split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
                let xs = points.compactMap(\.first), ys = points.compactMap(\.last)
                if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() {
                    cells.append(Cell(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
                }
            case "text" where inTable:
                text = Text(
                    text: "", x: attributes["x"].flatMap(Double.init) ?? 0, y: attributes["y"].flatMap(Double.init) ?? 0,
                    size: attributes["font-size"].flatMap(Double.init) ?? 0)
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { title += string }
            text?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" {
                inTitle = false
                inTable = title == "metrics"
            }
            if name == "text", let text {
                texts.append(text)
                self.text = nil
            }
        }
    }

    /// The cells and texts of the node titled `metrics`.
    static func read(_ svg: String) throws -> (cells: [Cell], texts: [Text]) {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw SVGText.Malformed(description: "not well-formed") }
        return (collector.cells, collector.texts)
    }
}
