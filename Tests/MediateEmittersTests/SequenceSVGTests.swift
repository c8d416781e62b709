import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateEmitters
@testable import MediateKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `render --graph sequence`: the SVG sequence diagram `SequenceSVGWriter` lays out itself.
///
/// The golden `Tests/Fixtures/chat.sequence.svg` is rewritten with `MEDIATE_RECORD=all` (then
/// review the diff). Never set on CI.
@Suite("SVG sequence diagrams")
struct SequenceSVGTests {
    /// Every element's name, attributes and text, in document order; throws when not well-formed.
    final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        private var text: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((name, attributes))
            if name == "text" { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text { texts.append(text) }
            if name == "text" { text = nil }
        }

        static func parse(_ svg: String) throws -> Elements {
            let parser = XMLParser(data: Data(svg.utf8))
            let elements = Elements()
            parser.delegate = elements
            guard parser.parse() else { throw SVGText.Malformed(description: "\(parser.parserError.map { "\($0)" } ?? "?")") }
            return elements
        }

        var ids: [String] { elements.compactMap { $0.attributes["id"] } }
    }

    static let relay = """
        scenario "Relay"
        participant A
        participant B
        participant C
        participant D
        on B receives ping { self -> C: pong }
        on C receives pong {
            log "C got {message}"
            self -> sender: ack
        }
        leave D
        A -> B: ping
        A -> D: hello
        release C
        """

    @Test func lifelinesArrowsAndNotesInTranscriptOrder() throws {
        let parsed = try Elements.parse(try SequenceDiagrams.svg(Self.relay))
        let ids = parsed.ids
        #expect(ids.filter { $0.hasPrefix("lifeline-") } == ["lifeline-A", "lifeline-B", "lifeline-mediator", "lifeline-C", "lifeline-D"])
        // 3 sends through the mediator, 3 deliveries from it; the send to D that left delivers nothing.
        #expect(
            ids.filter { $0.hasPrefix("step-") } == [
                "step-1-send", "step-1-delivery-1", "step-1-1-send", "step-1-1-delivery-1",
                "step-1-1-1-send", "step-1-1-1-delivery-1", "step-2-send", "step-2-lost",
            ])
        #expect(parsed.texts.contains("1.1.1 ack"))
        #expect(ids.firstIndex(of: "leave-D")! < ids.firstIndex(of: "step-1-send")!)
        #expect(ids.firstIndex(of: "release-C")! > ids.firstIndex(of: "step-2-send")!)
        #expect(parsed.texts.contains("C got pong"))
        #expect(parsed.texts.contains("2 hello ! missingReceiver D"))
        let notes = parsed.elements.filter { $0.attributes["id"]?.hasPrefix("note-") == true }
        #expect(notes.map { $0.attributes["class"] } == ["note log", "note info", "note info"])
    }

    @Test func arrowsAreSendsAndDeliveriesAsTheTranscriptCountsThem() throws {
        let scenario = try CommittedScenarios.load("chat.scenario")
        let ids = try Elements.parse(SequenceDiagrams.svg(scenario)).ids
        #expect(ids.filter { $0.hasSuffix("-send") }.count == 4)
        #expect(ids.filter { $0.contains("-delivery-") && !$0.hasPrefix("activation-") }.count == 12)
        // In the mesh there is no mediator lifeline, and deliveries go straight: 12 arrows.
        let mesh = try Elements.parse(SequenceDiagrams.svg(scenario, kind: .mesh)).ids
        #expect(!mesh.contains("lifeline-mediator"))
        #expect(mesh.filter { $0.hasPrefix("step-") }.count == 12)
    }

    /// A design plugged in from outside that reports no hop (``RelayDesign``, which has a
    /// switchboard object) draws deliveries straight from sender to receiver, with no mediator lifeline.
    @Test func aDesignThatReportsNoHopsDrawsDirectArrows() throws {
        let designs = try DesignRegistry.reference(adding: [RelayDesign.self])
        let scenario = try ScenarioLoader.load(SourceFile(path: "x.scenario", text: Self.relay), designs: designs).get()
        let parsed = try Elements.parse(SequenceDiagrams.svg(scenario, kind: MediatorKind("relay")))
        #expect(!parsed.ids.contains("lifeline-mediator"))
        #expect(
            parsed.ids.filter { $0.hasPrefix("step-") } == [
                "step-1-delivery-1", "step-1-1-delivery-1", "step-1-1-1-delivery-1", "step-2-lost",
            ])
    }

    @Test func aReactionThatSendsIsAnActivation() throws {
        let ids = try Elements.parse(try SequenceDiagrams.svg(Self.relay)).ids
        // B's reaction to ping sends pong, C's reaction to pong sends ack; B's reaction to ack sends nothing.
        #expect(ids.filter { $0.hasPrefix("activation-") } == ["activation-step-1-delivery-1", "activation-step-1-1-delivery-1"])
    }

    @Test func leakedObjectsAreMarkedAtTheBottom() throws {
        let parsed = try Elements.parse(
            try SequenceDiagrams.svg(
                """
                scenario "Cycle"
                mediator wrapper
                participant A
                participant B
                """, kind: .mesh))
        let leaked = parsed.ids.filter { $0.hasPrefix("leaked-") }
        #expect(!leaked.isEmpty)
        #expect(leaked.allSatisfy { parsed.ids.contains("lifeline-" + $0.dropFirst("leaked-".count)) })
        #expect(parsed.texts.contains { $0.hasPrefix("leaked: ") && $0 != "leaked: none" })
    }

    /// A delivery that failed is labelled with its send and error; a statement's own error (a
    /// `leave` the design refuses) is a note that names no send and spans every lifeline.
    @Test func anErrorNamesItsSend() throws {
        let svg = SequenceDiagrams.svg(try CommittedScenarios.load("office.scenario"), kind: .directDelegate)
        let texts = try Elements.parse(svg).texts
        #expect(texts.contains("6 memo(text: \"Lunch at one\") ! missingReceiver Dave"))
        #expect(texts.contains("! fixedColleagues Carol"))
        #expect(!texts.contains { $0.hasPrefix("! fixedColleagues Carol (send") })
    }

    /// The `x` of the first match of `pattern` (an attribute's integer) in `line`.
    static func attribute(_ name: String, in line: String) throws -> Int {
        let match = try #require(line.firstMatch(of: try Regex<(Substring, Substring)>(" \(name)=\"(-?\\d+)\"")), "\(name) in \(line)")
        return try #require(Int(match.output.1))
    }

    /// A send that reached no one is UML's lost message: under mesh, air traffic's sends find no
    /// tower (`noMediator`) and each is an arrow from its sender ending in a filled circle; a
    /// send to a participant that left (`missingReceiver D`) ends in that circle just before the
    /// lifeline it missed. Neither is a note any more.
    @Test func aSendThatReachedNoOneIsALostMessage() throws {
        let mesh = SequenceDiagrams.svg(try CommittedScenarios.load("air-traffic.scenario"), kind: .mesh)
        let lost = mesh.split(separator: "\n").map(String.init).filter { $0.contains("class=\"lost\"") }
        #expect(lost.count == 5)
        for (line, sender) in zip(lost, ["Speedbird", "Lufthansa", "Cessna", "Cessna", "Speedbird"]) {
            let lifeline = try #require(Self.lifeline(sender, in: mesh).group.firstMatch(of: /<line class="line" x1="(\d+)"/))
            let x1 = try Self.attribute("x1", in: line), circle = try Self.attribute("cx", in: line)
            #expect(x1 == Int(lifeline.output.1)!)
            #expect(circle > x1)
            #expect(line.contains("! noMediator</tspan>"))
        }
        #expect(!(try Elements.parse(mesh).texts.contains { $0.hasPrefix("! noMediator") }))

        let relay = try SequenceDiagrams.svg(Self.relay)
        let toD = try #require(relay.split(separator: "\n").map(String.init).first { $0.contains("id=\"step-2-lost\"") })
        let d = try #require(Self.lifeline("D", in: relay).group.firstMatch(of: /<line class="line" x1="(\d+)"/))
        let mediator = try #require(Self.lifeline("mediator", in: relay).group.firstMatch(of: /<line class="line" x1="(\d+)"/))
        // From the mediator to D: the circle just before D's line.
        let (mediatorX, dX) = (Int(mediator.output.1)!, Int(d.output.1)!)
        #expect(try Self.attribute("x1", in: toD) == mediatorX)
        #expect(try Self.attribute("cx", in: toD) == (mediatorX < dX ? dX - 6 : dX + 6))
    }

    /// The mediator's lifeline stands where its arrows are shortest in all: in the relay, B
    /// exchanges three arrows with it, A and C two, D one, so it stands between B and C. When C
    /// sends to everyone it stands before C; when A sends to B, between them; with no arrow, last.
    @Test func theMediatorStandsWhereItsArrowsAreShortest() throws {
        func order(_ svg: String) throws -> [String] {
            try Elements.parse(svg).ids.filter { $0.hasPrefix("lifeline-") }.map { String($0.dropFirst("lifeline-".count)) }
        }
        #expect(try order(SequenceDiagrams.svg(Self.relay)) == ["A", "B", "mediator", "C", "D"])
        let lastTalks = """
            scenario "Last"
            participant A
            participant B
            participant C
            C -> *: hello
            """
        #expect(try order(SequenceDiagrams.svg(lastTalks)) == ["A", "B", "mediator", "C"])
        let firstTalks = lastTalks.replacingOccurrences(of: "C -> *", with: "A -> B")
        #expect(try order(SequenceDiagrams.svg(firstTalks)) == ["A", "mediator", "B", "C"])
        let quiet = SequenceSVGWriter(title: "Quiet", kind: .wrapper, participants: ["A", "B", "C"], mediatorLifeline: true)
        #expect(try order(quiet.svg()) == ["A", "B", "C", "mediator"])
    }

    /// Every arrow's label starts beside the arrow's start, on a background: after it when the
    /// arrow goes right, ending before it when it goes left.
    @Test func labelsSitBesideTheArrowsStart() throws {
        let svg = SequenceDiagrams.svg(try CommittedScenarios.load("chat.scenario"))
        var arrows = 0
        for line in svg.split(separator: "\n").map(String.init)
        where line.contains("class=\"send\"") || line.contains("class=\"delivery\"") {
            guard line.contains("<line class=\"arrow\"") else { continue }  // a self-message's loop
            let x1 = try Self.attribute("x1", in: line), x2 = try Self.attribute("x2", in: line)
            let background = try #require(line.firstMatch(of: /<rect class="label-background" x="(-?\d+)" y="-?\d+" width="(\d+)"/))
            let left = Int(background.output.1)!, width = Int(background.output.2)!
            if x2 > x1 { #expect(left == x1 + 6, "\(line)") } else { #expect(left + width == x1 - 6, "\(line)") }
            arrows += 1
        }
        #expect(arrows == 16)
    }

    @Test func twoRendersAreByteIdentical() throws {
        let scenario = try CommittedScenarios.load("chat.scenario")
        #expect(SequenceDiagrams.svg(scenario) == SequenceDiagrams.svg(scenario))
        #expect(try SequenceDiagrams.svg(Self.relay) == (try SequenceDiagrams.svg(Self.relay)))
    }

    /// The lines of `svg` that draw the lifeline `name` (its group) and, for one that joined,
    /// its head where it joined (a `join` group, which holds a box with its name).
    static func lifeline(_ name: String, in svg: String) -> (group: String, head: String?) {
        let lines = svg.split(separator: "\n").map(String.init)
        let group = lines.first { $0.hasPrefix("<g id=\"lifeline-\(name)\"") } ?? ""
        let head = lines.first { $0.contains("class=\"join\"") && $0.contains(">\(name)</text>") }
        return (group, head)
    }

    /// The number the first match of `pattern` in `text` captures.
    static func number(_ pattern: Regex<(Substring, Substring)>, in text: String) throws -> Int {
        let match = try #require(text.firstMatch(of: pattern), "not found in: \(text.prefix(120))")
        return try #require(Int(match.output.1))
    }

    /// Office under wrapper: Dave joins after the run started, Bob is released and deallocated,
    /// Carol leaves and is deallocated.
    @Test func aLifelineStartsWhereItJoinsAndEndsWhereItIsDeallocated() throws {
        let svg = SequenceDiagrams.svg(try CommittedScenarios.load("office.scenario"), kind: .wrapper)
        let rows = svg.split(separator: "\n").map(String.init)
        // Alice was there from the start: a head at the top, and a foot.
        let alice = Self.lifeline("Alice", in: svg)
        #expect(alice.head == nil && alice.group.components(separatedBy: "class=\"box\"").count == 3)
        #expect(alice.group.contains("y=\"44\""))
        // Dave: his head is drawn in his join row, not at the top; his line starts under it.
        let dave = Self.lifeline("Dave", in: svg)
        let head = try #require(dave.head, "no head where Dave joins")
        #expect(!dave.group.contains("y=\"44\""))
        let headTop = try Self.number(/<rect class="box" x="-?\d+" y="(\d+)"/, in: head)
        #expect(headTop > 44)
        let lineTop = try Self.number(/<line class="line" x1="\d+" y1="(\d+)"/, in: dave.group)
        #expect(lineTop == headTop + 30)
        // Bob: his line ends at the release mark's middle, and he has no foot.
        let release = try #require(rows.first { $0.contains("id=\"release-Bob\"") })
        let markMiddle = try Self.number(/M\d+,(\d+) L/, in: release) + 7
        let bob = Self.lifeline("Bob", in: svg)
        #expect(bob.group.contains("y2=\"\(markMiddle)\""))
        #expect(bob.group.components(separatedBy: "class=\"box\"").count == 2)
        // Carol: her line ends at her leave mark.
        let leave = try #require(rows.first { $0.contains("id=\"leave-Carol\"") })
        let leaveMiddle = try Self.number(/M\d+,(\d+) H/, in: leave)
        #expect(Self.lifeline("Carol", in: svg).group.contains("y2=\"\(leaveMiddle)\""))
    }

    /// A note over every lifeline no longer reserves its whole width past the last one: the
    /// canvas ends a margin after its widest drawing.
    @Test func theCanvasEndsWhereTheDrawingEnds() throws {
        for name in ["chat.scenario", "office.scenario"] {
            let svg = SequenceDiagrams.svg(try CommittedScenarios.load(name), kind: .wrapper)
            let width = try Self.number(/<svg [^>]*width="(\d+)"/, in: svg)
            var right = 0
            for match in svg.matches(of: /<rect (?:class="[^"]*" )?x="(-?\d+)" y="-?\d+" width="(\d+)"/) {
                right = max(right, Int(match.output.1)! + Int(match.output.2)!)
            }
            #expect(width == right + 16, "\(name)")
        }
    }

    @Test func chatMatchesItsGolden() throws {
        let svg = SequenceDiagrams.svg(try CommittedScenarios.load("chat.scenario"))
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/chat.sequence.svg")
        if ProcessInfo.processInfo.environment["MEDIATE_RECORD"] == "all" {
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(svg == (try String(contentsOf: url, encoding: .utf8)))
    }

    /// Every design of the hostile scenario: well-formed XML, and no element or attribute
    /// (`<script`, `onerror`, `onload`) made of scenario text; controls and bidi shown `\u{X}`.
    @Test(arguments: MediatorKind.allCases)
    func hostileTextStaysText(kind: MediatorKind) throws {
        let path = packageRoot.appendingPathComponent("Tests/Hostile/hostile-exports.scenario").path
        let scenario = try ScenarioLoader.load(path: path).get()
        let svg = SequenceDiagrams.svg(scenario, kind: kind)
        let parsed = try Elements.parse(svg)
        let names: Set<String> = ["svg", "title", "style", "defs", "marker", "path", "rect", "text", "g", "line", "tspan", "circle"]
        #expect(parsed.elements.allSatisfy { names.contains($0.name) })
        #expect(parsed.elements.allSatisfy { $0.attributes.keys.allSatisfy { !$0.lowercased().hasPrefix("on") } })
        #expect(!svg.lowercased().contains("<script"))
        #expect(!svg.lowercased().contains("onerror="))
        #expect(!svg.unicodeScalars.contains { $0.isBidiControl || ($0.value < 0x20 && $0 != "\n") })
        #expect(parsed.texts.contains { $0.contains("\\u{1B}") && $0.contains("\\u{202E}") })
    }

    /// Past 10,000 rows the picture would be some 280,000 px tall: `render` says so, suggests
    /// the message graph, and writes nothing; the writer lets go of its rows as it passes the limit.
    @Test func aRunTooLargeToReadIsRefused() throws {
        var source = "scenario \"Big\"\nmediator wrapper\nparticipant A\nparticipant B\nparticipant C\n"
        // Each broadcast draws 3 rows: the send to the mediator and two deliveries.
        for _ in 0..<(SequenceSVGWriter.readableRows / 3 + 1) { source += "A -> *: m\n" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).scenario")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (out, err) = (StringOutput(), StringOutput())
        let code = RenderCommand(path: file.path, designs: .reference, graph: .sequence).execute(standardOutput: out, standardError: err)
        #expect(code == 3)
        #expect(out.text.isEmpty)
        #expect(err.text.contains("under wrapper: it would have more than 10,000 rows"))
        #expect(err.text.contains("help: draw the whole run as one graph with --graph messages"))

        let writer = SequenceSVGWriter(title: "Big", kind: .wrapper, participants: ["A", "B", "C"], mediatorLifeline: true, rowLimit: 5)
        _ = Interpreter(
            script: try ScenarioLoader.load(SourceFile(path: "x.scenario", text: source)).get().script, title: "Big",
            design: WrapperDesign.self, designs: .reference, sink: writer
        ).run()
        #expect(writer.pastRowLimit)
        #expect(!writer.svg().contains("class=\"delivery\""))
    }

    @Test func renderRefusesDOTAndLayouts() throws {
        let path = packageRoot.appendingPathComponent("Scenarios/chat.scenario").path
        for command in [
            RenderCommand(path: path, designs: .reference, graph: .sequence, format: .dot),
            RenderCommand(path: path, designs: .reference, graph: .sequence, outputPath: "/tmp/never.dot"),
            RenderCommand(path: path, designs: .reference, graph: .sequence, layout: .dot),
        ] {
            let (out, err) = (StringOutput(), StringOutput())
            #expect(command.execute(standardOutput: out, standardError: err) == 2)
            #expect(out.text.isEmpty)
            #expect(err.text.contains("--graph sequence"))
        }
        let (out, err) = (StringOutput(), StringOutput())
        #expect(RenderCommand(path: path, designs: .reference, graph: .sequence).execute(standardOutput: out, standardError: err) == 0)
        #expect(out.text == SequenceDiagrams.svg(try CommittedScenarios.load("chat.scenario")))
    }

    /// A message label past the bound is cut as the message diagram cuts it, and its text, up to
    /// the message diagram's tooltip length, is the arrow's tooltip.
    @Test func aLongSequenceLabelIsCutWithItsTextInATooltip() throws {
        let text = String(repeating: "y", count: 5_000)
        let svg = try SequenceDiagrams.svg(
            "scenario \"long\"\nmediator mesh\nparticipant A\nparticipant B\nA -> B: \"\(text)\"\n")
        let elements = try SequenceSVGTests.Elements.parse(svg)
        #expect(elements.texts.allSatisfy { $0.count <= SequenceSVGWriter.longestLabel + 10 })
        let tooltip = DOTEmitter.shortened(.text(text), to: DOTEmitter.longestTooltipMessage)
        #expect(svg.contains("<title>1 \(XML.escaped(tooltip))</title>"))
        #expect(svg.utf8.count < 20_000)
    }

    /// Short labels are written as before, with no tooltip of their own.
    @Test func aShortSequenceLabelHasNoTooltip() throws {
        let svg = try SequenceDiagrams.svg("scenario \"short\"\nmediator mesh\nparticipant A\nparticipant B\nA -> B: \"hi\"\n")
        #expect(svg.components(separatedBy: "<title>").count == 2)
    }

    /// PNG and PDF are the native SVG drawn by Graphviz's cairo renderer: a PNG of the SVG's
    /// size in pixels (give or take Graphviz's rounding), a PDF with a page.
    /// Serialized: each case checks that its picture's temporary folder is gone.
    @Test(.serialized, arguments: ["png", "pdf"])
    func renderWritesThePictureAsPNGOrPDF(format: String) throws {
        let path = packageRoot.appendingPathComponent("Scenarios/chat.scenario").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sequence-\(format)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("chat.\(format)").path
        let (out, err) = (StringOutput(), StringOutput())
        let code = RenderCommand(path: path, designs: .reference, graph: .sequence, outputPath: file)
            .execute(standardOutput: out, standardError: err)
        #expect(code == 0, "\(err.text)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        if format == "png" {
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let svg = SequenceDiagrams.svg(try CommittedScenarios.load("chat.scenario"))
            let match = try #require(svg.firstMatch(of: /<svg[^>]* width="(\d+)"/))
            let svgWidth = try #require(Int(match.1))
            #expect(abs(width - svgWidth) <= 4, "PNG \(width) px wide, SVG \(svgWidth)")
            // Not blank: a picture of arrows and text has many colours' worth of bytes.
            #expect(bytes.count > 5_000)
        } else {
            #expect(bytes.starts(with: Array("%PDF".utf8)))
            #expect(bytes.count > 2_000)
        }
        // Nothing is left in the temporary folder Graphviz read the picture from.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("mediate-picture-") }
        #expect(left.isEmpty, "\(left)")
    }
}
