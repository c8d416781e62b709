import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A process started for one piece of work: it reads `input` on standard input, shares standard
/// output and error with this process, and writes its answer to file descriptor 3.
struct ChildProcess {
    /// How the process ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Why this process ended the child before it finished.
    enum Cut: Equatable {
        /// It ran past its deadline.
        case timedOut
        /// What it was working on changed (`isStale` said so).
        case stale
    }

    /// Why a process could not be started.
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` (the first is its name) until it ends; returns what it
    /// wrote to file descriptor 3, how it ended, and why it was cut short if it was. The first
    /// time `stop` becomes readable, the process gets SIGTERM (a terminal's Ctrl-C reaches it by
    /// itself); so it does at `deadline` (cut: `.timedOut`), and when `events` is readable and
    /// `isStale`, called then, says its work is out of date (cut: `.stale`). Its answer is still
    /// read to the end; a process that outlives SIGTERM by ``killDelay`` gets SIGKILL. Needs
    /// SIGPIPE ignored, as the executable (`mediate`, a designs tool) sets it.
    static func run(
        _ executable: String, arguments: [String], input: [UInt8], stop: Int32,
        deadline: ContinuousClock.Instant? = nil, events: Int32 = -1, isStale: () -> Bool = { false }
    ) throws(StartFailure) -> (answer: [UInt8], ending: Ending, cut: Cut?) {
        let request = try Self.makePipe()
        let answer: (read: Int32, write: Int32)
        do { answer = try Self.makePipe() } catch {
            close(request.read)
            close(request.write)
            throw error
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // No signal blocked, and SIGTERM (what a stop sends) as by default, whatever the thread
        // that starts it blocks or this process ignores; SIGPIPE stays as it is (ignored).
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var terminate = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &terminate)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // Both pipes are close-on-exec, and at descriptors above 3: the copies made here are not.
        posix_spawn_file_actions_adddup2(&actions, request.read, 0)
        posix_spawn_file_actions_adddup2(&actions, answer.write, 3)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        close(request.read)
        close(answer.write)
        guard status == 0 else {
            close(request.write)
            close(answer.read)
            throw StartFailure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        _ = fcntl(request.write, F_SETFL, fcntl(request.write, F_GETFL) | O_NONBLOCK)

        var pending = input[...]
        var requestOpen = true
        var stopWatched = true
        var eventsWatched = events >= 0
        var cut: Cut?
        // When SIGTERM was sent, if it was: SIGKILL follows ``killDelay`` later.
        var terminated: ContinuousClock.Instant?
        var killed = false
        func sendTerminate() {
            guard terminated == nil else { return }
            kill(pid, SIGTERM)
            terminated = .now
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func closeRequest() {
            if requestOpen { close(request.write) }
            requestOpen = false
        }
        if pending.isEmpty { closeRequest() }
        reading: while true {
            var entries = [pollfd(fd: answer.read, events: Int16(POLLIN), revents: 0)]
            if requestOpen { entries.append(pollfd(fd: request.write, events: Int16(POLLOUT), revents: 0)) }
            if stopWatched { entries.append(pollfd(fd: stop, events: Int16(POLLIN), revents: 0)) }
            if eventsWatched { entries.append(pollfd(fd: events, events: Int16(POLLIN), revents: 0)) }
            let wake = killed ? nil : terminated.map { $0 + Self.killDelay } ?? deadline
            let ready = poll(&entries, nfds_t(entries.count), wake.map(Self.milliseconds(until:)) ?? -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if !killed, let killAt = terminated.map({ $0 + Self.killDelay }), ContinuousClock.now >= killAt {
                kill(pid, SIGKILL)
                killed = true
            } else if terminated == nil, let deadline, ContinuousClock.now >= deadline {
                cut = .timedOut
                sendTerminate()
            }
            for entry in entries.dropFirst() where entry.revents != 0 {
                if entry.fd == stop {
                    sendTerminate()
                    stopWatched = false
                } else if entry.fd == events {
                    if isStale(), terminated == nil {
                        cut = .stale
                        sendTerminate()
                    }
                    if terminated != nil { eventsWatched = false }
                } else {
                    let written = pending.withUnsafeBytes { write(request.write, $0.baseAddress, min($0.count, 1 << 16)) }
                    if written > 0 {
                        pending = pending.dropFirst(written)
                    } else if written < 0, errno != EAGAIN, errno != EINTR {
                        pending = []  // The process stopped reading (it ended, or had no use for the rest).
                    }
                    if pending.isEmpty { closeRequest() }
                }
            }
            if entries[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(answer.read, $0.baseAddress, $0.count) }
                if count > 0 {
                    output += buffer[..<count]
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    break reading
                }
            }
        }
        closeRequest()
        close(answer.read)
        var code: Int32 = 0
        while waitpid(pid, &code, 0) < 0, errno == EINTR {}
        // WIFEXITED and WTERMSIG are C macros: the low seven bits are the signal, 0 when it exited.
        let signal = code & 0x7F
        return (output, signal == 0 ? .exited((code >> 8) & 0xFF) : .signaled(signal), cut)
    }

    /// How long a process cut short may take to end after SIGTERM (removing what it had half
    /// written) before it gets SIGKILL.
    static let killDelay = Duration.seconds(5)

    /// The milliseconds from now until `instant`, rounded up, 0 once it has passed: a poll's timeout.
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(min(Int64(Int32.max), seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }

    /// A pipe whose two ends are close-on-exec and above descriptor 3, so that moving them to
    /// 0 and 3 in the new process always makes new descriptors there. (Made close-on-exec after
    /// `pipe`, not atomically: `pipe2` is not visible from Swift on glibc. A process started by
    /// another thread in between would hold the ends too; a watch starts one process at a time.)
    private static func makePipe() throws(StartFailure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw StartFailure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        defer {
            close(ends[0])
            close(ends[1])
        }
        let read = fcntl(ends[0], F_DUPFD_CLOEXEC, 4)
        let write = fcntl(ends[1], F_DUPFD_CLOEXEC, 4)
        guard read >= 0, write >= 0 else {
            if read >= 0 { close(read) }
            if write >= 0 { close(write) }
            throw StartFailure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return (read, write)
    }
}
