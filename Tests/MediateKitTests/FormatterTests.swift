import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

/// A scenario as someone might write it, and the canonical layout `mediate fmt` gives it.
struct FormatExample: CustomTestStringConvertible, Sendable {
    var name: String
    var messy: String
    var canonical: String

    var testDescription: String { name }
}

let formatExamples: [FormatExample] = [
    FormatExample(
        name: "header",
        messy: "scenario   \"Title\"  \nmediator\tdirect-delegate\n",
        canonical: "scenario \"Title\"\nmediator direct-delegate\n"),
    FormatExample(
        name: "participants",
        messy: """
            participant A:T weak
            participant B  :  T{a=1,b="x",c=true,}
            participant C{ }
            participant D   weak

            """,
        canonical: """
            participant A : T weak
            participant B : T { a = 1, b = "x", c = true }
            participant C {}
            participant D weak

            """),
    FormatExample(
        name: "a property block over lines",
        messy: """
            participant A {a = 1,
              b = -2.50}

            """,
        canonical: """
            participant A {
                a = 1,
                b = -2.50,
            }

            """),
    FormatExample(
        name: "sends",
        messy: #"""
            participant A : T
            participant B : T
            participant C : U
            A->B,C:"hi"
            A -> * : hello()
            B->*T:hello( x : 1 , "two",3.0 )
            mediator->C  :  "from \"the\" mediator\u{1F604}\{\}\\"

            """#,
        canonical: #"""
            participant A : T
            participant B : T
            participant C : U
            A -> B, C: "hi"
            A -> *: hello
            B -> * T: hello(x: 1, "two", 3.0)
            mediator -> C: "from \"the\" mediator\u{1F604}\{\}\\"

            """#),
    FormatExample(
        name: "steps",
        messy: """
            participant A { hp = 10 }
            log   "hp {A.hp}\\t!"
            expect   A . hp  ==  10.0
            expect A.hp!="x"
            expect A received    0
            expect A    alive
            leave    A
            release A
            expect A   deallocated

            """,
        canonical: """
            participant A { hp = 10 }
            log "hp {A.hp}\\t!"
            expect A.hp == 10.0
            expect A.hp != "x"
            expect A received 0
            expect A alive
            leave A
            release A
            expect A deallocated

            """),
    FormatExample(
        name: "run-time replacement and a late join",
        messy: """
            participant A
            A -> *: "before"
            mediator   mesh
            participant   B
            B -> A  : "after"

            """,
        canonical: """
            participant A
            A -> *: "before"
            mediator mesh
            participant B
            B -> A: "after"

            """),
    FormatExample(
        name: "one-statement reactions on one line",
        messy: """
            participant A : T
            on T receives any {
                log "{self} got {message}"
            }
            on A sends ping(x,  y) {   }
            on T receives pong() { set seen=true }
            A -> A: pong

            """,
        canonical: """
            participant A : T
            on T receives any { log "{self} got {message}" }
            on A sends ping(x, y) {}
            on T receives pong { set seen = true }
            A -> A: pong

            """),
    FormatExample(
        name: "longer reactions and semicolons",
        messy: """
            participant A : T
            participant B : T
            on T receives ping(n) { set last=n; log "{self}: {n}" ;self->sender:pong(n: n, from: self.name) }
            on A receives pong(n, from) { log "{from} {B.last}";; }
            A -> B: ping(1)

            """,
        canonical: """
            participant A : T
            participant B : T
            on T receives ping(n) {
                set last = n
                log "{self}: {n}"
                self -> sender: pong(n: n, from: self.name)
            }
            on A receives pong(n, from) { log "{from} {B.last}" }
            A -> B: ping(1)

            """),
    FormatExample(
        name: "blank lines",
        messy: "\n\n# top\n\n\nscenario \"B\"\n\n\n\nparticipant A\n  \n\t\nparticipant B\n"
            + "on Participant receives any {\n\n    log \"x\"\n\n\n    log \"y\"\n\n}\n\n\n",
        canonical: "# top\n\nscenario \"B\"\n\nparticipant A\n\nparticipant B\n"
            + "on Participant receives any {\n    log \"x\"\n\n    log \"y\"\n}\n"),
    FormatExample(
        name: "comments",
        messy: """
            # The file's comment.
            scenario "C"   # the title
              # indented wrongly
            participant A { hp = 1 }   #   spaced\("   ")
            participant B {  # B's block
            hp = 2 # two
            # last
            }
            on Participant receives any {   # opener
              # first
              log "a" ;  log "b"  # after b
                # before close
            }   # closer
            on A receives ping { log "#not a comment" }  # but this is
            A -> B: ping    #ping
            \t# the end

            """,
        canonical: """
            # The file's comment.
            scenario "C" # the title
            # indented wrongly
            participant A { hp = 1 } #   spaced
            participant B { # B's block
                hp = 2, # two
                # last
            }
            on Participant receives any { # opener
                # first
                log "a"
                log "b" # after b
                # before close
            } # closer
            on A receives ping { log "#not a comment" } # but this is
            A -> B: ping #ping
            # the end

            """),
    FormatExample(
        name: "a comment keeps a short block open",
        messy: """
            participant A
            on A receives any {
              log "x"   # why
            }
            participant B {
              # none yet
            }

            """,
        canonical: """
            participant A
            on A receives any {
                log "x" # why
            }
            participant B {
                # none yet
            }

            """),
    FormatExample(
        name: "CRLF and a byte-order mark",
        messy: "\u{FEFF}scenario \"W\"\r\nparticipant A\r\n\r\nA -> *: \"é\"",
        canonical: "scenario \"W\"\nparticipant A\n\nA -> *: \"é\"\n"),
    FormatExample(
        name: "together blocks",
        messy:
            "participant A\nparticipant B\ntogether {A->B:hi ;  B ->A : ho}\ntogether{  A -> *: one  }\ntogether {\n  # first\n   A -> B: x # after\n\n}\n",
        canonical: """
            participant A
            participant B
            together {
                A -> B: hi
                B -> A: ho
            }
            together { A -> *: one }
            together {
                # first
                A -> B: x # after
            }

            """),
    FormatExample(name: "nothing", messy: "\n \n\t\n", canonical: ""),
    FormatExample(name: "only comments", messy: "  # only\n\n\n#  two  \n\n", canonical: "# only\n\n#  two\n"),
]

/// The files of `Scenarios/`, by name.
@Suite("Formatter")
struct FormatterTests {
    /// The canonical text of `text`, failing the test when the formatter refuses it.
    func format(_ text: String) throws -> String {
        switch ScenarioFormatter.format(SourceFile(path: "t.scenario", text: text)) {
        case .success(let formatted): return formatted
        case .failure(.invalid(let diagnostics)):
            Issue.record("static errors:\n\(diagnostics.rendered)")
            throw diagnostics
        case .failure(let failure):
            Issue.record("not formatted: \(failure)")
            throw failure
        }
    }

    /// The tree dump without source ranges: what the text means, not where it is.
    func shape(_ text: String) throws -> String {
        let script = try Frontend.load(SourceFile(path: "t.scenario", text: text), designs: .reference).get()
        return script.dump().split(separator: "\n")
            .map { $0.replacing(/\ @\d+:\d+-\d+:\d+$/, with: "") }
            .joined(separator: "\n")
    }

    @Test(arguments: formatExamples)
    func messyBecomesCanonical(example: FormatExample) throws {
        #expect(try format(example.messy) == example.canonical)
    }

    @Test(arguments: formatExamples)
    func canonicalStaysAsItIs(example: FormatExample) throws {
        #expect(try format(example.canonical) == example.canonical)
    }

    @Test(arguments: CommittedScenarios.names)
    func scenariosAreFormatted(name: String) throws {
        let text = try CommittedScenarios.text(name)
        #expect(try format(text) == text, "run `mediate fmt Scenarios/\(name)`")
    }

    @Test(arguments: CommittedScenarios.names)
    func formattingIsIdempotentOnScenarios(name: String) throws {
        // Squashed onto as few spaces as the lexer allows, then formatted twice.
        let once = try format(try CommittedScenarios.text(name).replacingOccurrences(of: "    ", with: "\t"))
        #expect(try format(once) == once)
    }

    @Test(arguments: formatExamples)
    func formattingIsIdempotent(example: FormatExample) throws {
        let once = try format(example.messy)
        #expect(try format(once) == once)
    }

    @Test(arguments: formatExamples)
    func formattingKeepsTheTreeAndTheComments(example: FormatExample) throws {
        let formatted = try format(example.messy)
        #expect(try shape(formatted) == shape(example.messy))
        let before = Comment.all(in: SourceFile(path: "t.scenario", text: example.messy))
        let after = Comment.all(in: SourceFile(path: "t.scenario", text: formatted))
        #expect(after.map(\.text) == before.map(\.text))
        #expect(after.map(\.isTrailing) == before.map(\.isTrailing))
    }

    @Test(arguments: formatExamples, MediatorKind.allCases)
    func formattingKeepsTranscripts(example: FormatExample, kind: MediatorKind) throws {
        let formatted = try format(example.messy)
        #expect(try transcript(formatted, kind: kind) == transcript(example.messy, kind: kind))
    }

    @Test(arguments: CommittedScenarios.names, MediatorKind.allCases)
    func formattingKeepsTheTranscriptsOfScenarios(name: String, kind: MediatorKind) throws {
        // Undo the layout first, and put a comment before and after every statement line (inside
        // blocks too), so that formatting has work to do.
        let lines = try CommittedScenarios.text(name).split(separator: "\n", omittingEmptySubsequences: false)
        let messy = lines.enumerated().map { number, line -> String in
            var code = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " -> ", with: "->")
            guard !code.isEmpty, !code.hasPrefix("#") else { return code }
            // At the start of a line, `leave` and `release` end a block: inside one they keep a space.
            if line.hasPrefix(" "), code.hasPrefix("leave ") || code.hasPrefix("release ") { code = " " + code }
            return "  # before \(number)\n\(code)   # after \(number)"
        }.joined(separator: "\n\n")
        let formatted = try format(messy)
        #expect(formatted != messy)
        #expect(try format(formatted) == formatted)
        let comments = { (text: String) in Comment.all(in: SourceFile(path: "t.scenario", text: text)).map(\.text) }
        #expect(comments(formatted) == comments(messy))
        #expect(try transcript(formatted, kind: kind) == transcript(try CommittedScenarios.text(name), kind: kind))
    }

    @Test func theMeaningCheckSeesWhatFormattingMustKeep() throws {
        func sameMeaning(_ text: String, _ other: String) throws -> Bool {
            func read(_ text: String) throws -> (Script, [MediateSyntax.Comment]) {
                let file = SourceFile(path: "t.scenario", text: text)
                return (try Frontend.load(file, designs: .reference).get(), Comment.all(in: file))
            }
            return ScenarioFormatter.sameMeaning(try read(text), try read(other))
        }
        let base = "participant A # a\nexpect A received 1\n"
        #expect(try sameMeaning("participant   A   # a\n\nexpect A  received 1\n", base))
        #expect(try !sameMeaning("participant A\nexpect A received 1\n", base))
        #expect(try !sameMeaning("participant A # b\nexpect A received 1\n", base))
        #expect(try !sameMeaning("# a\nparticipant A\nexpect A received 1\n", base))
        #expect(try !sameMeaning("participant A # a\nexpect A received 01\n", base))
        #expect(try !sameMeaning("participant B # a\nexpect B received 1\n", base))
        #expect(try !sameMeaning("participant A # a\nparticipant B\nexpect A received 1\n", base))
    }

    @Test func aFileWithErrorsIsNotFormatted() throws {
        let result = ScenarioFormatter.format(SourceFile(path: "bad.scenario", text: "participant A\nA -> Porthso: \"hi\"\n"))
        guard case .failure(.invalid(let diagnostics)) = result else {
            Issue.record("expected static errors, got \(result)")
            return
        }
        #expect(diagnostics.items.map(\.message) == ["unknown participant 'Porthso'"])
    }
}

@Suite("Comments")
struct CommentTests {
    @Test func commentsAreFoundWithTheirLinesAndKinds() {
        let file = SourceFile(
            path: "t.scenario",
            text: """
                # one
                participant A  # two\t
                log "a \\"# not\\" {A}" # three
                  #four
                """)
        let comments = Comment.all(in: file)
        #expect(comments.map(\.text) == ["# one", "# two", "# three", "#four"])
        #expect(comments.map(\.line) == [1, 2, 3, 4])
        #expect(comments.map(\.isTrailing) == [false, true, true, false])
        #expect(comments.map { file.bytes[$0.offset] } == Array(repeating: UInt8(ascii: "#"), count: 4))
    }

    @Test func aFileWithoutCommentsHasNone() {
        #expect(Comment.all(in: SourceFile(path: "t.scenario", text: "log \"#1\"\n")).isEmpty)
    }
}

@Suite("mediate fmt")
struct FormatCommandTests {
    /// Runs `fmt` on `paths` of `workspace`, calling `beforeWriting` (see `FormatCommand`) on the way.
    func fmt(
        _ workspace: Workspace, _ paths: [String], check: Bool = false,
        beforeWriting: (@Sendable (String) -> Void)? = nil
    ) -> (code: Int32, out: String, err: String) {
        let out = StringOutput()
        let err = StringOutput()
        var command = FormatCommand(paths: paths.map(workspace.path), check: check)
        command.beforeWriting = beforeWriting
        let code = command.execute(standardOutput: out, standardError: err)
        return (
            code, out.text.replacingOccurrences(of: workspace.root.path + "/", with: ""),
            err.text.replacingOccurrences(of: workspace.root.path + "/", with: "")
        )
    }

    @Test func checkPassesAFormattedFileAndWritesNothing() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/a.scenario", "participant A\nA -> *: \"hi\"\n")
        let result = fmt(workspace, ["Scenarios/a.scenario"], check: true)
        #expect(result.code == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.isEmpty)
    }

    @Test func checkShowsTheDiffAndLeavesTheFile() throws {
        let workspace = try Workspace()
        let messy = "participant A\n\n\nA->*:\"hi\"\nleave A\n"
        try workspace.write("Scenarios/a.scenario", messy)
        let result = fmt(workspace, ["Scenarios/a.scenario"], check: true)
        #expect(result.code == 1)
        #expect(
            result.out == """
                --- Scenarios/a.scenario
                +++ Scenarios/a.scenario (formatted)
                @@ -1,5 +1,4 @@
                 participant A
                 
                -
                -A->*:"hi"
                +A -> *: "hi"
                 leave A

                """)
        #expect(workspace.read("Scenarios/a.scenario") == messy)
    }

    @Test func checkNamesLineEndingsTheDiffCannotShow() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/a.scenario", "participant A\r\n")
        let result = fmt(workspace, ["Scenarios/a.scenario"], check: true)
        #expect(result.code == 1)
        #expect(result.out == "Scenarios/a.scenario: CRLF line endings or a byte-order mark; formatted files have LF and none\n")
    }

    @Test func fmtRewritesOnlyWhatIsNotFormatted() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/a.scenario", "participant   A\n")
        try workspace.write("Scenarios/b.scenario", "participant B\n")
        let first = fmt(workspace, ["Scenarios"])
        #expect(first.code == 0)
        #expect(first.out == "formatted Scenarios/a.scenario\n")
        #expect(workspace.read("Scenarios/a.scenario") == "participant A\n")
        let second = fmt(workspace, ["Scenarios"])
        #expect(second.code == 0)
        #expect(second.out.isEmpty)
        #expect(fmt(workspace, ["Scenarios"], check: true).code == 0)
    }

    @Test func fmtKeepsTheFilesPermissions() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/a.scenario", "participant   A\n")
        let path = workspace.path("Scenarios/a.scenario")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(fmt(workspace, ["Scenarios/a.scenario"]).code == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(workspace.read("Scenarios/a.scenario") == "participant A\n")
    }

    @Test(arguments: [false, true])
    func aFileWithErrorsIsLeftUntouched(check: Bool) throws {
        let workspace = try Workspace()
        let bad = "participant   A\nA  ->  Porthso: \"hi\"\n"
        try workspace.write("Scenarios/bad.scenario", bad)
        try workspace.write("Scenarios/good.scenario", "participant   G\n")
        let result = fmt(workspace, ["Scenarios/bad.scenario", "Scenarios/good.scenario"], check: check)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("Scenarios/bad.scenario:2:8: error: unknown participant 'Porthso'\n"))
        #expect(workspace.read("Scenarios/bad.scenario") == bad)
        // The other file is still handled.
        #expect(workspace.read("Scenarios/good.scenario") == (check ? "participant   G\n" : "participant G\n"))
    }

    @Test func aMissingFileIsAnError() throws {
        let workspace = try Workspace()
        let result = fmt(workspace, ["Scenarios/none.scenario"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("Scenarios/none.scenario: error: cannot read the scenario: no such file\n"))
    }
}
