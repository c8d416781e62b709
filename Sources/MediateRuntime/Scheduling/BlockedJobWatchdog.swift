import Dispatch

/// Watches a scheduler's run from a Dispatch timer: once the same job has been running for
/// `limit` of real time (a blocking wait on work that only the scheduler's thread can run), it
/// reports that job once. The run's thread cannot be taken back, so reporting is all it can do.
final class BlockedJobWatchdog {
    private let timer: any DispatchSourceTimer
    /// A queue of its own: Dispatch gives it a thread even when every thread of the global queues is
    /// blocked, which is when a watchdog is needed.
    private static let queue = DispatchQueue(label: "mediate.scheduler.watchdog")

    /// Starts watching: every tenth of `limit` (at least 10 ms) it reads `running` (the sequence of
    /// the job running, nil between jobs), and calls `report` with the time a job has been running
    /// once that reaches `limit`.
    init(limit: Duration, running: @escaping @Sendable () -> Int?, report: @escaping @Sendable (Duration) -> Void) {
        let tick = max(limit / 10, .milliseconds(10))
        let timer = DispatchSource.makeTimerSource(queue: Self.queue)
        // Touched only by the timer's handler, which Dispatch never runs twice at once.
        nonisolated(unsafe) var watched: (job: Int, ticks: Int, reported: Bool)?
        timer.setEventHandler {
            guard let job = running() else {
                watched = nil
                return
            }
            if watched?.job != job { watched = (job, 0, false) }
            watched?.ticks += 1
            if let seen = watched, !seen.reported, tick * seen.ticks >= limit {
                watched?.reported = true
                report(tick * seen.ticks)
            }
        }
        let interval = DispatchTimeInterval.nanoseconds(
            Int(tick.components.seconds * 1_000_000_000 + tick.components.attoseconds / 1_000_000_000))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.resume()
        self.timer = timer
    }

    deinit {
        timer.cancel()
    }
}
