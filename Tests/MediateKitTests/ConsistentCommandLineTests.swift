import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// What surprised a new user of the command line.
@Suite("A consistent command line")
struct ConsistentCommandLineTests {
    /// Runs `command` on string outputs, with paths under `workspace` written relative to it.
    func execute(_ command: some TerminalCommand, in workspace: Workspace) -> (code: Int32, out: String, err: String) {
        let out = StringOutput()
        let err = StringOutput()
        let code = command.execute(standardOutput: out, standardError: err)
        let strip = { (text: String) in text.replacingOccurrences(of: workspace.root.path + "/", with: "") }
        return (code, strip(out.text), strip(err.text))
    }

    /// A workspace with `Scenarios/b.scenario` and `Scenarios/more/a.scenario`.
    func twoScenarios() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("Scenarios/b.scenario", "participant A\nlog \"b\"\n")
        try workspace.write("Scenarios/more/a.scenario", "participant A\nlog \"a\"\n")
        return workspace
    }

    @Test func runAndValidateAcceptFolders() throws {
        let workspace = try twoScenarios()
        let validate = execute(ValidateCommand(paths: [workspace.path("Scenarios")], designs: .reference), in: workspace)
        #expect(validate.code == 0, "\(validate.err)")
        #expect(validate.out == "Scenarios/b.scenario: ok\nScenarios/more/a.scenario: ok\n")
        // Files stay in the order given; a folder's files come sorted, each file once.
        let run = execute(
            RunCommand(
                paths: [workspace.path("Scenarios/more/a.scenario"), workspace.path("Scenarios")], designs: .reference,
                format: .log),
            in: workspace)
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "a\nb\n")
    }

    @Test func aFolderWithoutScenariosIsAnError() throws {
        let workspace = try Workspace()
        let run = execute(RunCommand(paths: [workspace.path("Scenarios")], designs: .reference), in: workspace)
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("Scenarios: error: no .scenario file found\n"))
        let validate = execute(ValidateCommand(paths: [workspace.path("Scenarios")], designs: .reference), in: workspace)
        #expect(validate.code == 2)
        #expect(validate.err == run.err)
    }

    @Test(arguments: ["chat.jpg", "chat.SVG.gz"])
    func renderRefusesAnExtensionThatNamesNoFormat(name: String) throws {
        let workspace = try Workspace()
        try workspace.write("chat.scenario", "participant A\n")
        let result = execute(
            RenderCommand(path: workspace.path("chat.scenario"), designs: .reference, outputPath: workspace.path(name)),
            in: workspace)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: mediate cannot tell what to write from '."))
        #expect(result.err.contains("it writes svg, png, pdf, dot\nhelp: "))
        #expect(workspace.read(name) == nil)
        // With --format, any name is taken.
        let named = execute(
            RenderCommand(
                path: workspace.path("chat.scenario"), designs: .reference, format: .dot, outputPath: workspace.path(name)),
            in: workspace)
        #expect(named.code == 0, "\(named.err)")
        #expect(workspace.read(name)?.hasPrefix("digraph") == true)
    }

    /// Standard output that says it is a terminal.
    final class Terminal: TextOutput {
        var text = ""
        var isTerminal: Bool { true }
        func write(_ text: String) { self.text += text }
        func flush() {}
    }

    /// PNG and PDF are refused on a terminal, and so are SVG and the report page's HTML.
    @Test func renderWritesNoImageToATerminal() throws {
        let workspace = try Workspace()
        try workspace.write("chat.scenario", "participant A\n")
        for format in [DiagramFormat.png, .pdf, .svg, nil] {
            let out = Terminal()
            let err = StringOutput()
            let code = RenderCommand(path: workspace.path("chat.scenario"), designs: .reference, format: format)
                .execute(standardOutput: out, standardError: err)
            #expect(code == 2)
            #expect(out.text.isEmpty)
            let what = format == .png || format == .pdf ? "binary data" : "an SVG image (XML for a viewer)"
            #expect(
                err.text
                    == "error: --format \((format ?? .svg).rawValue) writes \(what), and standard output is a terminal\n"
                    + "help: write it to a file with -o FILE, or pipe it to a program that reads it\n")
        }
        // Text goes to a terminal as before.
        let out = Terminal()
        let code = RenderCommand(path: workspace.path("chat.scenario"), designs: .reference, format: .dot)
            .execute(standardOutput: out, standardError: StringOutput())
        #expect(code == 0)
        #expect(out.text.hasPrefix("digraph"))
    }

    @Test func reportWritesNoPageToATerminal() throws {
        let workspace = try twoScenarios()
        let out = Terminal()
        let err = StringOutput()
        #expect(
            ReportCommand(paths: [workspace.path("Scenarios")], designs: .reference).execute(standardOutput: out, standardError: err) == 2)
        #expect(out.text.isEmpty)
        #expect(
            err.text
                == "error: the report page is HTML for a browser, and standard output is a terminal\n"
                + "help: write it to a file with -o FILE and open that, or pipe it to a program that reads it\n")
        // `-o -` is standard output too; a file is written.
        let dash = ReportCommand(paths: [workspace.path("Scenarios")], outputPath: "-", designs: .reference)
        #expect(dash.execute(standardOutput: Terminal(), standardError: StringOutput()) == 2)
        let file = ReportCommand(paths: [workspace.path("Scenarios")], outputPath: workspace.path("page.html"), designs: .reference)
        #expect(file.execute(standardOutput: Terminal(), standardError: StringOutput()) == 0)
        #expect(workspace.read("page.html")?.hasPrefix("<!DOCTYPE html>") == true)
    }

    /// Twelve identical "missing golden" blocks for a new scenario; now one line for
    /// each golden, and one hint that records them all.
    @Test func missingGoldensAreOneLineEachAndOneHint() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/new.scenario", "participant A\n")
        let result = workspace.check()
        #expect(result.code == 1)
        let kinds = DesignRegistry.reference.kinds
        let lines = kinds.flatMap { kind in
            CheckCommand.goldenNames(of: kind).map { "FAIL Scenarios/new.scenario [\(kind.rawValue)] Output/new/\($0): missing" }
        }
        #expect(lines.count == 3 * kinds.count)
        #expect(
            result.out
                == (lines + [
                    "\(lines.count) goldens are missing: run `mediate check Scenarios --output Output --record missing` to write them",
                    "0 passed, \(kinds.count) failed",
                ]).joined(separator: "\n") + "\n")
    }

    @Test func reportDrawsTheRestAndShowsABadFileAsAnErrorSection() throws {
        let workspace = try twoScenarios()
        try workspace.write("Scenarios/bad.scenario", "participant A\nA -> B: \"<b>&</b>\"\n")
        let result = execute(
            ReportCommand(paths: [workspace.path("Scenarios")], outputPath: workspace.path("page.html"), designs: .reference),
            in: workspace)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("Scenarios/bad.scenario:2:6: error: unknown participant 'B'\n"))
        let page = try #require(workspace.read("page.html"))
        // Two players, numbered from 0, and the bad file's section with no player, its diagnostics escaped.
        #expect(page.components(separatedBy: "<div class=\"player\"").count == 3)
        #expect(page.contains("<div class=\"player\" id=\"s0\"") && page.contains("<div class=\"player\" id=\"s1\""))
        let section = try #require(page.range(of: "<section class=\"scenario invalid\" id=\"scenario-bad\">"))
        let end = try #require(page.range(of: "</section>", range: section.upperBound..<page.endIndex))
        let html = page[section.lowerBound..<end.upperBound]
        #expect(!html.contains("player"))
        #expect(html.contains("<pre class=\"diagnostics\">"))
        #expect(
            html.contains("bad.scenario:2:6: error: unknown participant &#39;B&#39;\nA -&gt; B: &quot;&lt;b&gt;&amp;&lt;/b&gt;&quot;\n"))
    }

    @Test func logsOfSeveralDesignsEachHaveAHeader() throws {
        let workspace = try Workspace()
        try workspace.write("two.scenario", "participant A\nlog \"hi\"\n")
        let result = execute(
            RunCommand(paths: [workspace.path("two.scenario")], mediator: .all, designs: .reference, format: .log),
            in: workspace)
        #expect(result.code == 0)
        #expect(result.out == DesignRegistry.reference.kinds.map { "==> mediator \($0.rawValue) <==\nhi\n" }.joined())
        // One design: the log alone, as before.
        let one = execute(RunCommand(paths: [workspace.path("two.scenario")], designs: .reference, format: .log), in: workspace)
        #expect(one.out == "hi\n")
    }

    /// A scenario whose statements of every kind begin a step: declarations, a send, a
    /// replacement, a release and expectations.
    static let steps = """
        participant A
        participant B
        A -> B: "hello"
        mediator mesh
        release A
        expect B alive
        expect B received 1
        """

    @Test func githubAnnotatesAGoldenMismatchAtTheStatementThatWroteIt() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/steps.scenario", Self.steps)
        #expect(workspace.check(record: .all).code == 0)
        // The second expectation (line 7) now fails; the first difference is its line.
        try workspace.write("Scenarios/steps.scenario", Self.steps.replacingOccurrences(of: "received 1", with: "received 2"))
        let result = workspace.check(format: .github)
        #expect(result.code == 1)
        let annotations = result.err.split(separator: "\n")
        // A golden differs under each design, and the expectation fails under each: one annotation for it.
        #expect(annotations.count == DesignRegistry.reference.kinds.count + 1)
        #expect(
            annotations.contains(
                "::error file=Scenarios/steps.scenario,line=7,col=1,endLine=7,endColumn=20::under protocol-extension, wrapper, "
                    + "direct-delegate, mesh, actor, async-stream, notification-center and combine, the expectation failed (got 1)%0Ahelp: "
                    + "update the expected value to what it got: write 'expect B received 1'%0Ahelp: or, if this failure is intended, write "
                    + "'expect B received 2 fails': it fails under every design"))
        let lines = try #require(workspace.read("Output/steps/wrapper.transcript")?.split(separator: "\n"))
        let differing = try #require(lines.firstIndex { $0.hasPrefix("expect B received 1") }) + 1
        let first: Substring =
            "::error file=Scenarios/steps.scenario,line=7::under protocol-extension, the run differs from the golden "
            + "Output/steps/protocol-extension.transcript, first on its line \(differing)%0Ahelp: see the diff in the log; "
            + "if the change is intended, run `mediate check Scenarios --output Output --record failed` and commit the goldens"
        #expect(annotations.first == first)
        // A missing golden, and a diagram's mismatch, are annotated on line 1.
        try FileManager.default.removeItem(atPath: workspace.path("Output/steps/mesh.transcript"))
        try workspace.write("Output/steps/mesh.coupling.dot", "digraph {}\n")
        let missing = workspace.check(format: .github).err.split(separator: "\n").filter { $0.contains("mesh") }
        let expected: [Substring] = [
            "::error file=Scenarios/steps.scenario,line=1::under mesh, the golden Output/steps/mesh.transcript is missing"
                + "%0Ahelp: run `mediate check Scenarios --output Output --record missing` to write it",
            "::error file=Scenarios/steps.scenario,line=1::under mesh, the run differs from the golden "
                + "Output/steps/mesh.coupling.dot%0Ahelp: see the diff in the log; if the change is intended, run "
                + "`mediate check Scenarios --output Output --record failed` and commit the goldens",
            "::error file=Scenarios/steps.scenario,line=7,col=1,endLine=7,endColumn=20::under protocol-extension, wrapper, "
                + "direct-delegate, mesh, actor, async-stream, notification-center and combine, the expectation failed (got 1)%0Ahelp: "
                + "update the expected value to what it got: write 'expect B received 1'%0Ahelp: or, if this failure is intended, write "
                + "'expect B received 2 fails': it fails under every design",
        ]
        #expect(missing == expected)
    }

    @Test func theMissingGoldenHintRepeatsThePathsAndTheOutputFolder() throws {
        let workspace = try Workspace()
        try workspace.write("my scenarios/it's.scenario", "participant A\n")
        let command = CheckCommand(
            paths: [workspace.path("my scenarios/it's.scenario")], outputFolder: workspace.path("golden files"),
            designs: .reference, jobs: 1, environment: [:])
        let result = execute(command, in: workspace)
        #expect(result.code == 1)
        #expect(
            result.out.contains(
                "\(3 * MediatorKind.allCases.count) goldens are missing: run `mediate check 'my scenarios/it'\\''s.scenario' --output 'golden files' "
                    + "--record missing` to write them\n"))
    }
}
