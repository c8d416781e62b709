import Testing
@testable import MediateKit
@testable import MediateDesigns

@Suite("Sequence diagram exports")
struct ExportTests {
    func export(_ source: String, kind: MediatorKind? = nil, dialect: SequenceDiagramWriter.Dialect) throws -> String {
        let scenario = try ScenarioLoader.load(SourceFile(path: "x.scenario", text: source)).get()
        let chosen = kind ?? scenario.declaredKind
        let output = StringOutput()
        let writer = SequenceDiagramWriter(dialect: dialect, title: scenario.title, kind: chosen,
                                           participants: scenario.participants.map(\.name),
                                           routedThroughMediator: chosen == .mesh ? [] : [chosen], output: output)
        _ = Interpreter(script: scenario.script, title: scenario.title, kind: chosen, sink: writer).run()
        return output.text
    }

    let source = """
        scenario "Relay; #1"
        participant A
        participant B
        participant C
        on B receives ping { self -> C, D: pong }
        participant D
        leave D
        A -> B: ping
        mediator -> *: "a;b#c<d>"
        """

    @Test func mermaidRoutesThroughTheMediatorWithNumbersAndNotes() throws {
        #expect(try export(source, dialect: .mermaid) == """
            sequenceDiagram
                title Relay#59; #35;1 (protocol-extension)
                participant p1 as A
                participant p2 as B
                participant p3 as C
                participant p4 as D
                participant m as mediator
                Note over p4: leave
                p1->>m: 1 ping
                m->>p2: 1 ping
                p2->>m: 1.1 pong
                m->>p3: 1.1 pong
                Note over p2: ! missingReceiver D
                m->>p1: 2 #34;a#59;b#35;c#60;d#62;#34;
                m->>p2: 2 #34;a#59;b#35;c#60;d#62;#34;
                m->>p3: 2 #34;a#59;b#35;c#60;d#62;#34;
                Note over p1,m: leaked#58; none

            """)
    }

    @Test func inTheMeshDeliveriesGoStraightAndTheMediatorCannotSpeak() throws {
        let text = try export(source, kind: .mesh, dialect: .mermaid)
        #expect(!text.contains("participant m as mediator"))
        #expect(text.contains("    p1->>p2: 1 ping\n    p2->>p3: 1.1 pong\n"))
        #expect(text.contains("Note over p1,p4: ! noMediator\n"))
    }

    @Test func plantUMLEscapesCreoleMarkup() throws {
        let text = try export(source, dialect: .plantuml)
        #expect(text.hasPrefix("@startuml\ntitle Relay; &#35;1 (protocol-extension)\nparticipant \"A\" as p1\n"))
        #expect(text.contains("control \"mediator\" as m\n"))
        #expect(text.contains("m -> p1 : 2 &#34;a;b&#35;c&#60;d&#62;&#34;\n"))
        #expect(text.hasSuffix("note over p1, m : leaked: none\n@enduml\n"))
    }

    /// What Debian's PlantUML (1.2020) was seen to read: `\\` as a backslash, where `&#92;` throws;
    /// `&#37;` as a percent sign, where `%getenv(…)` is called; `&#123;` as a brace, where `{{` in a
    /// title is a syntax error. Control characters, U+2028 and U+202E are written `\u{X}`.
    @Test func plantUMLSpellsWhatDebiansPlantUMLReadsWithoutError() throws {
        let text = try export("""
            scenario "a\\\\b %getenv(\\"HOME\\") \\{\\{ \\u{1B} \\u{2028}"
            participant A
            participant B
            A -> B: "\\u{85}\\u{202E}"
            """, dialect: .plantuml)
        #expect(text.hasPrefix(#"""
            @startuml
            title a\\b &#37;getenv(&#34;HOME&#34;) &#123;&#123; \\u&#123;1B&#125; \\u&#123;2028&#125; (protocol-extension)
            """#))
        #expect(text.contains(#"p1 -> m : 1 &#34;\\u&#123;85&#125;\\u&#123;202E&#125;&#34;"#))
    }

    @Test func mermaidWritesEntityCodesForDirectivesQuotesAndColons() throws {
        let text = try export(#"""
            scenario "%%\{init: \{\"theme\": \"dark\"\}\}%% \u{1B}"
            participant A
            participant B
            A -> B: "style:#a;"
            """#, dialect: .mermaid)
        #expect(text.contains("    title #37;#37;{init#58; {#34;theme#34;#58; #34;dark#34;}}#37;#37; \\u{1B} (protocol-extension)\n"))
        #expect(text.contains("    p1->>m: 1 #34;style#58;#35;a#59;#34;\n"))
    }
}
