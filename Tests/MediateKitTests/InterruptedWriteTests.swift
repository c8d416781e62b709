import Foundation
import Testing
import MediateKit

/// What an interrupted run, a killed run and two runs into one folder leave behind, through the
/// built binary. Nothing is timed: each test waits, with a generous limit, for a condition (a
/// file appearing, a line on standard error).
@Suite("Interrupted and concurrent writes")
struct InterruptedWriteTests {
    /// A fresh folder holding `x.scenario` (a copy of `chat`) and an empty `out/`.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
                                         to: folder.appendingPathComponent("x.scenario"))
        return folder
    }

    func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Issue 13, item 14: a name of up to 255 bytes is written, whatever its temporary file's
    /// name would have been (ASCII, then a 2-byte letter that must not be cut in half).
    @Test(arguments: [String(repeating: "a", count: 241), String(repeating: "é", count: 123)])
    func initAndFmtWriteNamesOfUpTo255Bytes(stem: String) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(stem + ".scenario").path
        let err = StringOutput()
        #expect(InitCommand(name: folder.appendingPathComponent(stem).path).execute(standardOutput: StringOutput(), standardError: err) == 0)
        #expect(err.text.isEmpty)
        try "participant  A\nparticipant B\nA ->  B: \"hi\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(FormatCommand(paths: [path]).execute(standardOutput: StringOutput(), standardError: err) == 0)
        #expect(err.text.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "participant A\nparticipant B\nA -> B: \"hi\"\n")
        #expect(names(in: folder) == ["out", stem + ".scenario", "x.scenario"].sorted())
    }
}
