import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit
@testable import MediateWatch

/// The watch's debounce (one run per save, however many events it takes) and its file events.
@Suite struct WatchDebounceTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func nothingPendingWaitsForAnEvent() {
        var debouncer = ChangeDebouncer(quiet: .milliseconds(100), longest: .seconds(1))
        #expect(debouncer.deadline == nil)
        #expect(debouncer.pollTimeout(at: at(0)) == -1)
        #expect(debouncer.take(at: at(10_000)).isEmpty)
    }

    @Test func aBurstIsOneBatchOnceQuiet() {
        // An editor's save: write, close, rename over, attributes: several events, one file.
        var debouncer = ChangeDebouncer(quiet: .milliseconds(100), longest: .seconds(1))
        debouncer.record("a.scenario", at: at(0))
        debouncer.record("a.scenario", at: at(5))
        debouncer.record("b.scenario", at: at(20))
        debouncer.record("a.scenario", at: at(30))
        #expect(debouncer.take(at: at(129)).isEmpty)
        #expect(debouncer.pollTimeout(at: at(29)) == 101)
        #expect(debouncer.take(at: at(130)) == ["a.scenario", "b.scenario"])
        #expect(debouncer.deadline == nil)
        #expect(debouncer.take(at: at(1_000)).isEmpty)
    }

    @Test func eventsThatNeverStopStillRunNowAndThen() {
        var debouncer = ChangeDebouncer(quiet: .milliseconds(100), longest: .seconds(1))
        var batches: [[String]] = []
        for time in stride(from: 0, through: 2_500, by: 50) {
            let batch = debouncer.take(at: at(time))
            if !batch.isEmpty { batches.append(batch) }
            debouncer.record("big.scenario", at: at(time))
        }
        #expect(batches == [["big.scenario"], ["big.scenario"]])
    }

    @Test func timeoutRoundsUpAndNeverGoesNegative() {
        var debouncer = ChangeDebouncer(quiet: .microseconds(1_500), longest: .seconds(1))
        debouncer.record("a", at: at(0))
        #expect(debouncer.pollTimeout(at: at(0)) == 2)
        #expect(debouncer.pollTimeout(at: at(5)) == 0)
    }

    @Test func longestIsNeverShorterThanQuiet() {
        let debouncer = ChangeDebouncer(quiet: .seconds(3), longest: .seconds(1))
        #expect(debouncer.longest == .seconds(3))
    }

    @Test func watchPathsAreJoinedAsGiven() {
        #expect(FileEvents.join("", "a.scenario") == "a.scenario")
        #expect(FileEvents.join("Scenarios", "a.scenario") == "Scenarios/a.scenario")
        #expect(FileEvents.join("/", "a.scenario") == "/a.scenario")
        #expect(OutputFolder.parent(of: "a.scenario") == "")
        #expect(OutputFolder.parent(of: "/a.scenario") == "/")
        #expect(OutputFolder.parent(of: "x/y/a.scenario") == "x/y")
    }
}

/// The file system's events as FileEvents reports them: a save by rename, a delete, a folder.
@Suite struct FileEventsTests {
    /// Reads events until `expected` is among them, waiting on the descriptor (up to 30 s).
    func events(_ watch: FileEvents, until expected: FileEvents.Event) -> [FileEvents.Event] {
        var seen: [FileEvents.Event] = []
        let end = ContinuousClock.now + .seconds(30)
        while !seen.contains(expected), ContinuousClock.now < end {
            var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 1_000)
            seen += watch.read()
        }
        return seen
    }

    func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "mediate-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    @Test func saveByRenameIsAChangeOfTheName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "scenario \"A\"\n".write(toFile: folder + "/a.scenario", atomically: false, encoding: .utf8)
        let watch = try FileEvents()
        try watch.watch(folder: folder)
        #expect(watch.read().isEmpty)
        // As vim and many editors save: a new file, renamed over the old one.
        try "scenario \"B\"\n".write(toFile: folder + "/.a.scenario.tmp", atomically: false, encoding: .utf8)
        #expect(rename(folder + "/.a.scenario.tmp", folder + "/a.scenario") == 0)
        #expect(events(watch, until: .changed(folder + "/a.scenario")).contains(.changed(folder + "/a.scenario")))
    }

    @Test func deleteAndFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x".write(toFile: folder + "/a.scenario", atomically: false, encoding: .utf8)
        let watch = try FileEvents()
        try watch.watch(folder: folder)
        unlink(folder + "/a.scenario")
        #expect(events(watch, until: .changed(folder + "/a.scenario")).contains(.changed(folder + "/a.scenario")))
        mkdir(folder + "/sub", 0o755)
        #expect(events(watch, until: .folderAdded(folder + "/sub")).contains(.folderAdded(folder + "/sub")))
        try watch.watch(folder: folder + "/sub")
        rmdir(folder + "/sub")
        #expect(events(watch, until: .folderRemoved(folder + "/sub")).contains(.folderRemoved(folder + "/sub")))
    }
}

