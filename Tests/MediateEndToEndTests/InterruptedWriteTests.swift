import Foundation
import MediateKit
import MediateTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What an interrupted run, a killed run and two runs into one folder leave behind, through the
/// built binary. Nothing is timed: each test waits, with a generous limit, for a condition (a
/// file appearing, a line on standard error).
@Suite("Interrupted and concurrent writes")
struct InterruptedWriteTests {
    let files = OutputFileTests()

    /// `big.scenario` in `folder`: two participants answering each other, one line deeper each
    /// time. Run with ``longRun``, its transcript grows to hundreds of MB,
    /// so that a run is still writing when a signal comes.
    func writeBigScenario(in folder: URL) throws {
        let source = """
            scenario "deep"
            participant A : Node
            participant B : Node
            on Node receives any { self -> sender: ping }
            A -> B: ping

            """
        try source.write(to: folder.appendingPathComponent("big.scenario"), atomically: true, encoding: .utf8)
    }

    /// The limits under which `big.scenario` writes for many seconds: 10,000 levels deep, and up
    /// to 1 GiB.
    let longRun = ["--max-depth", "10000", "--max-output", "1G"]

    /// A fresh folder holding `x.scenario` (a copy of `chat`) and an empty `out/`.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
            to: folder.appendingPathComponent("x.scenario"))
        return folder
    }

    /// Starts `mediate` in `folder` without waiting for it, standard error into `folder/err.txt`
    /// and `CI` unset (it would refuse `--record`). A child inherits the signal mask of the thread
    /// that starts it, and the test runner's threads block SIGINT and SIGTERM: `asFromAShell`
    /// starts it from a thread that blocks none.
    func start(_ arguments: [String], in folder: URL, asFromAShell: Bool = false) throws -> Process {
        let log = folder.appendingPathComponent("err.txt")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        guard asFromAShell else {
            try process.run()
            return process
        }
        let started = DispatchSemaphore(value: 0)
        Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            try? process.run()
            started.signal()
        }.start()
        started.wait()
        return process
    }

    /// Whether `condition` came to hold within `seconds`, checked every 10 ms.
    func eventually(within seconds: TimeInterval = 300, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The temporary files of a run stopped half-way, and the folders it made
    /// (`out` too when it was missing), are removed; files that were there stay as they
    /// were. The process ends by the signal itself, which the shell shows as 130 or 143. SIGTERM
    /// goes to a process started with it blocked, which mediate unblocks.
    @Test(arguments: [(SIGINT, false, true), (SIGTERM, true, true), (SIGTERM, false, false)])
    func aSignalRemovesWhatTheRunHadNotFinished(signal: Int32, folderExisted: Bool, outExisted: Bool) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeBigScenario(in: folder)
        let out = folder.appendingPathComponent("out")
        if !outExisted { try FileManager.default.removeItem(at: out) }
        if folderExisted {
            try FileManager.default.createDirectory(at: out.appendingPathComponent("big"), withIntermediateDirectories: true)
            try "old\n".write(to: out.appendingPathComponent("big/wrapper.transcript"), atomically: true, encoding: .utf8)
        }
        let before = try files.snapshot(out)
        let process = try start(
            ["run", "big.scenario", "--output", "out"] + longRun, in: folder,
            asFromAShell: signal == SIGINT)
        let writing = eventually { names(in: out.appendingPathComponent("big")).contains { $0.hasPrefix(".") } || !process.isRunning }
        #expect(writing && process.isRunning, "the run should still be writing its transcript")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(try files.snapshot(out) == before)
        #expect(FileManager.default.fileExists(atPath: out.path) == outExisted)
    }

    /// A temporary file that no process holds a lock on (as a killed run leaves
    /// it) is removed by the next write into its folder; one a live writer holds, and files that
    /// are not ours, stay.
    @Test func theNextWriteRemovesStaleTemporaryFilesOnly() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out/x")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let stale = ".wrapper.transcript.mediate-tmp-aBcDeFgHiJ"
        let live = ".mesh.transcript.mediate-tmp-KlMnOpQrSt"
        let others = [".notes", ".notes.mediate-tmp-short"]
        for name in [stale, live] + others {
            try "partial\n".write(to: out.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let held = open(out.appendingPathComponent(live).path, O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let result = try files.mediate(["run", "x.scenario", "--output", "out"], in: folder)
        #expect(result.status == 0)
        let left = names(in: out)
        #expect(!left.contains(stale))
        #expect(left.filter { $0.hasPrefix(".") } == ([live] + others).sorted())
        #expect(left.contains("protocol-extension.transcript"))
    }

    /// SIGKILL cannot be handled, so a killed run leaves its temporary file.
    /// `check` reports it (no failure), and the next write into its folder removes it.
    @Test func aKilledRunsTemporaryFileIsReportedThenRemoved() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("x.scenario"), to: folder.appendingPathComponent("scenarios/x.scenario"))
        #expect(try files.mediate(["check", "scenarios", "--output", "out", "--record", "all"], in: folder).status == 0)
        try writeBigScenario(in: folder)
        let out = folder.appendingPathComponent("out/big")
        let process = try start(["run", "big.scenario", "--output", "out"] + longRun, in: folder)
        let writing = eventually { names(in: out).contains { $0.hasPrefix(".") } || !process.isRunning }
        #expect(writing && process.isRunning, "the run should still be writing its transcript")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = names(in: out).filter { $0.hasPrefix(".") }
        try #require(left.count == 1)
        let output = Pipe()
        let check = try files.mediate(["check", "scenarios", "--output", "out"], in: folder, standardOutput: output.fileHandleForWriting)
        try output.fileHandleForWriting.close()
        #expect(check.status == 0)
        #expect(
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "stale out/big/\(left[0]): a temporary file left by a killed run; the next write into 'out/big' removes it\n"
                + "\(MediatorKind.allCases.count) passed, 0 failed\n")
        #expect(try files.mediate(["run", "big.scenario", "--output", "out", "--max-deliveries", "10"], in: folder).status == 3)
        #expect(!names(in: out).contains { $0.hasPrefix(".") })
    }

    /// Two runs into one folder at once leave the files of one of them, every
    /// time (the second waits for the first).
    @Test func twoRunsIntoOneFolderLeaveOneRunsFiles() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let chat = try String(contentsOf: folder.appendingPathComponent("x.scenario"), encoding: .utf8)
        var references: [[String: Data]] = []
        for run in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(run)/ref"), withIntermediateDirectories: true)
            let text = chat.replacingOccurrences(of: "scenario \"Chat\"", with: "scenario \"Run \(run)\"")
            #expect(text != chat)
            try text.write(to: folder.appendingPathComponent("\(run)/x.scenario"), atomically: true, encoding: .utf8)
            #expect(try files.mediate(["run", "\(run)/x.scenario", "--mediator", "all", "--output", "\(run)/ref"], in: folder).status == 0)
            references.append(try files.snapshot(folder.appendingPathComponent("\(run)/ref/x")))
        }
        let out = folder.appendingPathComponent("out/x")
        for trial in 1...10 {
            try? FileManager.default.removeItem(at: out)
            let runs = try ["a", "b"].map { try start(["run", "\($0)/x.scenario", "--mediator", "all", "--output", "out"], in: folder) }
            for run in runs { run.waitUntilExit() }
            #expect(runs.map(\.terminationStatus) == [0, 0])
            let written = try files.snapshot(out)
            #expect(references.contains(written), "trial \(trial): out/x mixes the files of both runs")
        }
    }

    /// `run --output` and `check --record` wait for another process's lock on
    /// the scenario's folder, say so, write nothing meanwhile, and start over when that process
    /// removed the folder (as a run that failed does).
    @Test(arguments: [
        ["run", "x.scenario", "--mediator", "all", "--output", "out"],
        ["check", "x.scenario", "--output", "out", "--record", "all"],
    ])
    func aWriterWaitsForTheFolderLock(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out/x")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let held = open(out.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(held, LOCK_EX) == 0)
        let process = try start(arguments, in: folder)
        let log = folder.appendingPathComponent("err.txt")
        let note = "note: another process is writing into 'out/x'; waiting for it to finish\n"
        let waiting = eventually { (try? String(contentsOf: log, encoding: .utf8)) == note || !process.isRunning }
        #expect(waiting && process.isRunning, "it should wait for the lock")
        #expect(names(in: out).isEmpty)
        rmdir(out.path)
        close(held)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: log, encoding: .utf8).hasPrefix(note))
        #expect(names(in: out).filter { $0.hasSuffix(".transcript") }.count == MediatorKind.allCases.count)
        #expect(!names(in: out).contains { $0.hasPrefix(".") })
    }

    /// A name of up to 255 bytes is written, whatever its temporary file's
    /// name would have been (ASCII, then a 2-byte letter that must not be cut in half).
    @Test(arguments: [String(repeating: "a", count: 241), String(repeating: "é", count: 123)])
    func initAndFmtWriteNamesOfUpTo255Bytes(stem: String) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(stem + ".scenario").path
        let err = StringOutput()
        #expect(
            InitCommand(name: folder.appendingPathComponent(stem).path).execute(standardOutput: StringOutput(), standardError: err) == 0)
        #expect(err.text.isEmpty)
        try "participant  A\nparticipant B\nA ->  B: \"hi\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(FormatCommand(paths: [path]).execute(standardOutput: StringOutput(), standardError: err) == 0)
        #expect(err.text.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "participant A\nparticipant B\nA -> B: \"hi\"\n")
        #expect(names(in: folder) == ["out", stem + ".scenario", "x.scenario"].sorted())
    }
}
