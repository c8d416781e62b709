/// Gathers the paths the file system reports changed into one batch per save.
///
/// An editor's save is several events (a write, a close, a rename over the old file, an
/// attribute change), and a program writing a large file sends one event per write. The batch is
/// due once no event has come for ``quiet``, or ``longest`` after its first event, whichever is
/// sooner, so a file that never stops changing is still run now and then. Time is given by the
/// caller, so the logic is tested without waiting.
package struct ChangeDebouncer {
    /// How long the file system must stay quiet before the batch is due.
    package var quiet: Duration
    /// How long after its first event a batch is due at the latest.
    package var longest: Duration
    /// The paths changed since the last batch, each once, in the order first seen.
    package private(set) var pending: [String] = []
    private var seen: Set<String> = []
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?

    /// A debouncer due `quiet` after the last event, `longest` after the first at the latest.
    package init(quiet: Duration = .milliseconds(150), longest: Duration = .seconds(2)) {
        self.quiet = quiet
        self.longest = max(quiet, longest)
    }

    /// Notes that `path` changed at `now`.
    package mutating func record(_ path: String, at now: ContinuousClock.Instant) {
        if seen.insert(path).inserted { pending.append(path) }
        if first == nil { first = now }
        last = now
    }

    /// When the batch is due, or nil when nothing is pending (wait for the next event then).
    package var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + longest)
    }

    /// The batch, if it is due at `now`, and the debouncer starts a new one; else nothing.
    package mutating func take(at now: ContinuousClock.Instant) -> [String] {
        guard let deadline, now >= deadline else { return [] }
        defer {
            pending = []
            seen = []
            first = nil
            last = nil
        }
        return pending
    }

    /// How long a wait for events may last from `now`: until the deadline, or -1 (for `poll`:
    /// until an event) when nothing is pending. In milliseconds, rounded up.
    package func pollTimeout(at now: ContinuousClock.Instant) -> Int32 {
        guard let deadline else { return -1 }
        let left = now.duration(to: deadline)
        if left <= .zero { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
