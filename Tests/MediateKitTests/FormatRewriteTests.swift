import Foundation
import MediateTestSupport
import Testing

@testable import MediateKit

/// How `fmt` writes a file over: its owner, group, mode and hard links are
/// kept, set-user-ID and set-group-ID dropped, and an edit made while it formats is kept.
extension FormatCommandTests {
    static let messy = "participant   A\n"
    static let formatted = "participant A\n"

    /// A workspace with `Scenarios/a.scenario` unformatted and, with two links, `b.scenario` a
    /// hard link to it.
    func unformatted(links: Int) throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("Scenarios/a.scenario", Self.messy)
        if links == 2 {
            try FileManager.default.linkItem(
                atPath: workspace.path("Scenarios/a.scenario"),
                toPath: workspace.path("Scenarios/b.scenario"))
        }
        return workspace
    }

    func status(_ path: String) throws -> stat {
        var status = stat()
        let found = lstat(path, &status)
        try #require(found == 0, "no file at \(path)")
        return status
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"), arguments: [1, 2])
    func fmtKeepsTheOwnerAndGroup(links: Int) throws {
        let workspace = try unformatted(links: links)
        let path = workspace.path("Scenarios/a.scenario")
        try #require(chown(path, 4321, 8765) == 0)
        try #require(chmod(path, 0o640) == 0)
        #expect(fmt(workspace, ["Scenarios/a.scenario"]).code == 0)
        let after = try status(path)
        #expect(after.st_uid == 4321)
        #expect(after.st_gid == 8765)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(workspace.read("Scenarios/a.scenario") == Self.formatted)
    }

    /// Set-user-ID and set-group-ID make no sense on a scenario, and a root-owned one must not
    /// keep them.
    @Test(arguments: [1, 2])
    func fmtDropsSetUserAndSetGroupID(links: Int) throws {
        let workspace = try unformatted(links: links)
        let path = workspace.path("Scenarios/a.scenario")
        try #require(chmod(path, 0o6755) == 0)
        #expect(fmt(workspace, ["Scenarios/a.scenario"]).code == 0)
        #expect(try status(path).st_mode & 0o7777 == 0o755)
        #expect(workspace.read("Scenarios/a.scenario") == Self.formatted)
    }

    @Test func fmtKeepsHardLinks() throws {
        let workspace = try unformatted(links: 2)
        let before = try status(workspace.path("Scenarios/a.scenario"))
        let result = fmt(workspace, ["Scenarios/a.scenario"])
        #expect(result.code == 0)
        #expect(result.out == "formatted Scenarios/a.scenario\n")
        let a = try status(workspace.path("Scenarios/a.scenario"))
        #expect(a.st_ino == before.st_ino)
        #expect(a.st_nlink == 2)
        #expect(workspace.read("Scenarios/b.scenario") == Self.formatted)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: workspace.path("Scenarios")).sorted()
                == ["a.scenario", "b.scenario"])
    }

    enum Edit: CaseIterable { case longer, sameSize }

    /// The edit is written into the file itself, after `fmt` read it and before it writes: both
    /// an edit that changes the size and one that changes only the modification time are seen.
    @Test(arguments: [1, 2], Edit.allCases)
    func fmtKeepsAnEditMadeWhileItFormatted(links: Int, edit: Edit) throws {
        let workspace = try unformatted(links: links)
        let path = workspace.path("Scenarios/a.scenario")
        // An old modification time, so that the edit gives a new one however coarse the clock.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)],
            ofItemAtPath: path)
        let edited = edit == .longer ? Self.messy + "participant B\n" : "participant   Z\n"
        let result = fmt(workspace, ["Scenarios/a.scenario"]) { target in
            guard let handle = FileHandle(forWritingAtPath: target) else { return }
            try? handle.write(contentsOf: Data(edited.utf8))
            try? handle.close()
        }
        #expect(result.code == 3)
        #expect(result.out.isEmpty)
        #expect(
            result.err == "Scenarios/a.scenario: error: cannot write the formatted file: it changed while mediate was formatting it\n"
                + "help: nothing was written, so the change is kept; run mediate fmt on it again\n")
        #expect(workspace.read("Scenarios/a.scenario") == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("Scenarios")).count == links)
    }
}
