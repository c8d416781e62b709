import Foundation
package import MediateKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `mediate watch`: runs scenarios again each time they are saved, as `run`, `check` and
/// `report` would, until stopped.
///
/// It waits on the file system's own change events (see docs/GUIDE.md, "mediate watch"), gathers an
/// editor's burst of events into one change, and for each scenario that changed: runs it as
/// ``RunCommand`` does (transcripts on standard output, or files under ``outputFolder``),
/// compares it with the goldens in ``goldensFolder`` as ``CheckCommand`` does when one is given,
/// and hands the report page of every watched file, as ``ReportCommand`` writes it, to
/// ``publishReport`` when one is set. One status line per changed file goes to standard output.
/// A file with errors, deleted or renamed away is reported, and watched for until it comes back.
package struct WatchCommand: Sendable {
    /// Scenario files, or folders watched for the `.scenario` files under them.
    package var paths: [String]
    /// nil: each scenario's own design.
    package var mediator: MediatorChoice?
    /// The designs scenarios may name and run under.
    package var designs: DesignRegistry
    /// When set, each run writes its files here as `run --output` does, instead of printing its
    /// transcript.
    package var outputFolder: String?
    /// When set, each changed scenario is compared with the goldens in this folder, as
    /// `check --output` does (never recording).
    package var goldensFolder: String?
    /// The limits every run stops at.
    package var limits: RunLimits
    /// How errors are written to standard error.
    package var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    package var colors: ColorPolicy = .none
    /// What ends the watch.
    package var stop: WatchStop
    /// When set, receives the report page after every change (and once at the start); the runs'
    /// transcripts are then not printed.
    package var publishReport: (@Sendable (String) -> Void)?
    /// When set, each change runs in a new process of this executable, started as
    /// `EXECUTABLE watch-change` (a hidden command of every `mediate` command line), which ends
    /// with the change: what a run leaves behind (what a design keeps, the memory Graphviz 2.42
    /// never frees after laying out clusters) never adds up in the watch, and a run that crashes
    /// ends only its own process. nil: changes run in this process. Needs SIGPIPE ignored (as
    /// `mediate`'s main.swift sets it): a process that ends early closes the pipe its change was sent on.
    package var changeExecutable: String?
    /// The longest a change may run in a process of its own (see ``changeExecutable``): then the
    /// process is stopped, and its files' status lines say so. A newer save of a file the change
    /// runs stops it too, and the change runs again. ``defaultTimeout`` unless set.
    package var timeout: Duration = .seconds(Self.defaultTimeout)

    /// The time limit of a change, in seconds, unless told otherwise (`--timeout`): ten times
    /// what 10,000,000 deliveries take here.
    package static let defaultTimeout: Double = 60

    /// A watch of `paths` until `stop`.
    package init(
        paths: [String], mediator: MediatorChoice? = nil, designs: DesignRegistry, outputFolder: String? = nil,
        goldensFolder: String? = nil, limits: RunLimits = RunLimits(), diagnosticFormat: DiagnosticFormat = .text,
        stop: WatchStop, publishReport: (@Sendable (String) -> Void)? = nil
    ) {
        self.paths = paths
        self.mediator = mediator
        self.designs = designs
        self.outputFolder = outputFolder
        self.goldensFolder = goldensFolder
        self.limits = limits
        self.diagnosticFormat = diagnosticFormat
        self.stop = stop
        self.publishReport = publishReport
    }

    /// Watches until ``stop`` and returns 0; 2 at once when a path cannot be watched (a folder
    /// that does not exist, a file whose folder does not), or later when a watched folder goes
    /// away; 3 when the file system's events cannot be read.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        if case .kind(let kind) = mediator, designs.design(kind) == nil {
            standardError.write(DesignRegistry.unknownDesignMessage(kind.rawValue, in: designs))
            try? standardError.flush()
            return 2
        }
        var watch = Watch(command: self, standardOutput: standardOutput, standardError: standardError)
        let code = watch.run()
        try? standardOutput.flush()
        try? standardError.flush()
        return code
    }
}

/// What a watch keeps between changes: the roots, the events, and each file's last state.
private struct Watch {
    let command: WatchCommand
    let standardOutput: any TextOutput
    let standardError: any TextOutput
    /// Folders watched with every `.scenario` file under them, without a trailing slash.
    var folderRoots: [String] = []
    /// Files watched by name, as given.
    var fileRoots: Set<String> = []
    /// The folders that hold the roots: when one goes, the watch ends.
    var rootFolders: Set<String> = []
    /// Each scenario's state when it last ran (nil: missing), so an event that changed nothing
    /// runs nothing, and a file that went away is reported once.
    var known: [String: FileStamp] = [:]
    /// 150 ms of quiet before a change runs, 2 s at most while events keep coming.
    var debouncer = ChangeDebouncer()
    /// The files of a change that was stopped because one of them was saved again: each runs
    /// again, changed or not.
    var again: Set<String> = []
    /// The watch's exit code, when the events read while a change ran said it must end.
    var ending: Int32?
    /// The file system's events, once the watch has started.
    var events: FileEvents?

