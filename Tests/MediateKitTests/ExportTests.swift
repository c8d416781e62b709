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
                title Relay   1 (protocol-extension)
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
                m->>p1: 2 "a#59;b#35;c#lt;d#gt;"
                m->>p2: 2 "a#59;b#35;c#lt;d#gt;"
                m->>p3: 2 "a#59;b#35;c#lt;d#gt;"
                Note over p1,m: leaked: none

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
}
