import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

/// What a repository's symbolic links can make `mediate` read or write: nothing outside the
/// folders it is given. A pull request can add `Scenarios/leak.scenario -> /proc/self/environ`,
/// a link to a credentials file, or `Output -> /elsewhere`; CI then runs `mediate check`.
@Suite("Symbolic links in a repository")
struct RepositoryLinkTests {
    /// What a link in these tests leads to: a file outside the repository, holding a secret.
    static let secret = "AWS_SECRET_ACCESS_KEY=do-not-print-me"

    /// A workspace with one scenario, its goldens recorded, and `secret.txt` beside the
    /// repository's folders (outside `Scenarios/` and `Output/`).
    func repository() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", "participant A\nparticipant B\nA -> B: \"hello\"\n")
        #expect(workspace.check(record: .all).code == 0)
        try workspace.write("secret.txt", Self.secret + "\n")
        return workspace
    }

    func link(_ relative: String, to destination: String, in workspace: Workspace) throws {
        try FileManager.default.createSymbolicLink(atPath: workspace.path(relative), withDestinationPath: destination)
    }

    static let note = "note: skipped '%@': a symbolic link, which mediate does not follow in a folder\n"

    @Test func aFolderWalkSkipsLinkedScenariosAndNamesThem() throws {
        let workspace = try repository()
        try link("Scenarios/leak.scenario", to: workspace.path("secret.txt"), in: workspace)
        try FileManager.default.createDirectory(atPath: workspace.path("elsewhere"), withIntermediateDirectories: true)
        try workspace.write("elsewhere/deep.scenario", Self.secret + "\n")
        try link("Scenarios/linked", to: workspace.path("elsewhere"), in: workspace)
        let found = ScenarioFiles([workspace.path("Scenarios")])
        #expect(found.paths == [workspace.path("Scenarios/greeting.scenario")])
        #expect(found.skipped == [workspace.path("Scenarios/leak.scenario"), workspace.path("Scenarios/linked")])
    }

    /// Each command that walks a folder: nothing of the linked file in any output, and a note.
    @Test(arguments: ["check", "run", "validate", "report", "fmt"])
    func noCommandReadsThroughALinkInAFolder(command: String) throws {
        let workspace = try repository()
        try link("Scenarios/leak.scenario", to: workspace.path("secret.txt"), in: workspace)
        let scenarios = [workspace.path("Scenarios")]
        let result = outputs { out, err in
            switch command {
            case "check": return workspace.check(junit: true).code
            case "run": return RunCommand(paths: scenarios, designs: .reference).execute(standardOutput: out, standardError: err)
            case "validate":
                return ValidateCommand(paths: scenarios, designs: .reference).execute(standardOutput: out, standardError: err)
            case "report":
                return ReportCommand(paths: scenarios, outputPath: workspace.path("report.html"), designs: .reference)
                    .execute(standardOutput: out, standardError: err)
            default: return FormatCommand(paths: scenarios).execute(standardOutput: out, standardError: err)
            }
        }
        let written = ["junit.xml", "report.html"].compactMap(workspace.read).joined()
        #expect(!(result.out + result.err + written).contains("do-not-print-me"))
        #expect(workspace.read("secret.txt") == Self.secret + "\n")
        if command != "check" {
            #expect(result.err.contains(String(format: Self.note, workspace.path("Scenarios/leak.scenario"))))
        }
        #expect(result.code == 0)
    }

    /// `fmt FOLDER` never rewrites a file outside the folder through a link.
    @Test func fmtLeavesALinkedFileOutsideAlone() throws {
        let workspace = try repository()
        try workspace.write("outside.scenario", "participant   A\n")
        try link("Scenarios/outside.scenario", to: workspace.path("outside.scenario"), in: workspace)
        let result = outputs { FormatCommand(paths: [workspace.path("Scenarios")]).execute(standardOutput: $0, standardError: $1) }
        #expect(result.code == 0)
        #expect(workspace.read("outside.scenario") == "participant   A\n")
        var status = stat()
        #expect(lstat(workspace.path("Scenarios/outside.scenario"), &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
    }

    /// A linked golden is an error naming it, never read, so no diff prints what it leads to.
    @Test(arguments: ["mesh.transcript", "mesh.messages.dot"])
    func aLinkedGoldenIsAnErrorAndIsNotRead(golden: String) throws {
        let workspace = try repository()
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/\(golden)"))
        try link("Output/greeting/\(golden)", to: workspace.path("secret.txt"), in: workspace)
        let result = workspace.check(junit: true)
        #expect(result.code == 3)
        #expect(!(result.out + result.err + (workspace.read("junit.xml") ?? "")).contains("do-not-print-me"))
        #expect(result.out.contains("error Output/greeting/\(golden): the golden is a symbolic link"))
    }

    /// A file that does not parse on its first line (a secret reached by a link, or named) is
    /// echoed in one short window, not line by line.
    @Test func aFileThatDoesNotParseOnItsFirstLineIsNotEchoed() throws {
        let lines = [Self.secret + String(repeating: "x", count: 5000)] + (1...50).map { "KEY_\($0) = \"value-\($0)\"" }
        let file = SourceFile(path: "credentials", bytes: Array(lines.joined(separator: "\n").utf8))
        guard case .failure(let failure) = ScenarioLoader.load(file, designs: .reference) else {
            Issue.record("the file loaded")
            return
        }
        let text = failure.rendered()
        #expect(text.components(separatedBy: ": error:").count == 2)
        #expect(!text.contains("value-"))
        #expect(text.utf8.count < 800)
        #expect(
            text.contains("note: the file does not parse on its first line, so mediate shows only this error of it (and not the 50 others)")
        )
    }

    /// A workspace with a scenario and `Output -> elsewhere`, the folder it leads to empty.
    func linkedOutput() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", "participant A\nparticipant B\nA -> B: \"hello\"\n")
        try FileManager.default.createDirectory(atPath: workspace.path("elsewhere"), withIntermediateDirectories: true)
        try link("Output", to: workspace.path("elsewhere"), in: workspace)
        return workspace
    }

    /// `check --record` and `run --output` refuse a linked output folder: nothing is written.
    @Test func aLinkedOutputFolderIsRefused() throws {
        let workspace = try linkedOutput()
        let recorded = workspace.check(record: .missing)
        let run = RunCommand(paths: [workspace.path("Scenarios")], designs: .reference, outputFolder: workspace.path("Output"))
        let ran = outputs { run.execute(standardOutput: $0, standardError: $1) }
        #expect(recorded.code == 3 && ran.code == 3)
        let message =
            "error: the output folder '\(workspace.path("Output"))' is a symbolic link to '\(workspace.path("elsewhere"))', "
            + "which mediate does not write through\n"
            + "help: give the folder itself, or add --follow-output-link to write where the link leads\n"
        #expect(recorded.err == message.replacingOccurrences(of: workspace.root.path + "/", with: ""))
        #expect(ran.err == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("elsewhere")).isEmpty)
    }

    /// `--follow-output-link` writes where the link leads.
    @Test func aLinkedOutputFolderIsFollowedWhenNamed() throws {
        let workspace = try linkedOutput()
        var check = CheckCommand(
            paths: [workspace.path("Scenarios")], outputFolder: workspace.path("Output"), designs: .reference,
            record: .missing, environment: [:])
        check.followOutputLink = true
        var run = RunCommand(paths: [workspace.path("Scenarios")], designs: .reference, outputFolder: workspace.path("Output"))
        run.followOutputLink = true
        #expect(outputs { check.execute(standardOutput: $0, standardError: $1) }.code == 0)
        #expect(outputs { run.execute(standardOutput: $0, standardError: $1) }.code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("elsewhere")) == ["greeting"])
    }
}
