import Foundation
import Testing

/// `mediate fmt` through the built binary: the committed scenarios pass `--check`, and a file it
/// rejects is formatted.
extension EndToEndTests {
    @Test func fmtCheckPassesOnTheCommittedScenarios() throws {
        let result = try mediate("fmt", "--check", "Scenarios")
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.isEmpty)
    }

    @Test func fmtFormatsAFileThatCheckRejected() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x.scenario")
        try "participant A\non A receives any {\n  log \"hi\" }\nA->A:\"ping\"  # once\n".write(to: file, atomically: true, encoding: .utf8)

        let check = try mediate("fmt", "--check", "x.scenario", in: folder)
        #expect(check.status == 1)
        #expect(check.standardOutput.hasPrefix("--- x.scenario\n+++ x.scenario (formatted)\n"))

        let format = try mediate("fmt", "x.scenario", in: folder)
        #expect(format.status == 0)
        #expect(format.standardOutput == "formatted x.scenario\n")
        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == "participant A\non A receives any { log \"hi\" }\nA -> A: \"ping\" # once\n")
        #expect(try mediate("fmt", "--check", "x.scenario", in: folder).status == 0)
    }
}
