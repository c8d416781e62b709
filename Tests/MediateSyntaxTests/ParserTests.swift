import MediateDesigns
import MediateRuntime
import Testing

@testable import MediateSyntax

/// The two-send Musketeers example of docs/LANGUAGE.md ("A complete example"), headed by a comment.
let musketeersExample = """
    # Scenarios/musketeers.scenario
    scenario "Musketeers"
    mediator wrapper

    participant Athos : Musketeer
    participant Porthos : Musketeer
    participant Aramis : Musketeer

    on Musketeer sends any { log "{self} sent: {message}" }
    on Musketeer receives any { log "{self} received: {message}" }

    Athos -> *: "One for all...!"
    mediator -> *: "Charge!"

    """

@Suite("Parser")
struct ParserTests {
    /// Parses `text`, recording an issue for any diagnostic.
    private func parse(_ text: String) -> Script {
        let (script, diagnostics) = Frontend.parse(SourceFile(path: "t.scenario", text: text))
        #expect(diagnostics.map(\.message) == [])
        return script
    }

    @Test func theLanguageExample() {
        #expect(
            parse(musketeersExample).dump() == """
                Script @1:1-14:1
                ├─ Scenario "Musketeers" @2:1-2:22
                ├─ Mediator wrapper @3:1-3:17
                ├─ Participant Athos : Musketeer @5:1-5:30
                ├─ Participant Porthos : Musketeer @6:1-6:32
                ├─ Participant Aramis : Musketeer @7:1-7:31
                ├─ Reaction Musketeer sends @9:1-9:56
                │  ├─ Pattern any @9:20-9:23
                │  └─ Log @9:26-9:54
                │     ├─ Interpolation self @9:32-9:36
                │     ├─ Text " sent: "
                │     └─ Interpolation message @9:45-9:52
                ├─ Reaction Musketeer receives @10:1-10:63
                │  ├─ Pattern any @10:23-10:26
                │  └─ Log @10:29-10:61
                │     ├─ Interpolation self @10:35-10:39
                │     ├─ Text " received: "
                │     └─ Interpolation message @10:52-10:59
                ├─ Send @12:1-12:30
                │  ├─ Sender Athos @12:1-12:6
                │  ├─ Targets * @12:10-12:11
                │  └─ Message "One for all...!" @12:13-12:30
                └─ Send @13:1-13:25
                   ├─ Sender mediator @13:1-13:9
                   ├─ Targets * @13:13-13:14
                   └─ Message "Charge!" @13:16-13:25
                """)
    }

    @Test func mediatorsAndParticipants() {
        let script = parse(
            #"""
            mediator protocol-extension
            mediator direct-delegate
            participant A
            participant B : Guard weak
            participant C weak {
              hp = 10,
              name = "C \"the\" third", ready = true,
            }
            participant D { }
            participant E{x=-1.5}
            """#)
        #expect(
            script.dump() == #"""
                Script @1:1-10:22
                ├─ Mediator protocol-extension @1:1-1:28
                ├─ Mediator direct-delegate @2:1-2:25
                ├─ Participant A @3:1-3:14
                ├─ Participant B : Guard weak @4:1-4:27
                ├─ Participant C weak @5:1-8:2
                │  ├─ Property hp = 10 @6:3-6:10
                │  ├─ Property name = "C \"the\" third" @7:3-7:27
                │  └─ Property ready = true @7:29-7:41
                ├─ Participant D @9:1-9:18
                └─ Participant E @10:1-10:22
                   └─ Property x = -1.5 @10:15-10:21
                """#)
    }

    @Test func namesKeepTheirRanges() {
        let script = parse("mediator  direct-delegate\nparticipant Athos : Musketeer")
        guard case .mediator(let kind, _) = script.statements[0],
            case .participant(let athos) = script.statements[1]
        else {
            Issue.record("unexpected statements: \(script.statements)")
            return
        }
        #expect(kind.text == "direct-delegate")
        #expect(kind.range.dumpDescription == "@1:11-1:26")
        #expect(athos.name.range.dumpDescription == "@2:13-2:18")
        #expect(athos.type?.range.dumpDescription == "@2:21-2:30")
        #expect(athos.typeName == "Musketeer")
    }

    @Test func sends() {
        #expect(
            parse(
                """
                A -> B: ping
                A -> B: ping()
                A -> B, C, D: hit(3, by: "A", false)
                mediator -> * Guard: "Charge!"
                A->*:"x"
                """
            ).dump() == """
                Script @1:1-5:9
                ├─ Send @1:1-1:13
                │  ├─ Sender A @1:1-1:2
                │  ├─ Targets B @1:6-1:7
                │  └─ Message ping @1:9-1:13
                ├─ Send @2:1-2:15
                │  ├─ Sender A @2:1-2:2
                │  ├─ Targets B @2:6-2:7
                │  └─ Message ping @2:9-2:15
                ├─ Send @3:1-3:37
                │  ├─ Sender A @3:1-3:2
                │  ├─ Targets B, C, D @3:6-3:13
                │  └─ Message hit @3:15-3:37
                │     ├─ Argument 3 @3:19-3:20
                │     ├─ Argument by: "A" @3:22-3:29
                │     └─ Argument false @3:31-3:36
                ├─ Send @4:1-4:31
                │  ├─ Sender mediator @4:1-4:9
                │  ├─ Targets * Guard @4:13-4:20
                │  └─ Message "Charge!" @4:22-4:31
                └─ Send @5:1-5:9
                   ├─ Sender A @5:1-5:2
                   ├─ Targets * @5:4-5:5
                   └─ Message "x" @5:6-5:9
                """)
    }

    @Test func emptyArgumentListIsTheSameAsNone() {
        let script = parse("A -> B: ping()\nA -> B: ping")
        guard case .send(let withParentheses) = script.statements[0],
            case .send(let without) = script.statements[1],
            case .named(let first, let firstArguments, _) = withParentheses.message,
            case .named(let second, let secondArguments, _) = without.message
        else {
            Issue.record("unexpected statements: \(script.statements)")
            return
        }
        #expect(first.text == second.text)
        #expect(firstArguments.isEmpty && secondArguments.isEmpty)
    }

    @Test func reactions() {
        #expect(
            parse(
                """
                on A receives hit(damage, from) {
                  set hp = damage
                  self -> sender, B: ouch(self, by: sender, hp: self.hp, b: B.hp, d: damage)

                  log "{from} hit {self} for {damage}; {B.hp} {self.hp} {sender} {message}"
                }
                on Guard sends any { }
                on B receives ping() { set n = 1; log "pong" ; self -> A: pong }
                on C receives x {
                log "a" }
                """
            ).dump() == """
                Script @1:1-10:10
                ├─ Reaction A receives @1:1-6:2
                │  ├─ Pattern hit(damage, from) @1:15-1:32
                │  ├─ Set hp = damage @2:3-2:18
                │  ├─ Send @3:3-3:77
                │  │  ├─ Sender self @3:3-3:7
                │  │  ├─ Targets sender, B @3:11-3:20
                │  │  └─ Message ouch @3:22-3:77
                │  │     ├─ Argument self @3:27-3:31
                │  │     ├─ Argument by: sender @3:33-3:43
                │  │     ├─ Argument hp: self.hp @3:45-3:56
                │  │     ├─ Argument b: B.hp @3:58-3:65
                │  │     └─ Argument d: damage @3:67-3:76
                │  └─ Log @5:3-5:76
                │     ├─ Interpolation from @5:9-5:13
                │     ├─ Text " hit "
                │     ├─ Interpolation self @5:20-5:24
                │     ├─ Text " for "
                │     ├─ Interpolation damage @5:31-5:37
                │     ├─ Text "; "
                │     ├─ Interpolation B.hp @5:41-5:45
                │     ├─ Text " "
                │     ├─ Interpolation self.hp @5:48-5:55
                │     ├─ Text " "
                │     ├─ Interpolation sender @5:58-5:64
                │     ├─ Text " "
                │     └─ Interpolation message @5:67-5:74
                ├─ Reaction Guard sends @7:1-7:23
                │  └─ Pattern any @7:16-7:19
                ├─ Reaction B receives @8:1-8:65
                │  ├─ Pattern ping @8:15-8:21
                │  ├─ Set n = 1 @8:24-8:33
                │  ├─ Log @8:35-8:45
                │  │  └─ Text "pong"
                │  └─ Send @8:48-8:63
                │     ├─ Sender self @8:48-8:52
                │     ├─ Targets A @8:56-8:57
                │     └─ Message pong @8:59-8:63
                └─ Reaction C receives @9:1-10:10
                   ├─ Pattern x @9:15-9:16
                   └─ Log @10:1-10:8
                      └─ Text "a"
                """)
    }

    @Test func stepsAndExpectations() {
        #expect(
            parse(
                #"""
                leave A
                release A
                expect A.hp == 10.50
                expect  A.name   !=  "x  y"
                expect A.ok == true
                expect A received 3
                expect A alive
                expect A deallocated
                log "a \{b\} {A.hp} é"
                """#
            ).dump() == """
                Script @1:1-9:23
                ├─ Leave A @1:1-1:8
                ├─ Release A @2:1-2:10
                ├─ Expect A.hp == 10.5 @3:1-3:21
                ├─ Expect A.name != "x  y" @4:1-4:28
                ├─ Expect A.ok == true @5:1-5:20
                ├─ Expect A received 3 @6:1-6:20
                ├─ Expect A alive @7:1-7:15
                ├─ Expect A deallocated @8:1-8:21
                └─ Log @9:1-9:23
                   ├─ Text "a {b} "
                   ├─ Interpolation A.hp @9:15-9:19
                   └─ Text " é"
                """)
    }

    @Test(arguments: [
        ("expect Athos.hp == 10", "expect Athos.hp == 10"),
        ("expect   Athos . hp==10.50   # comment", "expect Athos.hp == 10.50"),
        (#"expect A.name != "x y""#, #"expect A.name != "x y""#),
        (#"expect A.name == "a\"b\u{41}""#, #"expect A.name == "a\"b\u{41}""#),
        ("expect A.n == -3", "expect A.n == -3"),
        ("expect A.up == false", "expect A.up == false"),
        ("expect  B  received  3", "expect B received 3"),
        ("expect B\talive", "expect B alive"),
        ("expect B deallocated", "expect B deallocated"),
    ])
    func expectationTextIsNormalised(source: String, text: String) {
        let script = parse(source)
        guard case .expect(let expectation) = script.statements.first else {
            Issue.record("not an expectation: \(script.statements)")
            return
        }
        #expect(expectation.text == text)
    }

    @Test func expectationConditions() {
        let script = parse("expect A.hp != 10.5\nexpect A received 12\nexpect A.s == \"x\"")
        let conditions = script.statements.compactMap { statement -> MediateSyntax.Expectation.Condition? in
            if case .expect(let expectation) = statement { return expectation.condition }
            return nil
        }
        guard conditions.count == 3, case .property(let hp, .notEqual, .literal(.number(10.5), _)) = conditions[0],
            case .received(12, nil) = conditions[1], case .property(let s, .equal, .literal(.string("x"), _)) = conditions[2]
        else {
            Issue.record("unexpected conditions: \(conditions)")
            return
        }
        #expect(hp.text == "hp")
        #expect(s.text == "s")
    }

    @Test func commentsBlankLinesAndCRLF() {
        let text = "# heading\r\n\r\n  leave A   # why\r\n\t\r\nrelease B\r\n# end"
        #expect(
            parse(text).dump() == """
                Script @1:1-6:6
                ├─ Leave A @3:3-3:10
                └─ Release B @5:1-5:10
                """)
    }

    @Test func anEmptyFileIsAnEmptyScript() {
        #expect(parse("").dump() == "Script @1:1-1:1")
        #expect(parse("\n# nothing\n").dump() == "Script @1:1-3:1")
    }

    @Test func keywordsMayJoinAMediatorKind() {
        // `all` is a keyword; the checker, not the parser, says the kind is unknown.
        let script = parse("mediator all\nmediator on-set-log")
        let kinds = script.statements.compactMap { statement -> String? in
            if case .mediator(let kind, _) = statement { return kind.text }
            return nil
        }
        #expect(kinds == ["all", "on-set-log"])
    }

    @Test func referencesOutsideReactionsAreParsedForTheChecker() {
        #expect(
            parse("self -> sender: m(self, sender, message, x, A.p, self.p)\nlog \"{x} {self}\"").dump()
                == """
                Script @1:1-2:17
                ├─ Send @1:1-1:57
                │  ├─ Sender self @1:1-1:5
                │  ├─ Targets sender @1:9-1:15
                │  └─ Message m @1:17-1:57
                │     ├─ Argument self @1:19-1:23
                │     ├─ Argument sender @1:25-1:31
                │     ├─ Argument message @1:33-1:40
                │     ├─ Argument x @1:42-1:43
                │     ├─ Argument A.p @1:45-1:48
                │     └─ Argument self.p @1:50-1:56
                └─ Log @2:1-2:17
                   ├─ Interpolation x @2:7-2:8
                   ├─ Text " "
                   └─ Interpolation self @2:11-2:15
                """)
    }

    // MARK: Recovery

    @Test func brokenStatementsAreSkippedAndTheRestIsParsed() {
        let (script, diagnostics) = Frontend.parse(
            SourceFile(
                path: "t",
                text: """
                    participant A
                    leave
                    on A receives x {
                      set = 1
                      log "ok"
                    }
                    A -> B hi
                    release A
                    """))
        #expect(
            diagnostics.map(\.message) == [
                "expected a participant name after 'leave'",
                "expected a property name after 'set'",
                "expected ':' before the message",
            ])
        #expect(
            script.dump() == """
                Script @1:1-8:10
                ├─ Participant A @1:1-1:14
                ├─ Reaction A receives @3:1-6:2
                │  ├─ Pattern x @3:15-3:16
                │  └─ Log @5:3-5:11
                │     └─ Text "ok"
                └─ Release A @8:1-8:10
                """)
    }

    @Test func aParticipantWithABrokenTailIsKept() {
        let (script, diagnostics) = Frontend.parse(
            SourceFile(path: "t", text: "participant A : T weak { hp = 1, x = }\nparticipant B :\nleave A"))
        #expect(
            diagnostics.map(\.message) == [
                "expected a value after '='", "expected a type name after ':'",
            ])
        #expect(
            script.dump() == """
                Script @1:1-3:8
                ├─ Participant A : T weak @1:1-1:39
                │  └─ Property hp = 1 @1:26-1:32
                ├─ Participant B @2:1-2:14
                └─ Leave A @3:1-3:8
                """)
    }

    @Test func anUnclosedBlockEndsAtTheNextTopLevelStatement() {
        let (script, diagnostics) = Frontend.parse(
            SourceFile(
                path: "t",
                text: """
                    on A receives any {
                      log "in"
                    participant B { x = 1,
                    leave B
                    """))
        #expect(
            diagnostics.map(\.message) == [
                "expected '}' to close the block opened on line 1",
                "expected '}' to close the block opened on line 3",
            ])
        #expect(
            script.dump() == """
                Script @1:1-4:8
                ├─ Reaction A receives @1:1-2:11
                │  ├─ Pattern any @1:15-1:18
                │  └─ Log @2:3-2:11
                │     └─ Text "in"
                ├─ Participant B @3:1-3:23
                │  └─ Property x = 1 @3:17-3:22
                └─ Leave B @4:1-4:8
                """)
    }
}

@Suite("Front end robustness")
struct RobustnessTests {
    /// A small deterministic generator, so that a failing input can be reproduced.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let pieces = [
        "participant", "A", "B", ":", "T", "weak", "{", "}", "(", ")", "=", "==", "!=", ",", ";",
        "->", "*", "on", "receives", "sends", "any", "set", "log", "\"{self}\"", "\"x", "\\", "self",
        "sender", "message", ".", "-", "-3", "1.5", "expect", "received", "alive", "leave", "release",
        "mediator", "wrapper", "scenario", "#", "\n", "\n", " ", "\t", "é", "\u{FF}", "@", "\"\\u{",
    ]

    @Test(arguments: 1...300)
    func garbageNeverTrapsAndEveryPositionIsInTheFile(seed: Int) {
        var generator = Generator(state: UInt64(seed))
        var text = ""
        for _ in 0..<generator.next(60) {
            text += RobustnessTests.pieces[generator.next(RobustnessTests.pieces.count)]
            if generator.next(3) == 0 { text += " " }
        }
        let file = SourceFile(path: "fuzz", text: text)
        let diagnostics: [Diagnostic]
        switch Frontend.load(file, designs: .reference) {
        case .success: diagnostics = []
        case .failure(let failure): diagnostics = failure.items
        }
        for diagnostic in diagnostics {
            let start = diagnostic.range.lowerBound
            #expect(start == file.location(ofOffset: start.offset), "\(text.debugDescription)")
            #expect(diagnostic.range.upperBound.offset <= file.bytes.count)
        }
        #expect(diagnostics.map(\.range.lowerBound) == diagnostics.map(\.range.lowerBound).sorted())
    }
}
