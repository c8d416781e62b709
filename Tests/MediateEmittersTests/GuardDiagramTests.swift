import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// Guards (language 1.1) in the diagrams: an `opt` block in the Mermaid and PlantUML exports, a
/// UML `opt` frame in the sequence SVG, around what the guarded body drew.
@Suite("Guards in the diagrams")
struct GuardDiagramTests {
    /// A named mediator whose guarded reaction replies; a guarded reaction in that reply sends to
    /// a participant and to the mediator, and one in there leaves; a guard that does not hold
    /// (step 2), and one whose body only logs (step 3).
    static let guarded = """
        language 1.1
        scenario "Guards"
        mediator wrapper as Hub
        participant A
        participant B
        participant C
        on Hub receives ask(n) if n > 1 { self -> sender: yes(n) }
        on Hub receives ask(n) if n < 0 { log "negative" }
        on A receives yes(n) if n >= 3 and sender == "Hub" { self -> C, Hub: "<&>\\"#;" }
        on C receives any if self != "B" { leave C }
        A -> Hub: ask(5)
        A -> Hub: ask(1)
        A -> Hub: ask(-1)
        B -> C: "after"
        """

    /// A guard holding every character the exports must escape.
    static let hostile = """
        language 1.1
        scenario "Hostile"
        participant A
        participant B
        on B receives m(a) if a != "<b>&amp;\\"#;</b> %getenv(\\"HOME\\") \\{x\\} :" { self -> A: ok }
        A -> B: m("x")
        """

    func export(_ source: String, kind: MediatorKind? = nil, _ dialect: SequenceDiagramWriter.Dialect) throws -> String {
        try SequenceDiagrams.export(source, kind: kind, dialect: dialect)
    }

