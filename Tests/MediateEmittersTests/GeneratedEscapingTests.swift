import Foundation
import GraphvizRendering
import MediateTestSupport
import PropertyBased
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// Escaping as properties, over generated scenarios (swift-property-based): names, strings and
/// property values made of the pieces that matter to some output come back exactly from JSON
/// lines, are recoverable from a transcript that keeps one line per event, and go through DOT
/// into SVG that is well-formed XML with no element or attribute a plain scenario's SVG lacks.
/// Mermaid and PlantUML exports, `compare`'s table and diffs show no control or bidirectional
/// character as it is, and give every text back.
///
/// A failure prints the generated case and a `.fixedSeed(…)` trait that replays it.
@Suite("Generated escaping")
struct GeneratedEscapingTests {
    @Test func jsonLinesGiveEveryNameAndTextBackExactly() async throws {
        await propertyCheck(count: 100, input: GeneratedCase.generator) { generated in
            let objects = try JSON.lines(generated.run(.jsonl))
            for object in objects {
                try generated.checkJSON(object)
            }
            let events = Set(objects.compactMap { $0["event"]?.string })
            #expect(events.isSuperset(of: GeneratedCase.events))
        }
    }

    @Test func transcriptsKeepOneLinePerEventAndEveryText() async throws {
        await propertyCheck(count: 100, input: GeneratedCase.generator) { generated in
            let transcript = try generated.run(.transcript)
            let objects = try JSON.lines(generated.run(.jsonl))
            #expect(transcript.hasSuffix("\n"))
            let lines = transcript.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.count == objects.count, "one transcript line per JSON lines object")
            for (line, object) in zip(lines, objects) {
                #expect(!line.unicodeScalars.contains { $0.isASCIIControl && $0 != "\t" }, "\(line.debugDescription)")
                try generated.checkTranscriptLine(line.drop { $0 == " " }, object: object)
            }
        }
    }

    @Test func svgFromGeneratedScenariosIsWellFormedWithNothingInjected() async throws {
        var allowed: [MediatorKind: Set<String>] = [:]
        for kind in MediatorKind.allCases {
            let plain = Set(try GeneratedCase.plain(kind).svgs().flatMap { $0.elements + $0.attributes })
            #expect(plain.contains("text") && plain.contains("text@x"))
            // A shortened message label has the messages in full in a tooltip, which Graphviz writes as a link's title.
            allowed[kind] = plain.union(["a", "a@xlink:title"])
        }
        await propertyCheck(count: 30, input: GeneratedCase.generator) { generated in
            let svgs = try generated.svgs()
            for svg in svgs {
                #expect(svg.isWellFormed, "\(svg.parseError ?? "")")
                #expect(!svg.texts.joined().unicodeScalars.contains { isShownEscaped($0) && $0.value > 0x9F }, "a bidirectional control")
                let added = Set(svg.elements + svg.attributes).subtracting(allowed[generated.kind]!)
                #expect(added.isEmpty, "added \(added.sorted())")
            }
            try generated.checkMessagesDiagram(texts: svgs[0].texts)
        }
    }

    @Test(arguments: SequenceDiagramWriter.Dialect.allCases)
    func exportsEscapeEveryTextForTheirLanguage(dialect: SequenceDiagramWriter.Dialect) async throws {
        await propertyCheck(count: 100, input: GeneratedCase.generator) { generated in
            let lines = try generated.export(dialect).split(separator: "\n", omittingEmptySubsequences: false)
            let plain = try GeneratedCase.plain(generated.kind).export(dialect).split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.count == plain.count, "one line per event")
            var quoted: [[String]] = []
            for line in lines {
                let texts = try #require(DiagramText.texts(in: line, dialect), "not a \(dialect) line: \(line.debugDescription)")
                for text in texts {
                    let decoded = try #require(DiagramText.decoded(text, dialect), "not escaped: \(text.debugDescription)")
                    #expect(!decoded.unicodeScalars.contains(where: isEscapedInDiagrams), "\(decoded.debugDescription)")
                    if DiagramText.title(in: line, dialect) == nil { quoted.append(Unescape.quotedStrings(in: decoded[...])) }
                }
            }
            let title = try #require(lines.compactMap { DiagramText.title(in: $0, dialect) }.first)
            #expect(
                scalars(Unescape.lineText(try #require(DiagramText.decoded(title, dialect)).unicodeScalars))
                    == scalars(Unescape.lineText(oneLine(generated.title).unicodeScalars)))
            // An expectation repeats its literal as written, so its line breaks may be in the text as they are.
            let expected = [[generated.text], [generated.argument], [generated.note, generated.setValue], [generated.note]]
            for strings in quoted where !strings.isEmpty {
                #expect(expected.map { $0.map { scalars(oneLine($0)) } }.contains(strings.map { scalars(oneLine($0)) }), "\(strings)")
            }
        }
    }

    @Test func comparisonTablesShowControlAndBidirectionalCharactersEscaped() async throws {
        await propertyCheck(count: 100, input: GeneratedCase.generator) { generated in
            let table = try generated.comparisonTable()
            let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
            let plain = try GeneratedCase.plain(generated.kind).comparisonTable()
            #expect(lines.count == plain.split(separator: "\n", omittingEmptySubsequences: false).count, "one line per row")
            #expect(!table.unicodeScalars.contains { $0 != "\n" && isShownEscaped($0) }, "\(table.debugDescription)")
            let suffix = " (its own kind: \(generated.kind.rawValue))"
            let first = Array(lines[0].unicodeScalars)
            try #require(first.reversed().starts(with: suffix.unicodeScalars.reversed()))
            #expect(
                scalars(Unescape.lineText(first.dropLast(suffix.unicodeScalars.count)))
                    == scalars(Unescape.lineText(generated.title.unicodeScalars)))
            // The own kind's side of a difference, and the mesh's.
            for (kind, text) in [(generated.kind.rawValue, generated.text), ("mesh", generated.log)] where generated.kind != .mesh {
                let shown = try #require(lines.compactMap { Unescape.rest(of: $0, after: "  \(kind): ") }.first)
                #expect(scalars(Unescape.lineText(shown)) == scalars(Unescape.lineText(text.unicodeScalars)))
            }
        }
    }

    @Test func diffsShowControlAndBidirectionalCharactersEscaped() async throws {
        await propertyCheck(count: 100, input: GeneratedCase.generator) { generated in
            let plain = try GeneratedCase.plain(generated.kind).run(.transcript)
            let diff = try #require(
                UnifiedDiff.diff(
                    expected: plain, actual: try generated.run(.transcript),
                    expectedName: generated.title, actualName: generated.note))
            let shown = ANSI.diff(diff, when: false)
            #expect(!shown.unicodeScalars.contains { $0 != "\n" && isShownEscaped($0) }, "\(shown.debugDescription)")
            #expect(shown.utf8.count { $0 == UInt8(ascii: "\n") } == diff.utf8.count { $0 == UInt8(ascii: "\n") })
        }
    }
}

