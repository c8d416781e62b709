import Foundation
import Testing

@testable import MediateKit
@testable import MediateWatch

/// A file named with a terminal escape (`ESC ] 0 ; … BEL` retitles the
/// terminal, `ESC [2J` clears it) or a right-to-left override is shown escaped as source text is,
/// in every line that names it, on both streams and in every diagnostics format.
@Suite("Hostile file names")
struct HostilePathTests {
    /// Names that drive a terminal or reorder a line: each ends in `.scenario`.
    static let names = [
        "retitle\u{1B}]0;pwned\u{07}.scenario",
        "clear\u{1B}[2J.scenario",
        "\u{202E}gnp.scenario",
    ]

    /// Whether `text` holds a scalar that a terminal obeys or that reorders the line.
    static func drivesATerminal(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0 == "\u{202E}" }
    }

    /// A fresh folder holding a scenario under `name`, a broken one, and an unformatted one.
    func workspace(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        for sub in ["good", "bad", "messy"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try "participant A\nparticipant B\nA -> B: \"hi\"\n".write(
            to: folder.appendingPathComponent("good/\(name)"), atomically: true, encoding: .utf8)
        try "participant A\nA -> Nobody: \"hi\"\n".write(
            to: folder.appendingPathComponent("bad/\(name)"), atomically: true, encoding: .utf8)
        try "participant   A\nparticipant B\nA -> *: \"hi\"\n".write(
            to: folder.appendingPathComponent("messy/\(name)"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Every command that prints a path it was given or found, as `[arguments]`.
    static func commands(_ name: String) -> [[String]] {
        [
            ["validate", "good"],
            ["validate", "bad"],
            ["validate", "bad", "--diagnostics-format", "json"],
            ["validate", "bad", "--diagnostics-format", "github"],
            ["run", "bad/\(name)"],
            ["check", "good", "--output", "out", "--record", "missing"],
            ["fmt", "--check", "good", "messy"],
            ["fmt", "messy"],
            ["init", "new-\(name)"],
            ["diff", "good/\(name)", "messy/\(name)"],
            ["run", "good", "--output", "missing-parent/\(name)"],
            ["render", "good/\(name)", "-o", "\(name).unknown", "--graph", "messages"],
        ]
    }

    @Test(arguments: names)
    func noLineDrivesTheTerminal(name: String) throws {
        let folder = try workspace(name)
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in Self.commands(name) {
            let result = try run(arguments, in: folder)
            #expect(!Self.drivesATerminal(result.output), "\(arguments.map { $0.visible() }): \(result.output.visible())")
            #expect(!result.output.isEmpty, "\(arguments.map { $0.visible() }) printed nothing")
        }
        // A golden that differs: its FAIL line and diff.
        let golden = folder.appendingPathComponent("out/\(String(name.dropLast(".scenario".count)))/wrapper.transcript")
        try "changed\n".write(to: golden, atomically: true, encoding: .utf8)
        let check = try run(["check", "good", "--output", "out"], in: folder)
        #expect(check.status == 1)
        #expect(check.output.contains("FAIL"))
        #expect(!Self.drivesATerminal(check.output), "check: \(check.output.visible())")
    }

    /// Runs the built `mediate` in `folder`, without `CI`, as `WriteFailureTests` does; both
    /// streams together.
    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let result = try WriteFailureTests().mediate(arguments, in: folder)
        return (result.status, result.standardOutput + result.standardError)
    }
}