    init(command: WatchCommand, standardOutput: any TextOutput, standardError: any TextOutput) {
        self.command = command
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    mutating func run() -> Int32 {
        let events: FileEvents
        do { events = try FileEvents() } catch {
            return fail("error: \(error)\n", code: 3)
        }
        self.events = events
        var first: [String] = []
        for path in command.paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
                folderRoots.append(folder)
                rootFolders.insert(folder)
                do { try watchTree(folder, events: events) } catch {
                    return fail("error: \(error)\n", code: 2)
                }
                let found = ScenarioFiles([folder], sorted: true)
                standardError.write(found.notes)
                first += found.paths
            } else {
                let parent = OutputFolder.parent(of: path)
                guard FileManager.default.fileExists(atPath: parent.isEmpty ? "." : parent, isDirectory: &isFolder),
                    isFolder.boolValue
                else {
                    return fail(
                        "error: cannot watch '\(path.visible())': the folder it would be in does not exist\n"
                            + "help: give a scenario file in a folder that exists, or a folder\n", code: 2)
                }
                do { try events.watch(folder: parent) } catch {
                    return fail("error: \(error)\n", code: 2)
                }
                fileRoots.insert(path)
                rootFolders.insert(parent)
                first.append(path)
            }
        }
        handle(Array(NSOrderedSet(array: first)) as? [String] ?? first, initial: true)

