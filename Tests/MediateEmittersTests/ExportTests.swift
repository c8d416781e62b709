import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

@Suite("Sequence diagram exports")
struct ExportTests {
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
        #expect(
            try SequenceDiagrams.export(source, dialect: .mermaid) == """
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
                    activate p2
                    p2->>m: 1.1 pong
                    m->>p3: 1.1 pong
                    Note over p2: ! missingReceiver D (send 1.1 pong)
                    deactivate p2
                    m->>p1: 2 #34;a#59;b#35;c#60;d#62;#34;
                    m->>p2: 2 #34;a#59;b#35;c#60;d#62;#34;
                    m->>p3: 2 #34;a#59;b#35;c#60;d#62;#34;
                    Note over p1,m: leaked#58; none

                """)
    }

    /// As in the native view: a bar from the arrow that starts a reaction that sends to the
    /// reaction's end, nested as reactions nest, and around a guard's block when the guarded body
    /// is what sends.
    @Test(arguments: SequenceDiagramWriter.Dialect.allCases)
    func aReactionThatSendsIsActivatedUntilItEnds(dialect: SequenceDiagramWriter.Dialect) throws {
        let text = try SequenceDiagrams.export(
            """
            mediator mesh
            participant A
            participant B
            on B receives ping { self -> A: pong }
            on A receives pong { self -> B: done }
            on B receives again if sender == "A" { self -> A: done }
            A -> B: ping
            A -> B: again
            """, dialect: dialect)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let bars = lines.filter { $0.hasPrefix("activate ") || $0.hasPrefix("deactivate ") }
        #expect(bars == ["activate p2", "activate p1", "deactivate p1", "deactivate p2", "activate p2", "deactivate p2"], "\(text)")
        // The first bar starts after the arrow into B and before B's own arrow.
        let into = try #require(lines.firstIndex { $0.contains("p1") && $0.contains("p2") && $0.hasSuffix("1 ping") })
        #expect(lines[into + 1] == "activate p2")
        // Only the guarded body sends: the bar, the reaction's, starts before the guard's block
        // and ends after it.
        let opt = try #require(lines.firstIndex { $0.hasPrefix("opt ") })
        #expect(lines[opt - 1] == "activate p2")
        let end = try #require(lines[opt...].firstIndex { $0 == "end" })
        #expect(lines[end + 1] == "deactivate p2")
    }

    @Test func inTheMeshDeliveriesGoStraightAndTheMediatorCannotSpeak() throws {
        let text = try SequenceDiagrams.export(source, kind: .mesh, dialect: .mermaid)
        #expect(!text.contains("participant m as mediator"))
        #expect(text.contains("    p1->>p2: 1 ping\n    activate p2\n    p2->>p3: 1.1 pong\n"))
        #expect(text.contains("Note over p1,p4: ! noMediator (send 2 #34;a#59;b#35;c#60;d#62;#34;)\n"))
    }

    @Test func plantUMLEscapesCreoleMarkup() throws {
        let text = try SequenceDiagrams.export(source, dialect: .plantuml)
        #expect(text.hasPrefix("@startuml\ntitle Relay; &#35;1 (protocol-extension)\nparticipant \"A\" as p1\n"))
        #expect(text.contains("control \"mediator\" as m\n"))
        #expect(text.contains("m -> p1 : 2 &#34;a;b&#35;c&#60;d&#62;&#34;\n"))
        #expect(text.hasSuffix("note over p1, m : leaked: none\n@enduml\n"))
    }

    /// What Debian's PlantUML (1.2020) was seen to read: `\\` as a backslash, where `&#92;` throws;
    /// `&#37;` as a percent sign, where `%getenv(…)` is called; `&#123;` as a brace, where `{{` in a
    /// title is a syntax error. Control characters, U+2028 and U+202E are written `\u{X}`.
    @Test func plantUMLSpellsWhatDebiansPlantUMLReadsWithoutError() throws {
        let text = try SequenceDiagrams.export(
            """
            scenario "a\\\\b %getenv(\\"HOME\\") \\{\\{ \\u{1B} \\u{2028}"
            participant A
            participant B
            A -> B: "\\u{85}\\u{202E}"
            """, dialect: .plantuml)
        #expect(
            text.hasPrefix(
                #"""
                @startuml
                title a\\b &#37;getenv(&#34;HOME&#34;) &#123;&#123; \\u&#123;1B&#125; \\u&#123;2028&#125; (protocol-extension)
                """#))
        #expect(text.contains(#"p1 -> m : 1 &#34;\\u&#123;85&#125;\\u&#123;202E&#125;&#34;"#))
    }

    @Test func mermaidWritesEntityCodesForDirectivesQuotesAndColons() throws {
        let text = try SequenceDiagrams.export(
            #"""
            scenario "%%\{init: \{\"theme\": \"dark\"\}\}%% \u{1B}"
            participant A
            participant B
            A -> B: "style:#a;"
            """#, dialect: .mermaid)
        #expect(text.contains("    title #37;#37;{init#58; {#34;theme#34;#58; #34;dark#34;}}#37;#37; \\u{1B} (protocol-extension)\n"))
        #expect(text.contains("    p1->>m: 1 #34;style#58;#35;a#59;#34;\n"))
    }

    /// A design plugged in from outside that reports no hop (``RelayDesign``: a switchboard object
    /// that never says a message went through it) draws sender → receiver, with no mediator lifeline.
    @Test(arguments: SequenceDiagramWriter.Dialect.allCases)
    func aDesignThatReportsNoHopsDrawsDirectArrows(dialect: SequenceDiagramWriter.Dialect) throws {
        let designs = try DesignRegistry.reference(adding: [RelayDesign.self])
        let text = try SequenceDiagrams.export(
            "participant A\nparticipant B\nA -> B: ping\n", kind: MediatorKind("relay"), designs: designs, dialect: dialect)
        #expect(!text.contains("mediator"))
        #expect(text.contains(dialect == .mermaid ? "    p1->>p2: 1 ping\n" : "p1 -> p2 : 1 ping\n"))
    }

    static let expectations = """
        participant A
        participant B
        A -> B: ping
        expect B received 1
        expect A received 5
        """

    @Test func aFailedExpectationIsMarkedInRed() throws {
        let mermaid = try SequenceDiagrams.export(Self.expectations, dialect: .mermaid)
        #expect(mermaid.contains("    Note over p1,m: expect B received 1 ok\n"))
        #expect(
            mermaid.contains(
                """
                    rect rgb(255, 205, 210)
                    Note over p1,m: ✗ expect A received 5 FAILED (got 0)
                    end

                """))
        let plantUML = try SequenceDiagrams.export(Self.expectations, dialect: .plantuml)
        #expect(plantUML.contains("note over p1, m : expect B received 1 ok\n"))
        #expect(plantUML.contains("note over p1, m #pink : ✗ expect A received 5 FAILED (got 0)\n"))
    }

    /// An error names the send it belongs to; one of a join or a `leave` names none (not the send before it).
    @Test func anErrorNoteNamesItsSend() throws {
        let text = try SequenceDiagrams.export(
            """
            mediator direct-delegate
            participant A
            participant B
            A -> B: hi
            participant C
            A -> C: ping
            leave B
            """, dialect: .plantuml)
        #expect(text.contains("note over p1, p3 : ! fixedColleagues C\n"))
        #expect(text.contains("note over p1 : ! missingReceiver C (send 2 ping)\n"))
        #expect(text.contains("note over p1, p3 : ! fixedColleagues B\n"))
    }

    static let lifetimes = """
        mediator wrapper
        participant A
        participant B weak
        A -> B: hi
        participant C
        A -> C: hello
        release B
        """

    /// A participant that joins after the first step is created there; one deallocated is destroyed.
    @Test func joinsAreCreatedAndDeallocationsDestroyed() throws {
        #expect(
            try SequenceDiagrams.export(Self.lifetimes, dialect: .plantuml) == """
                @startuml
                title x (wrapper)
                participant "A" as p1
                participant "B" as p2
                control "mediator" as m
                p1 -> m : 1 hi
                m -> p2 : 1 hi
                create participant "C" as p3
                m -> p3 : joins
                p1 -> m : 2 hello
                m -> p3 : 2 hello
                note over p2 : release
                destroy p2
                note over p1, p3 : leaked: none
                @enduml

                """)
        let mermaid = try SequenceDiagrams.export(Self.lifetimes, dialect: .mermaid)
        #expect(mermaid.contains("    create participant p3 as C\n    m->>p3: joins\n"))
        #expect(mermaid.contains("    destroy p2\n    p2-xp2: deallocated\n"))
        // Without a mediator, Mermaid's creating message comes from the new participant itself.
        let mesh = try SequenceDiagrams.export(Self.lifetimes, kind: .mesh, dialect: .mermaid)
        #expect(mesh.contains("    create participant p3 as C\n    p3->>p3: joins\n"))
    }

    /// A note about the whole run spans the lifelines drawn so far: one that joins later is not
    /// named before it is created (PlantUML would draw it from the top, under its id).
    @Test func aNoteSpansOnlyTheLifelinesAlreadyDrawn() throws {
        let scenario = """
            participant A
            participant B
            A -> B: hi
            expect B received 1
            participant C
            A -> C: hello
            expect C received 1
            """
        for dialect in SequenceDiagramWriter.Dialect.allCases {
            let text = try SequenceDiagrams.export(scenario, kind: .mesh, dialect: dialect)
            let lines = text.split(separator: "\n").map(String.init)
            let created = try #require(lines.firstIndex { $0.contains("create participant") })
            let early = try #require(lines.firstIndex { $0.contains("expect B received 1") })
            let late = try #require(lines.firstIndex { $0.contains("expect C received 1") })
            #expect(early < created)
            #expect(!lines[early].contains("p3"), "\(dialect): \(lines[early])")
            #expect(lines[early].contains("p1") && lines[early].contains("p2"))
            #expect(lines[late].contains("p1") && lines[late].contains("p3"))
        }
    }

    /// Mermaid reads a title up to the first `#`, `;` or line end, after turning entity codes
    /// (`#59;`) into placeholders, which it turns back into characters in the SVG: done here,
    /// the title comes back whole.
    @Test func aMermaidTitleKeepsEveryCharacter() throws {
        let title = "a;b #c <b>x</b> & %% d: e \\ 😄"
        let text = try SequenceDiagrams.export(
            "scenario \"\(title.replacingOccurrences(of: "\\", with: "\\\\"))\"\nparticipant A\n", dialect: .mermaid)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("    title ") })
        let codes = try Regex("#([0-9]+);")
        let placeholders = line.replacing(codes) { "\u{FB02}°°\($0.output[1].substring!)¶ß" }
        let read = try #require(placeholders.dropFirst("    title ".count).split(whereSeparator: { "#;".contains($0) }).first)
        let decoded = read.replacing(try Regex("\u{FB02}°°([0-9]+)¶ß")) {
            String(Character(Unicode.Scalar(UInt32($0.output[1].substring!)!)!))
        }
        #expect(decoded == title + " (protocol-extension)")
    }
}
