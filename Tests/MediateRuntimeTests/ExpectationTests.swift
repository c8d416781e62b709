import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Language 1.1, expectations as tests: comparisons, `received N MESSAGE`, intended failures, and
/// `check`'s enforcement.
@Suite("Expectations as tests")
struct ExpectationTests {
    static let scoring = """
        participant Ann : Player { score = 3, name = "ann" }
        participant Bob : Player
        on Player receives point { set score = 5 }
        Bob -> Ann: point
        Bob -> Ann: "hi"
        Bob -> Ann: point(by: 2)
        Ann -> Bob: "hi"
        """

    /// The lines after the header and the sends: the expectations and `end:`.
    func expectationLines(_ source: String, kind: MediatorKind = .protocolExtension) throws -> [Substring] {
        try transcript(source, kind: kind).split(separator: "\n").filter { $0.hasPrefix("expect ") || $0.hasPrefix("end:") }
    }

    @Test func comparisonsOrderNumbersAndStrings() throws {
        let source =
            Self.scoring + """

                expect Ann.score > 4
                expect Ann.score >= 5
                expect Ann.score < 5
                expect Ann.score <= 4.5
                expect Ann.name < "b"
                expect Ann.name >= "ann"
                expect Ann.name > "anna"
                expect Ann.score != 5
                """
        #expect(
            try expectationLines(source) == [
                "expect Ann.score > 4 ok",
                "expect Ann.score >= 5 ok",
                "expect Ann.score < 5 FAILED (got 5)",
                "expect Ann.score <= 4.5 FAILED (got 5)",
                #"expect Ann.name < "b" ok"#,
                #"expect Ann.name >= "ann" ok"#,
                #"expect Ann.name > "anna" FAILED (got "ann")"#,
                "expect Ann.score != 5 FAILED (got 5)",
                "end: 4 sends, 4 deliveries, 0 errors, 4 failed expectations",
            ])
    }

    @Test func anOrderingOfAnythingButTwoNumbersOrTwoStringsFails() throws {
        let source =
            Self.scoring + """

                expect Ann.name < 3
                expect Ann.score >= "5"
                expect Bob.score > 0
                expect Ann.name <= true
                expect Bob.score <= 0 fails
                """
        #expect(
            try expectationLines(source) == [
                #"expect Ann.name < 3 FAILED (got "ann")"#,
                #"expect Ann.score >= "5" FAILED (got 5)"#,
                "expect Bob.score > 0 FAILED (got nothing)",
                #"expect Ann.name <= true FAILED (got "ann")"#,
                "expect Bob.score <= 0 fails ok (got nothing)",
                "end: 4 sends, 4 deliveries, 0 errors, 4 failed expectations",
            ])
    }

    @Test func receivedCountsOneMessageOrOneText() throws {
        let source =
            Self.scoring + """

                expect Ann received 2 point
                expect Ann received 1 "hi"
                expect Ann received 0 "Hi"
                expect Ann received 3
                expect Bob received 1 "hi"
                expect Bob received 1 point
                """
        #expect(
            try expectationLines(source) == [
                "expect Ann received 2 point ok",
                #"expect Ann received 1 "hi" ok"#,
                #"expect Ann received 0 "Hi" ok"#,
                "expect Ann received 3 ok",
                #"expect Bob received 1 "hi" ok"#,
                "expect Bob received 1 point FAILED (got 0)",
                "end: 4 sends, 4 deliveries, 0 errors, 1 failed expectations",
            ])
    }

    @Test func aCountIsTakenWhereTheExpectationStands() throws {
        let source = """
            participant A
            participant B
            A -> B: ping
            expect B received 1 ping
            A -> B: ping
            A -> B: pong
            expect B received 2 ping
            expect B received 1 pong
            """
        #expect(
            try expectationLines(source) == [
                "expect B received 1 ping ok", "expect B received 2 ping ok", "expect B received 1 pong ok",
                "end: 3 sends, 3 deliveries, 0 errors, 0 failed expectations",
            ])
    }

    /// `fails` alone: meant to fail under every design. `fails under`: under those listed, and
    /// meant to hold under the others.
    static let intended = """
        participant Bob weak
        release Bob
        expect Bob deallocated fails under protocol-extension, direct-delegate, mesh
        expect Bob alive fails under wrapper
        expect Bob.role == "engineer" fails
        """

    @Test(arguments: [
        (
            "protocol-extension",
            [
                "expect Bob deallocated fails under protocol-extension, direct-delegate, mesh ok (got alive)",
                "expect Bob alive fails under wrapper ok",
                #"expect Bob.role == "engineer" fails ok (got nothing)"#,
                "end: 0 sends, 0 deliveries, 0 errors, 0 failed expectations",
            ]
        ),
        (
            "wrapper",
            [
                "expect Bob deallocated fails under protocol-extension, direct-delegate, mesh ok",
                "expect Bob alive fails under wrapper ok (got deallocated)",
                #"expect Bob.role == "engineer" fails ok (got nothing)"#,
                "end: 0 sends, 0 deliveries, 0 errors, 0 failed expectations",
            ]
        ),
    ])
    func anIntendedFailureSaysOk(kind: String, lines: [String]) throws {
        #expect(try expectationLines(Self.intended, kind: MediatorKind(kind)).map(String.init) == lines)
    }

    @Test func anExpectationThatHoldsWhereItIsMeantToFailFails() throws {
        let source = """
            participant Bob weak
            release Bob
            expect Bob alive fails under protocol-extension
            expect Bob deallocated fails under wrapper
            expect Bob alive fails
            """
        let run = try runScenario(source, kind: .protocolExtension)
        #expect(
            run.text.split(separator: "\n").filter { $0.hasPrefix("expect ") || $0.hasPrefix("end:") } == [
                "expect Bob alive fails under protocol-extension FAILED (got alive)",
                "expect Bob deallocated fails under wrapper FAILED (got alive)",
                "expect Bob alive fails FAILED (got alive)",
                "end: 0 sends, 0 deliveries, 0 errors, 3 failed expectations",
            ])
        #expect(run.summary.exitCode == 1)
        #expect(run.summary.expectationFailures.map(\.range.lowerBound.line) == [3, 4, 5])
        #expect(run.summary.expectationFailures.map(\.heldButMeantToFail) == [true, false, true])
    }

    @Test func theJSONLineSaysIntendedOnlyOnAnIntendedFailure() throws {
        let source = """
            participant A { n = 1 }
            expect A.n == 1
            expect A.n == 2
            expect A.n == 2 fails
            expect A.n == 1 fails
            """
        let lines = try runScenario(source, format: .jsonl).text.split(separator: "\n").filter { $0.contains(#""event":"expect""#) }
        #expect(
            lines == [
                #"{"depth":0,"event":"expect","expectation":"expect A.n == 1","passed":true}"#,
                #"{"depth":0,"event":"expect","expectation":"expect A.n == 2","got":"1","passed":false}"#,
                #"{"depth":0,"event":"expect","expectation":"expect A.n == 2 fails","got":"1","intended":true,"passed":true}"#,
                #"{"depth":0,"event":"expect","expectation":"expect A.n == 1 fails","got":"1","passed":false}"#,
            ])
    }

    @Test func theTextIsNormalised() throws {
        let source = """
            participant A
            participant B
            A -> B: point
            expect  A.n>=-3
            expect B  received   1   point
            expect B received 1 "a  b"  fails
            expect B alive   fails   under  mesh ,wrapper
            """
        #expect(
            try expectationLines(source) == [
                "expect A.n >= -3 FAILED (got nothing)",
                "expect B received 1 point ok",
                #"expect B received 1 "a  b" fails ok (got 0)"#,
                "expect B alive fails under mesh, wrapper ok",
                "end: 1 sends, 1 deliveries, 0 errors, 1 failed expectations",
            ])
    }

    @Test func failsAfterACountIsTheMessageUnlessTheLineEndsOrUnderFollows() throws {
        let source = """
            participant A
            participant B
            A -> B: fails
            expect B received 1 fails
            expect B received 2 fails fails
            expect B received 1 fails under mesh
            """
        #expect(
            try expectationLines(source) == [
                "expect B received 1 fails FAILED (got 1)",
                "expect B received 2 fails fails ok (got 1)",
                "expect B received 1 fails under mesh ok",
                "end: 1 sends, 1 deliveries, 0 errors, 1 failed expectations",
            ])
    }

    /// A 1.0 file may use the contextual words as names.
    @Test func failsAndUnderRemainNames() throws {
        let source = """
            participant fails
            participant under : fails_type { fails = 1 }
            fails -> under: under(fails: 1)
            expect under.fails == 1
            expect fails alive
            """
        #expect(
            try expectationLines(source) == [
                "expect under.fails == 1 ok", "expect fails alive ok",
                "end: 1 sends, 1 deliveries, 0 errors, 0 failed expectations",
            ])
    }

    @Test func theTreeDumpShowsEveryForm() throws {
        let script = try ScenarioLoader.load(
            SourceFile(
                path: "t.scenario",
                text: """
                    participant A
                    A -> A: p
                    expect A.n >= 2
                    expect A received 1 p fails
                    expect A received 0 "x" fails under mesh, wrapper
                    """)
        ).get().script
        #expect(
            script.dump().split(separator: "\n").filter { $0.contains("Expect") }.map { $0.split(separator: " @")[0] } == [
                "├─ Expect A.n >= 2", "├─ Expect A received 1 p fails", #"└─ Expect A received 0 "x" fails under mesh, wrapper"#,
            ])
    }

    @Test func fmtKeepsExpectationsAsWrittenAndIsIdempotent() throws {
        let text = """
            participant A
            A->A:p
            expect  A.n>=2   fails
            expect A received 1 p   fails under   mesh,wrapper
            expect A received 0 "x"
            """
        guard case .success(let once) = ScenarioFormatter.format(SourceFile(path: "t.scenario", text: text)) else {
            Issue.record("not formatted")
            return
        }
        #expect(
            once == """
                participant A
                A -> A: p
                expect A.n >= 2 fails
                expect A received 1 p fails under mesh, wrapper
                expect A received 0 "x"

                """)
        guard case .success(let twice) = ScenarioFormatter.format(SourceFile(path: "t.scenario", text: once)) else {
            Issue.record("not formatted")
            return
        }
        #expect(twice == once)
    }

    // MARK: check

    static let steps = """
        participant A
        participant B
        A -> B: "hello"
        expect B received 1 "hello"
        expect B received 2
        """

    @Test func checkFailsOnAnUnintendedFailedExpectationEvenWhenTheGoldensMatch() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/steps.scenario", Self.steps)
        let recording = workspace.check(record: .all)
        // Recording writes the goldens, and still fails on the expectation.
        #expect(recording.code == 1)
        let result = workspace.check(junit: true)
        #expect(result.code == 1)
        let out = result.out.split(separator: "\n")
        let designs = MediatorKind.allCases.count
        #expect(out.count == designs + 1)
        #expect(out.first == "FAIL Scenarios/steps.scenario [protocol-extension] line 5: expect B received 2 FAILED (got 1)")
        #expect(out.last == "0 passed, \(designs) failed")
        #expect(
            result.err.hasPrefix(
                """
                Scenarios/steps.scenario:5:1: error: under protocol-extension, wrapper, direct-delegate, mesh, actor, async-stream, notification-center and combine, the expectation failed (got 1)
                expect B received 2
                ^~~~~~~~~~~~~~~~~~~
                help: update the expected value to what it got: write 'expect B received 1'
                help: or, if this failure is intended, write 'expect B received 2 fails': it fails under every design

                """))
        let junit = try #require(workspace.read("junit.xml")).replacingOccurrences(of: workspace.root.path + "/", with: "")
        #expect(junit.contains(#"<testsuite name="mediate check" tests="\#(designs)" failures="\#(designs)""#))
        #expect(
            junit.contains(
                #"<failure message="1 failed expectation">Scenarios/steps.scenario:5: error: under mesh, the expectation failed "#
                    + "(got 1)\nhelp: update the expected value to what it got: write &#39;expect B received 1&#39;\n"
                    + "help: or, if this failure is intended, write &#39;expect B received 2 fails&#39; "
                    + "(or &#39;fails under mesh&#39;)\n</failure>"))
    }

    @Test func oneErrorForALineThatFailedUnderSeveralDesignsWithWhatEachFound() throws {
        let script = try Frontend.load(SourceFile(path: "t.scenario", text: "participant A\nexpect A.n == 2\n")).get()
        guard case .expect(let expectation) = try #require(script.statements.last) else {
            Issue.record("the last statement is the expectation")
            return
        }
        func failure(_ got: String) -> ExpectationFailure {
            ExpectationFailure(range: expectation.range, text: "expect A.n == 2", got: got, heldButMeantToFail: false)
        }
        let diagnostics = CheckCommand.diagnostics(
            [(MediatorKind("a"), failure("1")), (MediatorKind("b"), failure("nothing"))], in: script, designs: ["a", "b", "c"])
        #expect(diagnostics.map(\.message) == ["under a and b, the expectation failed (got 1 under a, nothing under b)"])
        #expect(diagnostics.first?.notes.map(\.message) == ["if this failure is intended, write 'expect A.n == 2 fails under a, b'"])
    }

    /// The help first updates the expected value to what every design got, with the line to
    /// write, and only then offers to mark the failure as intended.
    @Test(
        arguments: [
            ("expect A.n == 2", "3", "expect A.n == 3"),
            ("expect A.s == \"x\"", #""a{b}\n""#, #"expect A.s == "a\{b\}\n""#),
            ("expect A received 2", "3", "expect A received 3"),
            ("expect A received 2 \"hi\"", "0", "expect A received 0 \"hi\""),
            ("expect A deallocated", "alive", "expect A alive"),
            // No literal writes `nothing`, and an ordering or an expression is not one value.
            ("expect A.n == 2", "nothing", nil),
            ("expect A.n >= 2", "1", nil),
            ("expect A.n == A.m + 1", "1", nil),
        ] as [(String, String, String?)])
    func theHelpFirstUpdatesTheExpectedValue(line: String, got: String, updated: String?) throws {
        let script = try Frontend.load(SourceFile(path: "t.scenario", text: "participant A\nA -> A: hi\n\(line)\n")).get()
        let range = try #require(script.statements.last?.range)
        let failure = ExpectationFailure(range: range, text: line, got: got, heldButMeantToFail: false)
        let designs = ["a", "b"]
        let intended = "if this failure is intended, write '\(line) fails': it fails under every design"
        let notes = CheckCommand.diagnostics(designs.map { (MediatorKind($0), failure) }, in: script, designs: designs)
            .first?.notes.map(\.message)
        let update = updated.map { "update the expected value to what it got: write '\($0)'" }
        #expect(notes == (update.map { [$0, "or, " + intended] } ?? [intended]))
        // One design's error, as JUnit and assertScenario give it, says the same first.
        let one = CheckCommand.diagnostic(failure, kind: MediatorKind("a"), in: script, designs: designs)
        #expect(one.notes.first?.message == update ?? "if this failure is intended, write '\(line) fails' (or 'fails under a')")
    }

    @Test func noUpdateWhereTheDesignsGotDifferentValuesOrSomeHeld() throws {
        let script = try Frontend.load(SourceFile(path: "t.scenario", text: "participant A\nexpect A.n == 2\n")).get()
        let range = try #require(script.statements.last?.range)
        func failure(_ got: String) -> ExpectationFailure {
            ExpectationFailure(range: range, text: "expect A.n == 2", got: got, heldButMeantToFail: false)
        }
        let differing = CheckCommand.diagnostics(
            [(MediatorKind("a"), failure("1")), (MediatorKind("b"), failure("3"))], in: script, designs: ["a", "b"])
        #expect(differing.first?.notes.count == 1)
        let some = CheckCommand.diagnostics([(MediatorKind("a"), failure("1"))], in: script, designs: ["a", "b"])
        #expect(some.first?.notes.map(\.message) == ["if this failure is intended, write 'expect A.n == 2 fails under a'"])
    }

    @Test func checkPassesOnceTheFailureIsWrittenAsIntended() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/steps.scenario", Self.steps + " fails\n")
        #expect(workspace.check(record: .all).code == 0)
        let result = workspace.check()
        #expect(result.code == 0)
        #expect(result.out == "\(MediatorKind.allCases.count) passed, 0 failed\n")
        #expect(result.err.isEmpty)
        #expect(workspace.read("Output/steps/mesh.transcript")?.contains("expect B received 2 fails ok (got 1)\n") == true)
    }

    @Test func checkHelpsWhenAFailureHoldsOrSpreadsToAnotherDesign() throws {
        let workspace = try Workspace()
        try workspace.write(
            "Scenarios/weak.scenario",
            """
            participant Bob weak
            release Bob
            expect Bob deallocated fails under wrapper, mesh
            """)
        _ = workspace.check(record: .all)
        let result = workspace.check(format: .json)
        #expect(result.code == 1)
        let messages = result.err.split(separator: "\n").map { line -> String in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let notes = (object?["notes"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
            return ([object?["message"] as? String ?? ""] + notes).joined(separator: " | ")
        }
        // One error for each way the line fails, and one fix in both: where it fails now.
        #expect(
            messages == [
                "under protocol-extension and direct-delegate, the expectation failed (got alive) | if this failure is "
                    + "intended, write 'expect Bob deallocated fails under protocol-extension, direct-delegate'",
                "under wrapper and mesh, the expectation held (got deallocated), but it is meant to fail | if it now holds on "
                    + "purpose, write 'expect Bob deallocated fails under protocol-extension, direct-delegate'",
            ])
    }

    @Test func theReportTellsAnIntendedFailureFromAnotherOne() {
        #expect(HTMLReport.expectationText(of: "expect A alive ok") == "expect A alive")
        #expect(HTMLReport.expectationText(of: "expect A alive fails ok (got deallocated)") == "expect A alive fails")
        #expect(HTMLReport.expectationText(of: "expect A alive fails FAILED (got alive)") == "expect A alive fails")
    }
}