    @Test func mermaidWrapsWhatAGuardedBodyDrewInNestedOptBlocks() throws {
        // Step 2's guard did not hold and step 3's body drew nothing an export shows: no block.
        // The send to C and Hub reaches Hub by one arrow.
        #expect(
            try export(Self.guarded, .mermaid) == """
                sequenceDiagram
                    title Guards (wrapper)
                    participant p1 as A
                    participant p2 as B
                    participant p3 as C
                    participant m as Hub
                    p1->>m: 1 ask(5)
                    activate m
                    opt n #62; 1
                        m->>p1: 1.1 yes(5)
                        activate p1
                        opt n #62;= 3 and sender == #34;Hub#34;
                            p1->>m: 1.1.1 #34;#60;#38;#62;\\#34;#35;#59;#34;
                            m->>p3: 1.1.1 #34;#60;#38;#62;\\#34;#35;#59;#34;
                            opt self != #34;B#34;
                                Note over p3: leave
                            end
                        end
                        deactivate p1
                    end
                    deactivate m
                    p1->>m: 2 ask(1)
                    p1->>m: 3 ask(-1)
                    p2->>m: 4 #34;after#34;
                    Note over p2: ! missingReceiver C (send 4 #34;after#34;)
                    Note over p1,m: leaked#58; none

                """)
    }

    @Test func plantUMLWrapsWhatAGuardedBodyDrewInNestedOptBlocks() throws {
        // Under direct-delegate, `leave C` is refused: the error is the leave's, inside its block,
        // and not the send's before it.
        #expect(
            try export(Self.guarded, kind: .directDelegate, .plantuml) == """
                @startuml
                title Guards (direct-delegate)
                participant "A" as p1
                participant "B" as p2
                participant "C" as p3
                control "Hub" as m
                p1 -> m : 1 ask(5)
                activate m
                opt n &#62; 1
                    m -> p1 : 1.1 yes(5)
                    activate p1
                    opt n &#62;&#61; 3 and sender &#61;&#61; &#34;Hub&#34;
                        p1 -> m : 1.1.1 &#34;&#60;&#38;&#62;\\\\&#34;&#35;;&#34;
                        m -> p3 : 1.1.1 &#34;&#60;&#38;&#62;\\\\&#34;&#35;;&#34;
                        opt self !&#61; &#34;B&#34;
                            note over p3 : leave
                            note over p1, m : ! fixedColleagues C
                        end
                    end
                    deactivate p1
                end
                deactivate m
                p1 -> m : 2 ask(1)
                p1 -> m : 3 ask(&#45;1)
                p2 -> m : 4 &#34;after&#34;
                m -> p3 : 4 &#34;after&#34;
                opt self !&#61; &#34;B&#34;
                    note over p3 : leave
                    note over p1, m : ! fixedColleagues C
                end
                note over p1, m : leaked: A, B, C, Hub
                @enduml

                """)
    }

    @Test func aGuardIsEscapedAsEveryLabelIs() throws {
        let mermaid = try export(Self.hostile, .mermaid).split(separator: "\n").filter { $0.contains("opt ") }
        #expect(
            mermaid == [
                "    opt a != #34;#60;b#62;#38;amp#59;\\#34;#35;#59;#60;/b#62; #37;getenv(\\#34;HOME\\#34;) \\{x\\} #58;#34;"
            ])
        let plantUML = try export(Self.hostile, .plantuml).split(separator: "\n").filter { $0.contains("opt ") }
        #expect(
            plantUML == [
                "opt a !&#61; &#34;&#60;b&#62;&#38;amp;\\\\&#34;&#35;;&#60;&#47;b&#62; &#37;getenv(\\\\&#34;HOME\\\\&#34;) "
                    + "\\\\&#123;x\\\\&#125; :&#34;"
            ])
    }

    @Test func aScenarioWithoutGuardsHasNoBlocks() throws {
        for dialect in SequenceDiagramWriter.Dialect.allCases {
            let text = try export(SequenceSVGTests.relay, dialect)
            #expect(!text.contains("opt "))
        }
    }

    @Test func aLateParticipantWhoseFirstArrowIsAnothersIsCreatedFromTheEdge() throws {
        // Under mesh, Cy's first send to the mediator is an error note over Cy: Cy is created
        // there, by an arrow from the edge, since PlantUML wants an arrow to a participant right
        // after its `create`, and the next arrow is Host's to Ann.
        let source = """
            language 1.1
            scenario "Late"
            mediator mesh as Lobby
            participant Host
            participant Ann
            Ann -> Host: hi
            participant Cy
            Cy -> Lobby: join
            Host -> Ann: point
            """
        let lines = try export(source, .plantuml).split(separator: "\n").suffix(7)
        #expect(
            lines == [
                "p2 -> p1 : 1 hi", "create participant \"Cy\" as p3", "[-> p3 : joins",
                "note over p3 : ! noMediator (send 2 join)", "p1 -> p2 : 3 point", "note over p1, p3 : leaked: Host, Ann, Cy",
                "@enduml",
            ])
    }

    @Test func aLateParticipantIsCreatedAtTheFirstArrowItReceives() throws {
        // Without a mediator, Cy's `create` waits for the first arrow to it: PlantUML then draws
        // Cy there. Arrows between others come first; Dee joins and takes part in nothing.
        let source = """
            participant Host
            participant Ann
            Ann -> Host: hi
            participant Cy
            participant Dee
            Host -> *: point
            """
        let lines = try export(source, kind: .mesh, .plantuml).split(separator: "\n").suffix(8)
        #expect(
            lines == [
                "p2 -> p1 : 1 hi", "p1 -> p2 : 2 point", "create participant \"Cy\" as p3", "p1 -> p3 : 2 point",
                "create participant \"Dee\" as p4", "p1 -> p4 : 2 point", "note over p1, p4 : leaked: Host, Ann, Cy, Dee", "@enduml",
            ])
        let idle = try export("participant A\nA -> *: hi\nparticipant B\n", kind: .mesh, .plantuml)
        #expect(idle.hasSuffix("create participant \"B\" as p2\n[-> p2 : joins\nnote over p1, p2 : leaked: A, B\n@enduml\n"))
    }

    // MARK: The sequence SVG

    /// The lines of `svg` that draw guard frames.
    func frames(_ svg: String) -> [Substring] {
        svg.split(separator: "\n").filter { $0.hasPrefix("<g id=\"guard-") || $0.hasPrefix("<g id=\"s0-d1-guard-") }
    }

    @Test func theSequenceSVGFramesAGuardedBodyAsAnOptFragment() throws {
        let svg = try SequenceDiagrams.svg(Self.guarded)
        // Outer frames stand further from what they hold, and are wide enough for their condition;
        // step 3's log note is framed; step 2 draws no frame.
        let expected: String = #"""
            <g id="guard-1" class="guard"><rect class="guard-frame" x="18" y="118" width="534" height="202"/><path class="guard-tab" d="M18,118 H54 V130 L48,136 H18 Z"/><text class="guard-operator" x="25" y="131">opt</text><text class="guard-condition" x="62" y="131">[n &gt; 1]</text></g>
            <g id="guard-2" class="guard"><rect class="guard-frame" x="26" y="170" width="518" height="142"/><path class="guard-tab" d="M26,170 H62 V182 L56,188 H26 Z"/><text class="guard-operator" x="33" y="183">opt</text><text class="guard-condition" x="70" y="183">[n &gt;= 3 and sender == &quot;Hub&quot;]</text></g>
            <g id="guard-3" class="guard"><rect class="guard-frame" x="390" y="250" width="146" height="54"/><path class="guard-tab" d="M390,250 H426 V262 L420,268 H390 Z"/><text class="guard-operator" x="397" y="263">opt</text><text class="guard-condition" x="434" y="263">[self != &quot;B&quot;]</text></g>
            <g id="guard-4" class="guard"><rect class="guard-frame" x="129" y="382" width="103" height="54"/><path class="guard-tab" d="M129,382 H165 V394 L159,400 H129 Z"/><text class="guard-operator" x="136" y="395">opt</text><text class="guard-condition" x="173" y="395">[n &lt; 0]</text></g>
            """#
        #expect(frames(svg).joined(separator: "\n") == expected)
        #expect(svg.contains("\n.guard-frame { fill: none; stroke: #6a4c93; }"))
        let elements = try SequenceSVGTests.Elements.parse(svg)
        // A guarded body's send makes its reaction an activation; the send to C and Hub reaches
        // Hub by one arrow (step-1-1-1-send), so Hub's delivery draws none.
        #expect(elements.ids.contains("activation-step-1-delivery-1"))
        #expect(elements.ids.contains("activation-step-1-1-delivery-1"))
        #expect(elements.ids.contains("step-1-1-1-send"))
        #expect(!elements.ids.contains("step-1-1-1-delivery-2"))
        #expect(elements.texts.filter { $0 == "opt" }.count == 4)
    }

    @Test func aFrameBelongsToItsStepForThePlayer() throws {
        let scenario = try ScenarioLoader.load(SourceFile(path: "x.scenario", text: Self.guarded)).get()
        let writer = SequenceSVGWriter(
            title: scenario.title, kind: .wrapper, participants: scenario.participants.map(\.name), mediatorLifeline: true,
            idPrefix: "s0-d1-")
        _ = Interpreter(
            script: scenario.script, title: scenario.title, design: scenario.designs.design(.wrapper)!,
            designs: scenario.designs, sink: writer
        ).run()
        // The three participants are steps 1 to 3; the sends are steps 4 to 7.
        let starts = frames(writer.svg()).map { $0.prefix(while: { $0 != ">" }) }
        #expect(
            starts.joined(separator: "\n") == #"""
                <g id="s0-d1-guard-1" data-step="4" class="guard"
                <g id="s0-d1-guard-2" data-step="4" class="guard"
                <g id="s0-d1-guard-3" data-step="4" class="guard"
                <g id="s0-d1-guard-4" data-step="6" class="guard"
                """#)
    }

    @Test func aGuardIsEscapedForXML() throws {
        let texts = try SequenceSVGTests.Elements.parse(SequenceDiagrams.svg(Self.hostile)).texts
        #expect(texts.contains("[a != \"<b>&amp;\\\"#;</b> %getenv(\\\"HOME\\\") \\{x\\} :\"]"))
    }

    @Test func aScenarioWithoutGuardsDrawsNoFrameAndNoFrameStyle() throws {
        let svg = try SequenceDiagrams.svg(SequenceSVGTests.relay)
        #expect(!svg.contains("guard"))
    }
}
