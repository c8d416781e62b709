import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What ends a ``WatchCommand``: ``stop()``, or SIGINT or SIGTERM once ``stopOnSignals()`` has
/// been called.
///
/// The first SIGINT or SIGTERM asks the watch to stop when its current run is over; the command
/// line then shuts its server down and ends the process by that signal (exit 130 or 143, as every
/// `mediate` command does). A second signal, if the run does not end, is handled as by any other
/// command: what is half written is removed and the process ends at once.
package final class WatchStop: Sendable {
    /// Readable once the watch should stop.
    let descriptor: Int32
    private let writer: Int32

    /// A stop that nothing has triggered yet.
    package init() {
        var ends: [Int32] = [0, 0]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        descriptor = ends[0]
        writer = ends[1]
    }

    deinit {
        // The signal handlers may still hold the writing end: it stays open for the process.
        if WatchStop.signalWriter != writer {
            close(writer)
            close(descriptor)
        }
    }

    /// Asks the watch to stop once its current run is over.
    package func stop() {
        var byte: UInt8 = 0
        _ = write(writer, &byte, 1)
    }

    /// Whether ``stop()`` was called or a signal came.
    package var isStopped: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// The signal that stopped the watch, if one did.
    package var signal: Int32? {
        let number = WatchStop.received
        return number == 0 ? nil : number
    }

    /// Makes the first SIGINT or SIGTERM trigger this stop; a signal the process was started
    /// ignoring stays ignored. For the command line: call once.
    package func stopOnSignals() {
        WatchStop.signalWriter = writer
        for number in [SIGINT, SIGTERM] {
            let previous = setSignalHandler(number, stopOnSignal)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = setSignalHandler(number, SIG_IGN)
            } else {
                WatchStop.previousHandlers[Int(number)] = previous
            }
        }
    }

    /// Ends the process by the signal that stopped the watch, as an uncaught signal would (the
    /// shell shows 130 or 143); returns when no signal did.
    package func endBySignal() {
        guard let number = signal else { return }
        _ = setSignalHandler(number, SIG_DFL)
        raise(number)
        _exit(128 + number)
    }

    // Written before the handlers are installed, read inside them.
    nonisolated(unsafe) fileprivate static var signalWriter: Int32 = -1
    nonisolated(unsafe) fileprivate static var received: Int32 = 0
    nonisolated(unsafe) fileprivate static var previousHandlers = [SignalHandler?](repeating: nil, count: 32)
}

private typealias SignalHandler = @convention(c) (Int32) -> Void

/// `signal(2)`, out of reach of ``WatchStop/signal``'s name.
@discardableResult
private func setSignalHandler(_ number: Int32, _ handler: SignalHandler?) -> SignalHandler? {
    signal(number, handler)
}

/// The handler of the first SIGINT or SIGTERM: notes it, wakes the watch, and gives the signal
/// back to the handler it replaced (the clean-up of a half-written run) for the next time.
private let stopOnSignal: @convention(c) (Int32) -> Void = { number in
    let saved = errno
    if WatchStop.received == 0 { WatchStop.received = number }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(WatchStop.signalWriter, &byte, 1)
    for other in [SIGINT, SIGTERM] {
        if let previous = WatchStop.previousHandlers[Int(other)] { _ = setSignalHandler(other, previous) }
    }
    errno = saved
}