/// One generated scenario: two participants, a reaction that sets and logs a property and
/// replies with it, a text message, a named message with one labelled argument, and an
/// expectation on the property.
struct GeneratedCase: Sendable, CustomStringConvertible {
    var sender, receiver, senderType, receiverType, messageName, label: String
    var title, text, argument, note, setValue, log: String
    var kind: MediatorKind
    /// Whether the string literals hold control characters (but a line feed) as they are rather
    /// than as escapes: the language allows both.
    var rawControls: Bool

    /// Every event the scenario's output holds under every kind.
    static let events: Set<String> = ["scenario", "participant", "send", "delivery", "set", "log", "expect"]

    var source: String {
        """
        scenario \(literal(title))
        mediator \(kind.rawValue)
        participant \(receiver) : \(receiverType) { note = \(literal(note)) }
        participant \(sender) : \(senderType)
        on \(receiver) receives any {
            set seen = \(literal(setValue))
            log \(literal(log, then: "{self.note}"))
            self -> sender: echo(text: self.note, seen: self.seen)
        }
        \(sender) -> \(receiver): \(literal(text))
        \(sender) -> \(receiver): \(messageName)(\(label): \(literal(argument)))
        expect \(receiver).note == \(literal(note))

        """
    }

    var description: String { source.debugDescription }

