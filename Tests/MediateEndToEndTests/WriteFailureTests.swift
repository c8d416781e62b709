import Foundation
import MediateTestSupport
import Testing

/// `check --record` writes only where `run --output` would, and every write that fails
/// (a file, a report, standard output) ends in exit 3 and a message naming what and why.
@Suite("Write failures")
struct WriteFailureTests {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the built `mediate` in `folder`, without `CI`, its standard output going to `output`
    /// (a pipe read back when nil).
    func mediate(_ arguments: [String], in folder: URL, output: FileHandle? = nil, closedOutput: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        let out = Pipe()
        let err = Pipe()
        if closedOutput { try out.fileHandleForReading.close() }
        process.standardOutput = output ?? out
        process.standardError = err
        try process.run()
        let outData = output == nil && !closedOutput ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder holding `chat.scenario`, an unformatted `messy.scenario`, its transcript
    /// `chat.transcript` and one that differs from it, and an empty `out` folder.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
            to: folder.appendingPathComponent("chat.scenario"))
        try "participant   A\nparticipant B\nA -> *: \"hi\"\n".write(
            to: folder.appendingPathComponent("messy.scenario"),
            atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Output/chat/wrapper.transcript"),
            to: folder.appendingPathComponent("chat.transcript"))
        try "other\n".write(to: folder.appendingPathComponent("other.transcript"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Every path under `folder`: what a refused record must leave as it was.
    func listing(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    // MARK: check --record writes only into a folder of the scenario's own

    /// `..scenario` would record into the output folder's parent, `.scenario` into its root.
    @Test(arguments: ["..scenario", ".scenario"])
    func recordRefusesAScenarioWithoutAName(name: String) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("chat.scenario"), to: folder.appendingPathComponent(name))
        let before = listing(folder)
        let result = try mediate(["check", name, "--output", "out", "--record", "all"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError == "error: \(name) has no name to give its output folder\nhelp: rename it to NAME.scenario\n")
        #expect(listing(folder) == before)
    }

    @Test func recordDoesNotFollowALinkedScenarioFolder() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out/chat").path,
            withDestinationPath: elsewhere.path)
        let result = try mediate(["check", "chat.scenario", "--output", "out", "--record", "all"], in: folder)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "error: 'out/chat' is a symbolic link; mediate writes chat.scenario's files only into a folder of its own there\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func recordRefusesTwoScenariosOfOneStem() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("chat.scenario"),
                to: folder.appendingPathComponent("\(sub)/chat.scenario"))
        }
        let result = try mediate(["check", "a", "b", "--output", "out", "--record", "all"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardError == "error: a/chat.scenario and b/chat.scenario would both write to the folder 'chat'\n"
                + "help: rename one of them, or run them with different --output folders\n")
        #expect(listing(folder.appendingPathComponent("out")).isEmpty)
    }

    // MARK: A write that fails exits 3

    /// `/proc` is a folder no one can make a folder in.
    @Test(.linuxOnly("needs /proc")) func aFailedRecordExitsThreeWithAReadableReason() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(["check", "chat.scenario", "--output", "/proc", "--record", "all"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("error /proc/chat/wrapper.transcript: "))
        #expect(!result.standardOutput.contains("NSCocoaErrorDomain"))
    }

    @Test(.linuxOnly("needs /proc")) func anUnwritableJUnitReportExitsThree() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(
            [
                "check", "chat.scenario", "--output", packageRoot.appendingPathComponent("Output").path,
                "--junit", "/proc/report.xml",
            ], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("error: cannot write the JUnit report '/proc/report.xml': "))
    }

    static let printing: [[String]] = [
        ["validate", "chat.scenario"], ["check", "chat.scenario", "--output", "out"],
        ["export", "chat.scenario", "--format", "mermaid"], ["report", "chat.scenario"],
        ["fmt", "messy.scenario"], ["init", "starter"], ["diff", "chat.transcript", "other.transcript"],
        ["run", "chat.scenario"],
        // What ArgumentParser prints itself: an install script writing a completion file must
        // not get exit 0 and an empty file.
        ["--version"], ["--help"], ["help", "run"], ["check", "--help"],
        ["--generate-completion-script", "bash"],
    ]

    @Test(.linuxOnly("needs /dev/full"), arguments: printing)
    func aFullStandardOutputExitsThree(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try mediate(arguments, in: folder, output: full)
        #expect(result.status == 3)
        #expect(result.standardError.hasSuffix("error: cannot write to standard output: No space left on device\n"))
    }

    @Test(arguments: printing)
    func aClosedStandardOutputExitsThree(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(arguments, in: folder, closedOutput: true)
        #expect(result.status == 3)
        #expect(result.standardError.hasSuffix("error: cannot write to standard output: Broken pipe\n"))
    }
}