        var entries = [
            pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: command.stop.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if let code = ending { return code }
            let ready = poll(&entries, 2, debouncer.pollTimeout(at: .now))
            if ready < 0, errno != EINTR {
                return fail("error: cannot wait for file system events: \(String(cString: strerror(errno)))\n", code: 3)
            }
            if entries[1].revents != 0 { return 0 }
            if ready > 0, entries[0].revents != 0 {
                if let code = take(events) { return code }
            }
            let batch = debouncer.take(at: .now)
            if !batch.isEmpty { handle(batch, initial: false) }
        }
    }

    /// Reads the events that are waiting and records the changes they make; an exit code when the
    /// watch must end (a watched folder went away).
    private mutating func take(_ events: FileEvents) -> Int32? {
        let now = ContinuousClock.now
        for event in events.read() {
            switch event {
            case .changed(let path):
                if isWatched(path) { debouncer.record(path, at: now) }
            case .folderAdded(let folder):
                guard folderRoots.contains(where: { Self.isInside(folder, $0) }) else { continue }
                try? watchTree(folder, events: events)
                for path in ScenarioFiles([folder], sorted: true).paths where isWatched(path) {
                    debouncer.record(path, at: now)
                }
            case .folderRemoved(let folder):
                if rootFolders.contains(folder) {
                    return fail("error: the watched folder '\(folder.visible())' was removed or renamed; the watch ends\n", code: 2)
                }
                for path in known.keys.sorted() where Self.isInside(path, folder) { debouncer.record(path, at: now) }
            case .overflow:
                for path in known.keys.sorted() { debouncer.record(path, at: now) }
                for path in ScenarioFiles(folderRoots, sorted: true).paths + fileRoots.sorted() {
                    debouncer.record(path, at: now)
                }
            }
        }
        return nil
    }

    /// Watches `folder` and every folder under it.
    private func watchTree(_ folder: String, events: FileEvents) throws {
        try events.watch(folder: folder)
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return }
        while let relative = enumerator.nextObject() as? String {
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
                try? events.watch(folder: FileEvents.join(folder, relative))
            }
        }
    }

    /// Whether a change to `path` concerns the watch: a file given by name, or a `.scenario` file
    /// under a watched folder (an editor's lock file, `.#NAME.scenario`, is not one).
    private func isWatched(_ path: String) -> Bool {
        if fileRoots.contains(path) { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasSuffix(".scenario"), !name.hasPrefix(".#") else { return false }
        // A symbolic link in a watched folder is not followed, as in every folder walk (see ScenarioFiles).
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK { return false }
        return folderRoots.contains { Self.isInside(path, $0) }
    }

    /// Runs, checks and reports what changed in `batch`; one status line for each file.
    private mutating func handle(_ batch: [String], initial: Bool) {
        var files: [WatchChange.File] = []
        for path in batch {
            let stamp = FileStamp(path: path)
            let stopped = again.remove(path) != nil
            guard initial || stopped || stamp != known[path] else { continue }
            // A file that is gone is forgotten: names that come and go keep no memory.
            known[path] = stamp
            files.append(WatchChange.File(path: path, present: stamp != nil))
        }
        guard initial || !files.isEmpty else { return }
        let change = WatchChange(
            command: command, files: files, initial: initial,
            reportPaths: command.publishReport == nil ? nil : folderRoots + fileRoots.sorted())
        let result: WatchChange.Result
        if let executable = command.changeExecutable {
            result = runInChild(change, executable: executable)
        } else {
            result = change.perform(designs: command.designs, standardOutput: standardOutput, standardError: standardError)
        }
        if let page = result.page, let publish = command.publishReport { publish(page) }
        standardOutput.write(result.statusLines)
        try? standardOutput.flush()
        try? standardError.flush()
    }

    /// Performs `change` in a new process of `executable`, for ``WatchCommand/timeout`` at most,
    /// and stopped when one of its files is saved again (it then runs again, in full). When the
    /// process does not finish, no page, and a status line for each file saying how it ended.
    private mutating func runInChild(_ change: WatchChange, executable: String) -> WatchChange.Result {
        try? standardOutput.flush()
        try? standardError.flush()
        let input = (try? JSONEncoder().encode(change)).map { [UInt8]($0) } ?? []
        let name = executable.split(separator: "/").last.map(String.init) ?? executable
        let what: String
        do {
            let (answer, ending, cut) = try ChildProcess.run(
                executable, arguments: [name, "watch-change"], input: input, stop: command.stop.descriptor,
                deadline: .now + command.timeout, events: events?.descriptor ?? -1
            ) { isStale(change) }
            switch (ending, cut) {
            case (_, .timedOut):
                what = "its run took longer than \(Self.seconds(command.timeout)) (--timeout) and was stopped"
            case (_, .stale):
                // Every file of the change runs again, the ones not saved again too.
                for file in change.files {
                    again.insert(file.path)
                    debouncer.record(file.path, at: .now)
                }
                let lines = change.files.map { WatchChange.statusLine($0.path, "its run was stopped: saved again; running it again") }
                return WatchChange.Result(statusLines: Self.afterCut + lines.joined(), page: nil)
            case (.exited(0), nil):
                return WatchChange.Result(answer: answer, withPage: change.reportPaths != nil)
            case (.signaled(let signal), nil) where command.stop.isStopped && (signal == SIGTERM || signal == SIGINT):
                return WatchChange.Result(statusLines: "", page: nil)
            case (.signaled(let signal), nil):
                what = "its run ended by signal \(signal) (\(String(cString: strsignal(signal))))"
            case (.exited(let code), nil):
                what = "its run ended with exit code \(code)"
            }
        } catch {
            let lines = change.files.map {
                WatchChange.statusLine($0.path, "its run could not start (\(error)); watching for the next change")
            }
            return WatchChange.Result(statusLines: lines.joined(), page: nil)
        }
        let lines = change.files.map { WatchChange.statusLine($0.path, "\(what); watching for the next change") }
        return WatchChange.Result(statusLines: Self.afterCut + lines.joined(), page: nil)
    }

    /// What goes before the status of a run that did not end by itself: it writes to the watch's
    /// own standard output and may have been cut in the middle of a line, so the status starts
    /// on a line of its own (after an empty one, when the run had ended its line).
    static let afterCut = "\n"

    /// Reads the events that came while `change` ran: whether one of its files has changed since
    /// (the change is then out of date). An event that ends the watch is kept for after it.
    private mutating func isStale(_ change: WatchChange) -> Bool {
        if let events, ending == nil { ending = take(events) }
        return change.files.contains { FileStamp(path: $0.path) != known[$0.path] }
    }

    /// `seconds` as a status line writes it: `60 s`, `0.5 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%g s", Double(seconds) + Double(attoseconds) / 1e18)
    }

    private func fail(_ message: String, code: Int32) -> Int32 {
        standardError.write(message)
        try? standardError.flush()
        return code
    }

    /// Whether `path` is `folder` or under it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder.isEmpty || folder == "." || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

/// What `stat` says of a file, enough to tell that it changed: a new inode (saved by rename),
/// a new size or time. nil for a missing file.
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
    }
}

/// An output that keeps nothing: a run's transcript when the page shows it instead.
final class DiscardingOutput: TextOutput {
    func write(_ text: String) {}
    func write(utf8 bytes: UnsafeRawBufferPointer) {}
    func write(count: Int, _ fill: (UnsafeMutableRawPointer) -> Void) {}
    func flush() {}
}

extension WatchCommand: TerminalCommand {}