    /// `text` as a string literal of the language, followed by `interpolation` as it is.
    func literal(_ text: String, then interpolation: String = "") -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "{": out += "\\{"
            case "}": out += "\\}"
            case "\n": out += "\\n"
            case _ where scalar.isASCIIControl && !rawControls: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + interpolation + "\""
    }

    func loaded() throws -> LoadedScenario {
        switch ScenarioLoader.load(SourceFile(path: "generated.scenario", text: source)) {
        case .success(let scenario): return scenario
        case .failure(let failure):
            Issue.record("the generated scenario does not check:\n\(failure.rendered())")
            throw failure
        }
    }

    /// The run's output in `format`.
    func run(_ format: OutputFormat) throws -> String {
        let output = StringOutput()
        _ = KindRun.run(try loaded(), kind: kind, format: format, analyze: false, output: output)
        return output.text
    }

    /// The run as a sequence diagram in `dialect`.
    func export(_ dialect: SequenceDiagramWriter.Dialect) throws -> String {
        try SequenceDiagrams.export(source, kind: kind, dialect: dialect)
    }

    /// `compare`'s table, where every kind but the scenario's own first differs from it in a line
    /// holding `text` against one holding `log` (the mesh) or `text` (the others).
    func comparisonTable() throws -> String {
        var report = ComparisonReport(scenario: try loaded())
        for index in report.implementations.indices where report.implementations[index].run.kind != kind {
            let other = report.implementations[index].run.kind
            report.implementations[index].firstDifference = TranscriptDifference(
                line: 3, expected: text, actual: other == .mesh ? log : text)
        }
        return ComparisonFormatter.table(report)
    }

    /// The messages and coupling diagrams under `kind`, and the comparison of every kind, drawn as
    /// SVG by Graphviz (which fails on DOT it cannot read).
    func svgs() throws -> [SVG] {
        let scenario = try loaded()
        let report = ComparisonReport(scenario: scenario)
        let run = try #require(report.implementations.first { $0.run.kind == kind }).run
        let dots = [
            DOTEmitter.messages(run.messages, title: scenario.title, kind: kind),
            DOTEmitter.coupling(
                run.references, metrics: run.metrics, participants: scenario.participants,
                title: scenario.title, kind: kind),
            DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title),
        ]
        return try dots.map { SVG(try Graphviz.render($0, layout: .dot, format: .svg)) }
    }

    // MARK: What each output must give back

    /// The names and texts in one JSON lines object are exactly those generated.
    func checkJSON(_ object: JSON) throws {
        switch object["event"]?.string {
        case "scenario":
            #expect(scalars(object["title"]?.string) == scalars(title))
        case "participant":
            let pair = [object["name"]?.string, object["type"]?.string].map(scalars)
            #expect(pair == [receiver, receiverType].map(scalars) || pair == [sender, senderType].map(scalars))
        case "send", "delivery":
            #expect([sender, receiver].map(scalars).contains(scalars(object["sender"]?.string)))
            let message = try #require(object["message"])
            #expect(arguments(of: message).map { $0.map(scalars) } == expectedArguments(of: message).map { $0.map(scalars) })
        case "set":
            #expect(scalars(object["name"]?.string) == scalars(receiver))
            #expect(scalars(object["value"]?.string) == scalars(setValue))
        case "log":
            #expect(scalars(object["text"]?.string) == scalars(log + note))
        case "expect":
            #expect(scalars(object["expectation"]?.string) == scalars("expect \(receiver).note == \(literal(note))"))
            #expect(object["passed"] == .bool(true))
        default:
            break
        }
    }

    /// A JSON lines message's text, or its arguments' labels and values, as pairs.
    func arguments(of message: JSON) -> [[String?]] {
        if let text = message["text"] { return [[nil, text.string]] }
        return (message["arguments"]?.array ?? []).map { [$0["label"]?.string, $0["value"]?.string] }
    }

    /// What `arguments(of:)` must give for a message of the scenario with that name (or none).
    func expectedArguments(of message: JSON) -> [[String?]] {
        switch message["name"]?.string {
        case nil: return [[nil, text]]
        case "echo": return [["text", note], ["seen", setValue]]
        default: return [[label, argument]]
        }
    }

    /// The names and texts can be read back from one transcript line (its indentation dropped);
    /// `object` is the same event in JSON lines.
    ///
    /// Quoted strings give their text back exactly. A title or a `log` text is written as it is but
    /// for its control characters, and a backslash is not escaped, so its `\n` may be a line feed or
    /// a backslash and `n`: decoding the line gives what decoding the text gives, which is the text
    /// itself when it holds no backslash.
    func checkTranscriptLine(_ line: Substring, object: JSON) throws {
        switch object["event"]?.string {
        case "scenario":
            let written = try #require(Unescape.rest(of: line, after: "scenario "))
            #expect(scalars(Unescape.lineText(written)) == scalars(Unescape.lineText(title.unicodeScalars)))
        case "participant":
            #expect(line == "+ \(receiver) : \(receiverType)" || line == "+ \(sender) : \(senderType)")
        case "send", "delivery":
            let sender = try #require(object["sender"]?.string)
            if let receiver = object["receiver"]?.string {
                #expect(line.hasPrefix("\(receiver) <- \(sender) "))
            } else {
                #expect(line.contains(" \(sender) -> \(try #require(object["targets"]?.string)) "))
            }
            let expected = expectedArguments(of: try #require(object["message"])).compactMap { $0[1] }
            #expect(Unescape.quotedStrings(in: line).map(scalars) == expected.map(scalars), "\(line.debugDescription)")
        case "set":
            #expect(line.hasPrefix("set \(receiver).seen = "))
            #expect(Unescape.quotedStrings(in: line).map(scalars) == [scalars(setValue)])
        case "log":
            let written = try #require(Unescape.rest(of: line, after: "log "))
            #expect(scalars(Unescape.lineText(written)) == scalars(Unescape.lineText((log + note).unicodeScalars)))
        case "expect":
            #expect(line.hasPrefix("expect \(receiver).note == ") && line.hasSuffix(" ok"))
            #expect(Unescape.quotedStrings(in: line).map(scalars) == [scalars(note)])
        default:
            break
        }
    }

    /// The names, types and first message can be read back from the messages diagram's texts: a
    /// node is labelled `NAME` and `: TYPE`, and the first message `1: "TEXT"` as transcripts
    /// quote it, unless the diagram cut it (past 40 characters) or it holds a line break that the
    /// quoted form keeps as it is (U+0085, U+2028, U+2029: the diagram breaks the label there).
    /// Graphviz writes the second of two spaces as U+00A0, so both count as a space.
    func checkMessagesDiagram(texts: [String]) throws {
        for name in [sender, receiver, ": \(senderType)", ": \(receiverType)"] {
            #expect(texts.map(scalars).contains(scalars(name)), "\(name.debugDescription) not in \(texts)")
        }
        let first = try #require(texts.first { $0.hasPrefix("1: ") }, "no first message in \(texts)")
        let lineBreaks: Set<Unicode.Scalar> = ["\u{85}", "\u{2028}", "\u{2029}"]
        guard !first.hasSuffix("…\""), !text.unicodeScalars.contains(where: lineBreaks.contains) else { return }
        func spaced(_ text: String?) -> [Unicode.Scalar]? { scalars(text)?.map { $0 == "\u{A0}" ? " " : $0 } }
        #expect(Unescape.quotedStrings(in: first[...]).map(spaced) == [spaced(text)], "\(first.debugDescription)")
    }

    // MARK: Generators

    /// Pieces of text that some output treats specially, or that text often holds.
    static let textPieces = [
        "\"", "'", "\\", "\\\\", "\\n", "\\t", "\\u{41}", "\\N", "\\l", "<", ">", "&", "&amp;", "&#60;", "]]>",
        "<![CDATA[", "<!--", "-->", "<script>", "</text>", "<b>", "=\"x\"", "{", "}", "{self}", "%s", "$(x)",
        "\n", "\r", "\r\n", "\t", "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}",
        "\u{FFFD}", "😄", "👩‍👩‍👧", "🇫🇷", "e\u{301}", "\u{301}", "\u{200D}", "\u{200F}", "\u{202E}", "日本",
        "ß", " ", "  ", "—", "\u{9B}", "\u{2029}", "\u{2066}", "%", "%getenv(\"HOME\")", "%%{init: {}}%%", "{{", "}}",
        "|||", "~", "$", "&#92;", "&#36;", "#35;", ":", "style:#", "ﬂ°", "¶ß", "**", "__", "//",
    ]

    /// Identifiers that mean something elsewhere: DOT keywords, SVG and HTML element names, words
    /// transcripts write, JSON literals.
    static let identifierWords = [
        "node", "edge", "graph", "digraph", "subgraph", "strict", "svg", "script", "text", "title", "g", "a",
        "Participant", "Mediator", "mediator_1", "none", "nothing", "null", "NaN", "_", "__proto__",
    ]

    static let text = Gen<String>.oneOf(
        Gen<String?>.element(of: textPieces).map { $0! },
        Gen.letterOrNumber.string(of: 1...6)
    ).array(of: 0...10).map { $0.joined() }

    static let identifier = Gen<String>.oneOf(
        Gen<String?>.element(of: identifierWords).map { $0! },
        zip(
            Gen<Character?>.element(of: Array("abcxyzABCXYZ_")).map { $0! },
            Gen<Character?>.element(of: Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"))
                .map { $0! }.string(of: 0...10)
        )
        .map { String($0) + $1 }
    ).filter { Keyword(rawValue: $0) == nil }

    /// Six identifiers: two participant names that differ (neither the default type's name,
    /// `Participant`), and four names (two types, a message name other than the reply's `echo`,
    /// and a label), no type a participant's name.
    static let identifiers = identifier.array(of: 6).filter { names in
        names[0] != names[1] && !names[2...3].contains(names[0]) && !names[2...3].contains(names[1])
            && !names[0...1].contains("Participant") && names[4] != "echo"
    }

    static let generator = zip(identifiers, text.array(of: 6), Gen<Int>.int(in: 0...3).map { MediatorKind.allCases[$0] }, Gen.bool).map {
        names, texts, kind, rawControls in
        GeneratedCase(
            sender: names[0], receiver: names[1], senderType: names[2], receiverType: names[3],
            messageName: names[4], label: names[5], title: texts[0], text: texts[1], argument: texts[2],
            note: texts[3], setValue: texts[4], log: texts[5], kind: kind, rawControls: rawControls)
    }

    /// The same scenario with plain names and texts.
    static func plain(_ kind: MediatorKind) -> GeneratedCase {
        GeneratedCase(
            sender: "Alice", receiver: "Bob", senderType: "Person", receiverType: "Robot",
            messageName: "ping", label: "to", title: "Plain", text: "hello there", argument: "one",
            note: "a note", setValue: "seen", log: "got ", kind: kind, rawControls: false)
    }
}

/// The Unicode scalars of `text`: compared instead of strings, which Swift compares up to
/// canonical equivalence (`e\u{301}` equals `é`).
func scalars(_ text: String?) -> [Unicode.Scalar]? {
    text.map { Array($0.unicodeScalars) }
}

/// A JSON value, read with `JSONDecoder`: Foundation's `JSONSerialization` on Linux drops a
/// string's leading U+FEFF (found by these properties), so it cannot say what a line holds.
enum JSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([JSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Each line of JSON lines `text`, decoded.
    static func lines(_ text: String) throws -> [JSON] {
        try text.split(separator: "\n").map { try JSONDecoder().decode(JSON.self, from: Data($0.utf8)) }
    }

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

/// Reads back what transcripts write.
enum Unescape {
    /// The strings quoted in `line`, in order, with the language's escapes decoded.
    static func quotedStrings(in line: Substring) -> [String] {
        var strings: [String] = []
        var scalars = Array(line.unicodeScalars)[...]
        while let quote = scalars.firstIndex(of: "\"") {
            scalars = scalars[(quote + 1)...]
            var string = String.UnicodeScalarView()
            while let scalar = scalars.popFirst(), scalar != "\"" {
                guard scalar == "\\" else {
                    string.append(scalar)
                    continue
                }
                if let escaped = unicodeEscape(&scalars) {
                    string.append(escaped)
                    continue
                }
                switch scalars.popFirst() {
                case "n": string.append("\n")
                case "t": string.append("\t")
                case let other?: string.append(other)  // `\"`, `\\`, `\{`, `\}`
                case nil: break
                }
            }
            strings.append(String(string))
        }
        return strings
    }

    /// The scalars of `line` after `prefix`, or nil if it does not start with it. Compared scalar
    /// by scalar: a text that starts with a combining mark or a ZWJ joins the space before it
    /// into one `Character`.
    static func rest(of line: Substring, after prefix: String) -> [Unicode.Scalar]? {
        let scalars = Array(line.unicodeScalars)
        guard scalars.starts(with: prefix.unicodeScalars) else { return nil }
        return Array(scalars.dropFirst(prefix.unicodeScalars.count))
    }

    /// A title or `log` text as a transcript line writes it, decoded: `\n` as a line feed,
    /// `\u{X}` as its character, and any other backslash as it is.
    static func lineText(_ text: some Sequence<Unicode.Scalar>) -> String {
        var decoded = String.UnicodeScalarView()
        var scalars = Array(text)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\", scalars.first == "n" {
                scalars.removeFirst()
                decoded.append("\n")
            } else if scalar == "\\", let escaped = unicodeEscape(&scalars) {
                decoded.append(escaped)
            } else {
                decoded.append(scalar)
            }
        }
        return String(decoded)
    }

    /// After a backslash: `u{X…}` (1 to 8 hex digits naming a scalar) is consumed and decoded;
    /// anything else is left, and nil returned.
    private static func unicodeEscape(_ scalars: inout ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
        guard scalars.starts(with: ["u", "{"]), let close = scalars.firstIndex(of: "}") else { return nil }
        let digits = String(String.UnicodeScalarView(scalars[(scalars.startIndex + 2)..<close]))
        guard (1...8).contains(digits.count), digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
        else { return nil }
        scalars = scalars[(close + 1)...]
        return scalar
    }
}

/// Whether text shown on a terminal must write this scalar as an escape, as diagnostics do: control
/// characters but tab (C0, DEL, C1) and bidirectional controls.
func isShownEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// Whether a diagram must write this scalar as an escape: as on a terminal, and also U+2028 and
/// U+2029 (PlantUML rejects them) and what XML cannot hold.
func isEscapedInDiagrams(_ scalar: Unicode.Scalar) -> Bool {
    isShownEscaped(scalar) || [0x2028, 0x2029, 0xFFFE, 0xFFFF].contains(scalar.value)
}

/// `text` on one line, as diagrams write it: line feeds and carriage returns as spaces.
func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
}

