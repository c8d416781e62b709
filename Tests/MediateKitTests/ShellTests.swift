import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

@Suite("Shell conveniences")
struct ShellTests {
    @Test func colourOnlyOnTerminalsAndNeverWithNO_COLOR() {
        let bothTerminals: (Int32) -> Bool = { _ in true }
        #expect(ColorPolicy.detect(environment: [:], isTerminal: bothTerminals) == ColorPolicy(standardOutput: true, standardError: true))
        #expect(ColorPolicy.detect(environment: ["NO_COLOR": "1"], isTerminal: bothTerminals) == .none)
        // An empty NO_COLOR does not count (no-color.org).
        #expect(ColorPolicy.detect(environment: ["NO_COLOR": ""], isTerminal: bothTerminals).standardError)
        #expect(ColorPolicy.detect(environment: [:], isTerminal: { $0 == 2 }) == ColorPolicy(standardOutput: false, standardError: true))
    }

    @Test func colouredDiagnosticsKeepTheirTextAndPlainOnesHaveNoEscapes() throws {
        let file = SourceFile(path: "x.scenario", text: "participant A\nA -> Zed: \"x\"\n")
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else { Issue.record("no error"); return }
        let plain = DiagnosticPrinter.render(diagnostics.items, in: file)
        let colored = DiagnosticPrinter.render(diagnostics.items, in: file, colored: true)
        #expect(!plain.contains("\u{1B}"))
        #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let stripped = colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain)
    }

    @Test func colouredDiffsPaintRemovalsAndAdditions() {
        let diff = UnifiedDiff.diff(expected: "a\n", actual: "b\n")!
        let colored = ANSI.diff(diff, when: true)
        #expect(colored.contains("\u{1B}[31m-a\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[32m+b\u{1B}[0m"))
        #expect(ANSI.diff(diff, when: false) == diff)
    }

    @Test func diffsShowControlCharactersEscapedAndKeepCRLFLinesApart() throws {
        let diff = try #require(UnifiedDiff.diff(expected: "a\r\n\u{1B}[2J\n", actual: "a\n\u{202E}b\n", expectedName: "golden\u{7}"))
        #expect(ANSI.diff(diff, when: false) == "--- golden\\u{7}\n+++ actual\n@@ -1,2 +1,2 @@\n-a\\u{D}\n-\\u{1B}[2J\n+a\n+\\u{202E}b\n")
        #expect(ANSI.diff(diff, when: true).contains("\u{1B}[31m-a\\u{D}\u{1B}[0m\n\u{1B}[31m-\\u{1B}[2J\u{1B}[0m\n"))
    }

    /// A raw ESC in a comment reached the terminal through `fmt --check`'s diff.
    @Test func fmtCheckShowsControlCharactersEscaped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("esc.scenario").path
        try "participant   A # \u{1B}[2J gone\n".write(toFile: path, atomically: true, encoding: .utf8)
        let out = StringOutput()
        #expect(FormatCommand(paths: [path], check: true).execute(standardOutput: out, standardError: StringOutput()) == 1)
        #expect(!out.text.contains("\u{1B}"))
        #expect(out.text.contains("-participant   A # \\u{1B}[2J gone\n+participant A # \\u{1B}[2J gone\n"))
    }

    @Test func initWritesAStarterThatRunsAndNeverOverwrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = folder.appendingPathComponent("starter").path
        let out = StringOutput()
        #expect(InitCommand(name: name).execute(standardOutput: out, standardError: StringOutput()) == 0)
        let source = try String(contentsOfFile: name + ".scenario", encoding: .utf8)
        #expect(source.contains("# "))
        for kind in MediatorKind.allCases {
            let run = try runScenario(source, kind: kind, path: name + ".scenario")
            #expect(run.summary.stoppedBy == nil)
            #expect(run.text.hasPrefix("scenario starter\n"))
        }
        #expect(try runScenario(source).summary.exitCode == 0)
        let err = StringOutput()
        #expect(InitCommand(name: name).execute(standardOutput: StringOutput(), standardError: err) == 2)
        #expect(err.text.contains("already exists; nothing was written"))
        #expect(try String(contentsOfFile: name + ".scenario", encoding: .utf8) == source)
    }

    /// `init "my scenario"` suggested a command that a shell splits in two.
    @Test func initQuotesThePathOfTheCommandItSuggests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("my scenario").path + ".scenario"
        let out = StringOutput()
        #expect(InitCommand(name: String(path.dropLast(9))).execute(standardOutput: out, standardError: StringOutput()) == 0)
        #expect(out.text == "wrote \(path); try: mediate run '\(path)' --mediator all\n")
    }

    /// The commands `init` suggests, the one it prints and the two in the
    /// starter's first lines, pass: every design meets the starter's expectations.
    @Test func initSuggestsCommandsThatPass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("starter.scenario").path
        let out = StringOutput()
        #expect(InitCommand(name: path).execute(standardOutput: out, standardError: StringOutput()) == 0)
        #expect(out.text == "wrote \(path); try: mediate run \(path) --mediator all\n")
        let source = try String(contentsOfFile: path, encoding: .utf8)
        #expect(source.hasPrefix("# A starter scenario. Run it with:   mediate run starter.scenario\n"))
        #expect(source.contains("# and compare the four designs with:  mediate run starter.scenario --mediator all\n"))
        for mediator in [nil, MediatorChoice.all] {
            let transcripts = StringOutput()
            let run = RunCommand(paths: [path], mediator: mediator, designs: .reference)
            #expect(run.execute(standardOutput: transcripts, standardError: StringOutput()) == 0, "\(transcripts.text)")
        }
    }

    @Test func initLeavesADanglingSymbolicLinkAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("trap.scenario").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.appendingPathComponent("nowhere").path)
        let err = StringOutput()
        #expect(InitCommand(name: link).execute(standardOutput: StringOutput(), standardError: err) == 2)
        #expect(err.text.contains("already exists; nothing was written"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).hasSuffix("/nowhere"))
    }

    @Test(arguments: ["", ".scenario", ".", ".."])
    func initRefusesANameWithoutAStem(name: String) {
        let err = StringOutput()
        #expect(InitCommand(name: name).execute(standardOutput: StringOutput(), standardError: err) == 2)
        #expect(err.text.contains("a scenario needs a name before '.scenario'"))
    }
}
