import Foundation
import Testing

/// Where `render -o`, `report -o` and `check --junit` may write (issue 13), through the built
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
        return Result(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder holding `dir/chat.scenario`, a copy of `Scenarios/chat.scenario`.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
                                         to: folder.appendingPathComponent("dir/chat.scenario"))
        return folder
    }

    func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    func mode(_ url: URL) -> mode_t? { status(url.path).map { $0.st_mode & 0o7777 } }

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