/// Reads the texts back from a Mermaid or PlantUML export.
enum DiagramText {
    /// The texts of one line of an export (title, participant name, arrow or note text), or nil
    /// when the line has another shape than the writer's.
    static func texts(in line: Substring, _ dialect: SequenceDiagramWriter.Dialect) -> [Substring]? {
        let id = "(?:p[0-9]+|m)"
        let shapes =
            switch dialect {
            case .mermaid:
                [
                    "sequenceDiagram", "    title (.*) \\([a-z-]+\\)", "    participant \(id) as (.*)",
                    "    \(id)->>\(id): (.*)", "    Note over \(id)(?:,\(id))?: (.*)", " *(?:de)?activate \(id)", "",
                ]
            case .plantuml:
                [
                    "@startuml", "@enduml", "title (.*) \\([a-z-]+\\)", "(?:participant|control) \"([^\"]*)\" as \(id)",
                    "\(id) -> \(id) : (.*)", "note over \(id)(?:, \(id))? : (.*)", " *(?:de)?activate \(id)", "",
                ]
            }
        for shape in shapes {
            // Scalar by scalar: a text that starts with a combining mark or a ZWJ joins the space before it.
            guard let match = try? Regex(shape).matchingSemantics(.unicodeScalar).wholeMatch(in: line) else { continue }
            return match.output.dropFirst().compactMap(\.substring)
        }
        return nil
    }