/// Ignores SIGPIPE in the test process, as `mediate`'s main.swift does and as a child process's
/// pipe needs (`ChildProcess.run`, `WatchCommand.changeExecutable`): input a child never reads,
/// or a change written to a child stopped before it read it, goes to a closed pipe, and that
/// write would otherwise end the test process. Each suite that runs a child calls it in `init`.
private func ignoreSIGPIPE() {
    signal(SIGPIPE, SIG_IGN)
}

/// The process each change of a watch runs in, driven through `/bin/sh`.
@Suite struct ChildProcessTests {
    init() { ignoreSIGPIPE() }

    func run(_ script: String, input: [UInt8] = [], stop: WatchStop = WatchStop()) throws -> (answer: [UInt8], ending: ChildProcess.Ending)
    {
        let (answer, ending, _) = try ChildProcess.run("/bin/sh", arguments: ["sh", "-c", script], input: input, stop: stop.descriptor)
        return (answer, ending)
    }

    @Test func answersOnDescriptorThreeWhatItReadsOnStandardInput() throws {
        // Four times what a pipe holds, both ways: neither side may wait for the other.
        let input = (0..<(1 << 18)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let (answer, ending) = try run("cat >&3", input: input)
        #expect(ending == .exited(0))
        #expect(answer == input)
    }

    @Test func reportsHowItEnded() throws {
        #expect(try run("echo partial >&3; exit 3") == (Array("partial\n".utf8), .exited(3)))
        #expect(try run("kill -KILL $$").ending == .signaled(SIGKILL))
        // Input it never reads is dropped, not waited on.
        #expect(try run("exit 0", input: [UInt8](repeating: 1, count: 1 << 20)).ending == .exited(0))
    }

    @Test func aStopSendsSIGTERM() throws {
        let stop = WatchStop()
        stop.stop()
        #expect(try run("exec sleep 600", stop: stop).ending == .signaled(SIGTERM))
    }

    /// A change that never ends held the watch until it did.
    @Test func aDeadlineStopsARunThatNeverEnds() throws {
        let stop = WatchStop()
        let result = try ChildProcess.run(
            "/bin/sh", arguments: ["sh", "-c", "exec sleep 600"], input: [], stop: stop.descriptor, deadline: .now)
        #expect(result.ending == .signaled(SIGTERM))
        #expect(result.cut == .timedOut)
    }

    /// A newer save of a file the change runs stops it (the watch then runs the change again).
    @Test func aStaleChangeIsStopped() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        #expect(write(ends[1], "x", 1) == 1)
        var asked = 0
        let stop = WatchStop()
        let result = try ChildProcess.run(
            "/bin/sh", arguments: ["sh", "-c", "exec sleep 600"], input: [], stop: stop.descriptor, events: ends[0]
        ) {
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
            asked += 1
            return true
        }
        #expect(result.ending == .signaled(SIGTERM))
        #expect(result.cut == .stale)
        #expect(asked == 1)
    }

    /// Events that leave the change as it was do not stop it.
    @Test func eventsThatChangeNothingLetItFinish() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        #expect(write(ends[1], "x", 1) == 1)
        let input = Array("answer".utf8)
        let stop = WatchStop()
        let result = try ChildProcess.run(
            "/bin/sh", arguments: ["sh", "-c", "cat >&3"], input: input, stop: stop.descriptor, events: ends[0]
        ) {
            var byte: UInt8 = 0
            _ = read(ends[0], &byte, 1)
            return false
        }
        #expect(result.ending == .exited(0))
        #expect(result.cut == nil)
        #expect(result.answer == input)
    }

    @Test func aMissingExecutableIsAnErrorNotACrash() {
        #expect(throws: ChildProcess.StartFailure.self) {
            try ChildProcess.run("/nonexistent/mediate", arguments: ["mediate"], input: [], stop: WatchStop().descriptor)
        }
    }
}

