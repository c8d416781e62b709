import Foundation
import MediateTestSupport
import Testing

/// Where `render -o`, `report -o` and `check --junit` may write, through the built
/// binary: a device or a pipe is opened and written, `-` is standard output, a symbolic link or
/// an input is refused, and a file gets `0666 & ~umask` when new and keeps its mode when rewritten.
@Suite("Output paths", .serialized)
struct OutputPathTests {
    /// The three commands that write one file the user names.
    enum Writer: String, CaseIterable, CustomTestStringConvertible {
        case render, report, junit

        var testDescription: String { rawValue }

        func arguments(_ scenario: String, to output: String) -> [String] {
            switch self {
            case .render: ["render", scenario, "--format", "dot", "-o", output]
            case .report: ["report", scenario, "-o", output]
            case .junit: ["check", scenario, "--output", packageRoot.appendingPathComponent("Output").path, "--junit", output]
            }
        }

        /// Text every complete output of this writer holds.
        var marker: String {
            switch self {
            case .render: "digraph"
            case .report: "</html>"
            case .junit: "</testsuites>"
            }
        }
    }

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `mediate` in `folder`, under `umask` when given (set in a shell for the child alone,
    /// since the tests' own umask is shared by every suite running at the same time).
    func mediate(_ arguments: [String], in folder: URL, umask: String? = nil) throws -> Result {
        let process = Process()
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", EndToEndTests.binary.path] + arguments
        } else {
            process.executableURL = EndToEndTests.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errReader = DispatchQueue.global()
        nonisolated(unsafe) var errData = Data()
        let errDone = DispatchSemaphore(value: 0)
        errReader.async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder holding `dir/chat.scenario`, a copy of `Scenarios/chat.scenario`.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
            to: folder.appendingPathComponent("dir/chat.scenario"))
        return folder
    }

    func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    func mode(_ url: URL) -> mode_t? { status(url.path).map { $0.st_mode & 0o7777 } }

    // MARK: Devices, pipes and standard output

