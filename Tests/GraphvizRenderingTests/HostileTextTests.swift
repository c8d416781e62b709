import Foundation
import GraphvizRendering
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// Titles and messages with quotes, backslashes, markup, braces, newlines, emoji and a
/// right-to-left override go through the DOT emitters and Graphviz into SVG that is well-formed
/// XML with nothing injected, and the override shown `\u{202E}`.
@Suite("Hostile text through DOT to SVG")
struct HostileTextTests {
    static let source = #"""
        scenario "<script>alert(\"x\")</script> ]]> &amp; \\ \{braces\} \n 😄 \\"
        participant A : Node
        participant B : Node { note = "\"quoted\" <b>bold</b>" }
        on Node receives hit { self -> sender: reply(text: "</text><script>x") }
        A -> B: "<svg onload=\"f(1)\">\\\"\{\}\n😄&lt;"
        A -> B: hit(l: "\\", o: "]]>", e: "👩‍👩‍👧")
        A -> B: "\u{202E}gnp.exe"
        """#

    static func svgs() throws -> [String: String] {
        let scenario = try ScenarioLoader.load(SourceFile(path: "hostile.scenario", text: source)).get()
        let report = ComparisonReport(scenario: scenario)
        var dots = ["compare": DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title)]
        for implementation in report.implementations {
            let run = implementation.run
            dots["\(run.kind.rawValue).messages"] = DOTEmitter.messages(run.messages, title: scenario.title, kind: run.kind)
            dots["\(run.kind.rawValue).coupling"] = DOTEmitter.coupling(
                run.references, metrics: run.metrics, participants: scenario.participants, title: scenario.title, kind: run.kind)
        }
        return try dots.mapValues { String(decoding: try Graphviz.render($0, layout: .dot, format: .svg), as: UTF8.self) }
    }

    @Test func everySVGIsWellFormedWithNothingInjected() throws {
        for (name, svg) in try Self.svgs() {
            let parsed = try SVGText.parse(svg)
            #expect(!parsed.elements.contains("script"), "\(name) has a script element")
            #expect(!parsed.elements.contains("b"), "\(name) has a b element")
            #expect(
                parsed.texts.contains { $0.contains("<script>alert(\"x\")</script> ]]> &amp; \\ {braces}") },
                "\(name) lost the title")
            #expect(!svg.unicodeScalars.contains("\u{202E}"), "\(name) has a right-to-left override")
        }
    }

    @Test func messagesKeepTheirTextExactly() throws {
        let svg = try #require(try Self.svgs()["wrapper.messages"])
        let texts = try SVGText.texts(of: svg).joined(separator: "\n")
        #expect(texts.contains(#"1: "<svg onload=\"f(1)\">\\\"{}\n😄&lt;""#))
        #expect(texts.contains(#"2: hit(l: "\\", o: "]]>", e: "👩‍👩‍👧")"#))
        #expect(texts.contains(#"2.1: reply(text: "</text><script>x")"#))
        #expect(texts.contains(#"3: "\u{202E}gnp.exe""#))
    }
}
