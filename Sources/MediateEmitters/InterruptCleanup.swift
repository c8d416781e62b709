import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What this process removes when SIGINT or SIGTERM ends it: the temporary file of every
/// ``AtomicFile`` not yet committed or discarded, and every output folder it created and has not
/// yet given up its lock on (removed only if empty, so nothing committed is lost).
///
/// This registry is global mutable state on purpose, since a signal is the whole process's; apart
/// from Graphviz's contexts it is the only such state. One lock guards it, and is held while a
/// path is created and registered, while files are renamed into place and unregistered, and
/// while the clean-up runs: a signal finds each path not yet created, registered, or committed,
/// never in between, and a scenario's files all in place or none.
///
/// The signal handler does only what is safe inside a handler: it writes the signal's number into
/// a pipe. A thread started with the handlers, which keeps both signals unblocked, reads it, takes
/// the lock (never held for more than a few system calls: an `open`, a `mkdir`, a scenario's
/// renames), removes what is registered, keeps the lock so that nothing new is created, and ends
/// the process by the same signal, which the shell shows as exit 130 (SIGINT) or 143 (SIGTERM)
/// and which stops a script's loop as an uncaught Ctrl-C does.
package enum InterruptCleanup {
    package struct Pending {
        package var files: Set<String> = []
        /// In the order they were created.
        package var folders: [String] = []
        /// Folders already swept of stale temporary files by this process (see ``AtomicFile``).
        package var swept: Set<String> = []
    }

    // A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer does not see the
    // latter's futex on Linux. Guards `pending`.
    nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    nonisolated(unsafe) private static var pending = Pending()
    /// The pipe's end the signal handler writes to; -1 until the handlers are installed.
    nonisolated(unsafe) fileprivate static var signalPipe: Int32 = -1

    /// Runs `body` on the registry, holding its lock.
    package static func withLock<Result>(_ body: (inout Pending) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&pending)
    }

    /// Makes SIGINT and SIGTERM clean up before they end the process; a signal the process was
    /// started ignoring (a script's background job ignores SIGINT) stays ignored. For the
    /// command line: call once, before anything is written.
    package static func installSignalHandlers() {
        var ends: [Int32] = [0, 0]
        guard signalPipe < 0, pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reader = ends[0]
        signalPipe = ends[1]
        Thread {
            // Taken by this thread at least, even when the process was started with them blocked
            // (a Swift program's dispatch threads block them, and spawned processes inherit that).
            var handled = sigset_t()
            sigemptyset(&handled)
            for number in [SIGINT, SIGTERM] { sigaddset(&handled, number) }
            pthread_sigmask(SIG_UNBLOCK, &handled, nil)
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {
                if errno != EINTR { return }
            }
            cleanUp(andRaise: Int32(number))
        }.start()
        for number in [SIGINT, SIGTERM] {
            let previous = signal(number, forwardToCleanup)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(number, SIG_IGN) }
        }
    }

    /// Removes every registered path, then ends the process by `number`, never returning the lock.
    private static func cleanUp(andRaise number: Int32) -> Never {
        pthread_mutex_lock(mutex)
        for file in pending.files { unlink(file) }
        for folder in pending.folders.reversed() { rmdir(folder) }
        signal(number, SIG_DFL)
        raise(number)
        _exit(128 + number)
    }
}

/// The handler of SIGINT and SIGTERM: passes the signal's number to the clean-up thread.
private let forwardToCleanup: @convention(c) (Int32) -> Void = { number in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(InterruptCleanup.signalPipe, &byte, 1)
    errno = saved
}
