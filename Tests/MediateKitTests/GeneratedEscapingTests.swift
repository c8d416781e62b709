import Foundation
import GraphvizRendering
import Testing
@testable import MediateKit

/// Escaping as a property, over generated texts: a title, a message and a property value made of
/// quotes, backslashes, markup, braces, line breaks, control characters and emoji survive JSON
/// lines exactly, never break a transcript line, and the SVG Graphviz draws from them is
/// well-formed XML with no element a plain scenario's SVG lacks.
///
/// The issue asked for swift-property-based; its package cannot be fetched on this machine, so
/// the texts come from a seeded generator (`SplitMix`), the same on every run.
@Suite("Generated escaping")
struct GeneratedEscapingTests {
    static let pieces = [
        "\"", "\\", "<", ">", "&", "{", "}", "\n", "\t", "]]>", "<script>", "&amp;", "😄", "é",
        "\u{7}", "a", " ", "-->", "'", "\\n", "%", "\u{200D}", "🇫🇷",
    ]

    /// Text number `seed`: up to 12 pieces.
    static func text(_ seed: UInt64) -> String {
        var generator = SplitMix(seed: seed)
        return (0..<(1 + Int(generator.next() % 12))).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    /// `text` as a scenario string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "{": out += "\\{"
            case "}": out += "\\}"
            case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func scenario(_ text: String) throws -> LoadedScenario {
        let quoted = literal(text)
        return try ScenarioLoader.load(SourceFile(path: "generated.scenario", text: """
            scenario \(quoted)
            mediator wrapper
            participant A
            participant B { note = \(quoted) }
            on B receives any { self -> sender: echo(text: self.note) }
            A -> B: \(quoted)
            """)).get()
    }

    @Test(arguments: 0..<25)
    func textsSurviveJSONLinesAndTranscripts(seed: Int) throws {
        let text = Self.text(UInt64(seed))
        let scenario = try Self.scenario(text)
        let jsonLines = StringOutput()
        let transcript = StringOutput()
        let interpreter = Interpreter(script: scenario.script, title: scenario.title, kind: .wrapper,
                                      sink: TeeSink([FormattedSink(format: .jsonl, output: jsonLines),
                                                     FormattedSink(format: .transcript, output: transcript)]))
        _ = interpreter.run()
        let objects = try jsonLines.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // One transcript line per event (and the final newline's empty piece).
        let lines = transcript.text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines == objects.count + 1)
        #expect(objects.first?["title"] as? String == text)
        let sends = objects.filter { $0["event"] as? String == "send" }
        #expect((sends.first?["message"] as? [String: Any])?["text"] as? String == text)
        let reply = try #require(sends.last?["message"] as? [String: Any])
        let arguments = try #require(reply["arguments"] as? [[String: Any]])
        #expect(arguments.first?["value"] as? String == text)
    }

    @Test func svgFromGeneratedTextsIsWellFormedWithNothingInjected() throws {
        func svgs(_ scenario: LoadedScenario) throws -> [SVG] {
            let run = KindRun.run(scenario, kind: .wrapper, output: nil)
            let dots = [
                DOTEmitter.messages(run.messages, title: scenario.title, kind: .wrapper),
                DOTEmitter.coupling(run.references, metrics: run.metrics, participants: scenario.participants,
                                    title: scenario.title, kind: .wrapper),
            ]
            return try dots.map { SVG(try Graphviz.render($0, layout: .dot, format: .svg)) }
        }
        let allowed = Set(try svgs(try Self.scenario("plain")).flatMap(\.elements))
        #expect(allowed.contains("text") && !allowed.contains("script"))
        for seed in 0..<12 {
            let text = Self.text(UInt64(seed))
            for svg in try svgs(try Self.scenario(text)) {
                #expect(svg.isWellFormed, "\(text.debugDescription): \(svg.parseError ?? "")")
                #expect(Set(svg.elements).isSubset(of: allowed), "\(text.debugDescription) added \(Set(svg.elements).subtracting(allowed))")
            }
        }
    }
}