/// A watch's first change, run in this process and in a process of the built `mediate`
/// (`changeExecutable`, as the command line runs it): the same status lines and the same page.
@Suite struct WatchChangeTests {
    init() { ignoreSIGPIPE() }

    func firstChange(of file: String, executable: String?) -> (status: String, page: String?) {
        let pages = Pages()
        let stop = WatchStop()
        // The watch ends after its first change, whose page it publishes. (A stop that comes while
        // a change runs in a process of its own ends that process.)
        var command = WatchCommand(
            paths: [file], designs: .reference, stop: stop,
            publishReport: { page in
                pages.append(page)
                stop.stop()
            })
        command.changeExecutable = executable
        let (out, err) = (StringOutput(), StringOutput())
        #expect(command.execute(standardOutput: out, standardError: err) == 0)
        #expect(err.text == "")
        // The clock of `[HH:MM:SS] PATH: WHAT` differs from run to run.
        let status = out.text.replacing(/^\[\d\d:\d\d:\d\d\]/.anchorsMatchLineEndings(), with: "[clock]")
        return (status, pages.all.count == 1 ? pages.all[0] : nil)
    }

    final class Pages: @unchecked Sendable {
        private let lock = NSLock()
        private var pages: [String] = []
        func append(_ page: String) { lock.withLock { pages.append(page) } }
        var all: [String] { lock.withLock { pages } }
    }

    /// An output that stops the watch once a status line has been written to it.
    final class StopAfterStatus: TextOutput, @unchecked Sendable {
        let stop: WatchStop
        private let lock = NSLock()
        private var written = ""
        init(stop: WatchStop) { self.stop = stop }
        func write(_ text: String) {
            lock.withLock { written += text }
            // A status line; one after a run that was cut short starts on a new line.
            if text.hasPrefix("[") || text.hasPrefix("\n[") { stop.stop() }
        }
        func flush() {}
        var text: String { lock.withLock { written } }
    }

    /// A change that would run for 40 minutes (1,000 participants and 10,000
    /// guards that never hold, under limits raised out of the way) is stopped at the time limit,
    /// and the watch says so and goes on.
    @Test func aChangePastItsTimeLimitIsStopped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-watch-timeout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("guards.scenario").path
        try ScenarioSources.neverTrueGuards(participants: 1_000, guards: 10_000, sends: 1_000)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let stop = WatchStop()
        var command = WatchCommand(
            paths: [file], designs: .reference, outputFolder: folder.appendingPathComponent("out").path,
            limits: RunLimits(maxDeliveries: .max, maxReactions: .max), stop: stop)
        command.changeExecutable = BuiltProducts.mediate.path
        command.timeout = .milliseconds(1)
        let out = StopAfterStatus(stop: stop)
        let err = StringOutput()
        #expect(command.execute(standardOutput: out, standardError: err) == 0)
        #expect(
            out.text.replacing(/^\[\d\d:\d\d:\d\d\]/.anchorsMatchLineEndings(), with: "[clock]")
                == "\n[clock] \(file): its run took longer than 0.001 s (--timeout) and was stopped; watching for the next change\n")
    }

    @Test func inAProcessOfItsOwnAsHere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-watch-change-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/musketeers.scenario"), to: folder.appendingPathComponent("m.scenario"))
        let file = folder.appendingPathComponent("m.scenario").path
        let here = firstChange(of: file, executable: nil)
        let child = firstChange(of: file, executable: BuiltProducts.mediate.path)
        #expect(here.status == "[clock] \(file): ok; page updated\n")
        #expect(child.status == here.status)
        let page = try #require(here.page)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(child.page == page)
    }
}

/// The status line, on standard output, said "has errors (above)" while the errors
/// went to standard error.
@Suite struct WatchStatusLineTests {
    @Test(arguments: [Int32(2), 3])
    func sendsToStandardErrorWhatIsThere(code: Int32) {
        let outcome = WatchChange.outcome(code)
        #expect(!outcome.contains("above"))
        #expect(outcome.contains("standard error"))
    }

    /// A file named with a terminal escape is shown escaped in the status line.
    @Test func aWatchStatusLineEscapesThePath() {
        let line = WatchChange.statusLine("a\u{1B}[2J.scenario", "ran")
        #expect(line.hasSuffix("] a\\u{1B}[2J.scenario: ran\n"))
    }
}