    @Test(arguments: Writer.allCases)
    func aNamedPipeIsWrittenNotReplaced(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // Opened without blocking, so the writer's open does not wait for a reader and a writer
        // that never comes cannot hang the test.
        let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let reader = PipeReader(descriptor: descriptor)
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "pipe"), in: folder)
        let read = reader.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(String(decoding: read, as: UTF8.self).contains(writer.marker))
        #expect(status(fifo).map { $0.st_mode & S_IFMT } == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dir", "pipe"])
    }

    /// `/dev/null` is opened and written: it stays the same character device (1,3 on Linux, 3,2 on
    /// macOS), and nothing is left in `/dev`.
    @Test(arguments: Writer.allCases)
    func devNullStaysADevice(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null") }
        let original = try #require(status("/dev/null"))
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "/dev/null"), in: folder)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let device = try #require(status("/dev/null"))
        #expect(device.st_mode & S_IFMT == S_IFCHR)
        #expect(device.st_rdev == original.st_rdev)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null") } == before)
    }

    /// `/dev/stdout` is a link (to `/proc/self/fd/1` on Linux, `fd/1` on macOS), here to a pipe:
    /// written through, the link left as it was.
    @Test(arguments: Writer.allCases)
    func devStdoutReachesStandardOutput(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "/dev/stdout"), in: folder)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains(writer.marker))
        #expect(status("/dev/stdout").map { $0.st_mode & S_IFMT } == S_IFLNK)
    }

    /// With standard output redirected to a file, `/dev/stdout` leads to that file, and
    /// is still standard output (it was refused as a link to a file).
    @Test(arguments: Writer.allCases)
    func devStdoutRedirectedToAFileReachesIt(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("redirected.out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "exec \"$0\" \"$@\" > redirected.out", EndToEndTests.binary.path]
            + writer.arguments("dir/chat.scenario", to: "/dev/stdout")
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: errData, as: UTF8.self))")
        #expect(try String(contentsOf: file, encoding: .utf8).contains(writer.marker))
    }

    @Test(arguments: Writer.allCases)
    func aDashIsStandardOutput(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "-"), in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(writer.marker))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    /// `--help` says so under the option that takes the path.
    @Test(arguments: Writer.allCases)
    func helpSaysADashIsStandardOutput(writer: Writer) throws {
        let command = writer == .junit ? "check" : writer.rawValue
        let option = writer == .junit ? "--junit <FILE>" : "-o, --output <FILE>"
        let result = try mediate([command, "--help"], in: packageRoot)
        let help = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let entry = try #require(help.range(of: option, options: .backwards), "\(command) --help has no \(option)")
        #expect(help[entry.upperBound...].prefix(80).contains("('-': standard output"), "\(help)")
    }

    /// A link to a file is refused, as `run --output` refuses a linked `DIR/<stem>`: the link
    /// and the file it points to are left as they were.
    @Test(arguments: Writer.allCases)
    func aSymbolicLinkIsRefused(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "keep me\n".write(to: folder.appendingPathComponent("target.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out").path,
            withDestinationPath: "target.txt")
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "out"), in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.contains("'out': it is a symbolic link to 'target.txt', which mediate does not write through\n"))
        #expect(result.standardError.hasSuffix("help: give the path of the file itself, or remove the link\n"))
        #expect(status(folder.appendingPathComponent("out").path).map { $0.st_mode & S_IFMT } == S_IFLNK)
        #expect(try String(contentsOf: folder.appendingPathComponent("target.txt"), encoding: .utf8) == "keep me\n")
    }

    // MARK: Inputs

    /// The output names the scenario, spelt otherwise: compared by device and inode, it is refused.
    @Test(arguments: Writer.allCases)
    func theScenarioSpeltOtherwiseIsRefused(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("dir/chat.scenario")
        let before = try Data(contentsOf: scenario)
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "./dir/../dir/chat.scenario"), in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.contains("'./dir/../dir/chat.scenario': it is the scenario dir/chat.scenario\n"))
        #expect(result.standardError.hasSuffix("help: give another output path; mediate does not write over what it reads\n"))
        #expect(try Data(contentsOf: scenario) == before)
    }

    @Test(arguments: Writer.allCases)
    func aHardLinkToTheScenarioIsRefused(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("dir/chat.scenario")
        let before = try Data(contentsOf: scenario)
        try #require(link(scenario.path, folder.appendingPathComponent("alias.out").path) == 0)
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "alias.out"), in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.contains("'alias.out': it is the scenario dir/chat.scenario\n"))
        #expect(try Data(contentsOf: scenario) == before)
        #expect(status(scenario.path)?.st_nlink == 2)
    }

    // MARK: Permissions

    @Test(arguments: Writer.allCases)
    func aNewFileFollowsTheUmask(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "new.out"), in: folder, umask: "077")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(mode(folder.appendingPathComponent("new.out")) == 0o600)
        let shared = try mediate(writer.arguments("dir/chat.scenario", to: "shared.out"), in: folder, umask: "002")
        #expect(shared.status == 0, "\(shared.standardError)")
        #expect(mode(folder.appendingPathComponent("shared.out")) == 0o664)
    }

    @Test(arguments: Writer.allCases)
    func aRewrittenFileKeepsItsMode(writer: Writer) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("private.out")
        try "old\n".write(to: output, atomically: true, encoding: .utf8)
        try #require(chmod(output.path, 0o600) == 0)
        let result = try mediate(writer.arguments("dir/chat.scenario", to: "private.out"), in: folder, umask: "022")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try String(contentsOf: output, encoding: .utf8).contains(writer.marker))
        #expect(mode(output) == 0o600)
    }
}

/// Reads a pipe opened with `O_NONBLOCK` on another thread, until its writer closes it or, once
/// ``finish()`` is called, until it has been quiet for a second (a writer that never came).
final class PipeReader: @unchecked Sendable {
    private let descriptor: Int32
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var finishing = false
    private var bytes: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        Thread.detachNewThread { self.read() }
    }

    private func read() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var quiet = 0
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                quiet = 0
                let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes += chunk[..<count]
                } else if count == 0, poller.revents & Int16(POLLHUP) != 0 {
                    break
                }
            } else {
                quiet += 1
                if lock.withLock({ finishing }), quiet > 10 { break }
            }
        }
        done.signal()
    }

    /// Waits for the reading to end; what was read.
    func finish() -> [UInt8] {
        lock.withLock { finishing = true }
        done.wait()
        return bytes
    }
}

/// read(2), which `PipeReader`'s own `read()` hides from its body.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
