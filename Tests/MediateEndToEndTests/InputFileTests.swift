import Foundation
import MediateTestSupport
import Testing

/// What `mediate` agrees to read, through the built binary: a named pipe that
/// nothing writes to is refused at once, never waited on; a pipe with a writer is read.
///
/// Each run is killed after a time limit, so that a command that waits fails its test instead of
/// hanging the suite.
@Suite("Input files")
struct InputFileTests {
    struct Result {
        var status: Int32
        var standardError: String
    }

    /// Runs `executable` in `folder` with `input` on standard input; nil when it was still running
    /// after `seconds` (it is then killed). Standard error goes through a file, which never fills.
    func run(
        _ executable: URL, _ arguments: [String], in folder: URL, input: String? = nil,
        seconds: Double = 10
    ) throws -> Result? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let errors = folder.appendingPathComponent("stderr.txt")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = errorHandle
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try errorHandle.close()
        if let input {
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        guard exited.wait(timeout: .now() + seconds) == .success else {
            // Not SIGTERM: the child inherits this thread's blocked signals, SIGTERM among them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return Result(status: process.terminationStatus, standardError: try String(contentsOf: errors, encoding: .utf8))
    }

    /// A fresh folder holding `dir/`.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        return folder
    }

    /// Each command that reads scenarios, given the pipe or finding it in a folder.
    static let readers: [[String]] = [
        ["validate", "dir/x.scenario"],
        ["run", "dir/x.scenario"],
        ["check", "dir/x.scenario"],
        ["check", "dir"],
        ["fmt", "dir/x.scenario"],
        ["fmt", "--check", "dir"],
        ["report", "dir"],
        ["render", "dir/x.scenario", "--format", "dot"],
    ]

    /// `diff` read its files whole with no limit (a named pipe it already refused, without saying why).
    @Test func diffRefusesAnIdlePipeAndAFileTooLargeToHold() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(mkfifo(folder.appendingPathComponent("dir/a.transcript").path, 0o600) == 0)
        try "end\n".write(to: folder.appendingPathComponent("dir/b.transcript"), atomically: true, encoding: .utf8)
        let idle = try #require(
            try run(EndToEndTests.binary, ["diff", "dir/a.transcript", "dir/b.transcript"], in: folder),
            "mediate diff waited on the pipe")
        #expect(idle.status == 2)
        #expect(idle.standardError.hasPrefix("dir/a.transcript: error: cannot read the file: it is a pipe with nothing writing to it\n"))
        let large = folder.appendingPathComponent("dir/c.transcript")
        try Data(repeating: UInt8(ascii: "x"), count: (8 << 20) + 1).write(to: large)
        let tooLarge = try #require(try run(EndToEndTests.binary, ["diff", "dir/b.transcript", "dir/c.transcript"], in: folder))
        #expect(tooLarge.status == 3)
        #expect(
            tooLarge.standardError.hasPrefix(
                "dir/c.transcript: error: the file is 8388609 bytes long; mediate diffs files of at most 8 MiB\n"))
    }

    @Test(arguments: readers)
    func aNamedPipeWithoutAWriterIsRefused(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("dir/x.scenario").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = try #require(try run(EndToEndTests.binary, arguments, in: folder), "mediate \(arguments) waited on the pipe")
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "dir/x.scenario: error: cannot read the scenario: it is a pipe with nothing "
                    + "writing to it, and mediate does not wait for a writer\nhelp: give the path of a readable .scenario file\n"))
        var status = stat()
        let found = lstat(fifo, &status)
        #expect(found == 0 && status.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced")
    }

    /// `/dev/stdin` fed by a pipe, and bash's `<(…)`, are pipes with a writer: read to their end.
    @Test func aPipeWithAWriterIsRead() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/chat.scenario"), encoding: .utf8)
        try scenario.write(to: folder.appendingPathComponent("dir/chat.scenario"), atomically: true, encoding: .utf8)

        let piped = try #require(try run(EndToEndTests.binary, ["validate", "/dev/stdin"], in: folder, input: scenario))
        #expect(piped.status == 0, "\(piped.standardError)")
        let formatted = try #require(try run(EndToEndTests.binary, ["fmt", "--check", "/dev/stdin"], in: folder, input: scenario))
        #expect(formatted.status == 0, "\(formatted.standardError)")
        let rewrite = try #require(try run(EndToEndTests.binary, ["fmt", "/dev/stdin"], in: folder, input: "participant   A\n"))
        #expect(rewrite.status == 2)
        #expect(rewrite.standardError.hasPrefix("/dev/stdin: error: fmt rewrites files, and this is a pipe or a device"))

        let substituted = try #require(
            try run(
                URL(fileURLWithPath: "/bin/bash"),
                ["-c", "exec \"$0\" validate <(cat dir/chat.scenario)", EndToEndTests.binary.path],
                in: folder))
        #expect(substituted.status == 0, "\(substituted.standardError)")
    }
}