    /// The text of a title line, or nil for another line.
    static func title(in line: Substring, _ dialect: SequenceDiagramWriter.Dialect) -> Substring? {
        guard line.unicodeScalars.starts(with: (dialect == .mermaid ? "    title " : "title ").unicodeScalars) else { return nil }
        return texts(in: line, dialect)?.first
    }

    /// `text` decoded: entity codes (`#35;` in Mermaid, `&#35;` in PlantUML, which also doubles a
    /// backslash) give their character. Nil when a character that means something to the
    /// language is left as it is, or for `&#92;` and `&#36;`, which Debian's PlantUML throws on.
    static func decoded(_ text: Substring, _ dialect: SequenceDiagramWriter.Dialect) -> String? {
        let special: Set<Unicode.Scalar> =
            dialect == .mermaid
            ? Set("#;%:\"&<>ﬂ¶".unicodeScalars) : Set("\\~*/_-\"<>&[]|^=#%{}".unicodeScalars)
        let entity = dialect == .mermaid ? "#" : "&#"
        var out = String.UnicodeScalarView()
        var rest = text.unicodeScalars[...]
        while let scalar = rest.first {
            if dialect == .plantuml, rest.starts(with: ["\\", "\\"]) {
                out.append("\\")
                rest = rest.dropFirst(2)
            } else if rest.starts(with: entity.unicodeScalars), let end = rest.firstIndex(of: ";"),
                let value = UInt32(String(String.UnicodeScalarView(rest[rest.index(rest.startIndex, offsetBy: entity.count)..<end]))),
                let decoded = Unicode.Scalar(value), dialect == .mermaid || ![92, 36].contains(value)
            {
                out.append(decoded)
                rest = rest[rest.index(after: end)...]
            } else if special.contains(scalar) || isEscapedInDiagrams(scalar) {
                return nil
            } else {
                out.append(scalar)
                rest = rest.dropFirst()
            }
        }
        return String(out)
    }
}
