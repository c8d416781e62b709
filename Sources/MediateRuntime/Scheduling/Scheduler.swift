import Foundation
@_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs every Swift-concurrency job of the work started on it, one at a time on the thread that
/// calls ``runUntilQuiescent(jobBudget:timeLimit:)``, in the order its ``SchedulePolicy`` chooses,
/// with sleeps in virtual time (docs/SCHEDULER.md).
///
/// Work started with ``start(_:)`` prefers the scheduler as its task executor, so its actor hops,
/// task-group children, `Task { }` made inside it and resumed continuations come to the scheduler;
/// ``RuntimeHooks`` catch `Task.detached` and main-actor hops made on its thread. A job that arrives
/// from another thread has escaped (work on a `DispatchQueue` or a `Thread`): it is never run, so
/// the order never depends on timing, and the run reports it.
///
/// Start work and run on one thread; it may run one scheduler inside a job of another.
package final class Scheduler: TaskExecutor, @unchecked Sendable {
    /// The order of the jobs that are runnable together.
    package let policy: SchedulePolicy
    /// The main actor as this scheduler's jobs see it.
    let mainActor = MainActorStandIn()
    /// How long one job may run, in real time, before it counts as blocked.
    private let blockedJobLimit: Duration
    /// Told, from another thread, about a job blocked for `blockedJobLimit`.
    private let onBlockedJob: @Sendable (String) -> Void

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var state: State

    private struct State {
        var chooser: any JobChooser
        var runnable: [Pending] = []
        var timers: [Timer] = []
        var taken = 0
        var now = Duration.zero
        var choices: [Int] = []
        /// The thread that last ran the scheduler or started work on it; a job from any other (or
        /// before either) is escaped.
        var thread: pthread_t?
        var started = 0
        var finished = 0
        var escaped: [UnownedJob] = []
        var jobsRun: [JobPath: Int] = [:]
        /// The sequence of the job running, if one is.
        var running: Int?
        /// The task of the job running (``RunnableJob/task``), 0 between jobs.
        var runningTask: UInt64 = 0
        /// The ids of the tasks taken by a hook (``RuntimeHooks/claim(_:for:)``).
        var claimed: Set<UInt64> = []
    }

    private struct Pending {
        let job: UnownedJob
        let info: RunnableJob
    }

    /// A sleeper's wake-up, due at `deadline` on the virtual clock.
    private struct Timer {
        let deadline: Duration
        let pending: Pending
    }

    /// A scheduler that orders its jobs by `policy`, with its virtual clock at zero.
    ///
    /// A job that runs for `blockedJobLimit` of real time without returning is blocked (a wait on
    /// work only this thread could run) and never returns: `onBlockedJob` is called with a message
    /// for people, from another thread. By default it writes the message to standard error and
    /// ends the process with status 3, rather than let the run hang.
    package init(
        policy: SchedulePolicy = .fixed, blockedJobLimit: Duration = .seconds(10), onBlockedJob: (@Sendable (String) -> Void)? = nil
    ) {
        self.policy = policy
        self.blockedJobLimit = blockedJobLimit
        self.onBlockedJob = onBlockedJob ?? Scheduler.endProcess
        state = State(chooser: policy.makeChooser())
        mainActor.scheduler = self
    }

    deinit {
        if !state.claimed.isEmpty {
            RuntimeHooks.forget(Array(state.claimed))
            RuntimeHooks.release()
        }
    }

    /// The virtual time: zero at the start, moved only by firing timers (or a run's time limit).
    package var now: Duration { lock.withLock { state.now } }
    /// The choices made so far, one for each time more than one job was runnable: the index of
    /// the job run among the runnable ones, oldest first.
    package var choices: [Int] { lock.withLock { state.choices } }
    /// The policy that replays the order run so far, choice by choice.
    package var replay: SchedulePolicy { .replay(choices) }
    /// The jobs that have arrived from other threads and were not run.
    package var escapedJobs: Int { lock.withLock { state.escaped.count } }
    /// How many jobs have run that came by `path`.
    package func jobsRun(by path: JobPath) -> Int { lock.withLock { state.jobsRun[path, default: 0] } }

    /// Starts `body` as a task that prefers this scheduler as its executor; it runs in the next
    /// ``runUntilQuiescent(jobBudget:timeLimit:)``. A run whose started tasks are not all finished
    /// once nothing is left to run is ``Outcome/stalled(unfinishedTasks:)``.
    package func start(_ body: @escaping @Sendable () async -> Void) {
        lock.withLock { state.started += 1 }
        owning {
            _ = Task(executorPreference: self) {
                await body()
                self.lock.withLock { self.state.finished += 1 }
            }
        }
    }

    /// Runs jobs on the calling thread until the work is quiescent: no job runnable and no timer
    /// left. When no job is runnable, virtual time moves to the earliest timer and every timer due
    /// then fires (in the order they were set). Stops after `jobBudget` jobs, or, with a
    /// `timeLimit`, once the next timer is due later than that after the start (virtual time then
    /// ends at the limit).
    package func runUntilQuiescent(jobBudget: Int = 100_000, timeLimit: Duration? = nil) -> Outcome {
        let watchdog = BlockedJobWatchdog(limit: blockedJobLimit) { [weak self] in
            self?.lock.withLock { self?.state.running }
        } report: { [onBlockedJob] duration in
            onBlockedJob(Scheduler.blockedJobMessage(duration))
        }
        return withExtendedLifetime(watchdog) { runJobs(jobBudget: jobBudget, timeLimit: timeLimit) }
    }

    private func runJobs(jobBudget: Int, timeLimit: Duration?) -> Outcome {
        owning {
            let horizon = timeLimit.map { lock.withLock { state.now } + $0 }
            var run = 0
            jobs: while true {
                switch nextJob(horizon: horizon, budgetLeft: run < jobBudget) {
                case .none:
                    break jobs
                case .budgetExhausted:
                    return .budgetExhausted(jobsRun: run)
                case .job(let pending):
                    self.run(pending)
                    run += 1
                }
            }
            return lock.withLock {
                if let horizon, !state.timers.isEmpty {
                    state.now = horizon
                    return .timersPending(state.timers.count)
                }
                if state.started > state.finished { return .stalled(unfinishedTasks: state.started - state.finished) }
                if !state.escaped.isEmpty { return .escaped(jobs: state.escaped.count) }
                return .quiescent
            }
        }
    }

    /// Runs `pending` on the calling thread, with this scheduler as its task executor.
    private func run(_ pending: Pending) {
        lock.withLock {
            state.jobsRun[pending.info.path, default: 0] += 1
            state.running = pending.info.sequence
            state.runningTask = pending.info.task
        }
        defer {
            lock.withLock {
                state.running = nil
                state.runningTask = 0
            }
        }
        let executor = asUnownedTaskExecutor()
        if pending.info.path == .main {
            pending.job.runSynchronously(isolatedTo: mainActor.asUnownedSerialExecutor(), taskExecutor: executor)
        } else {
            pending.job.runSynchronously(on: executor)
        }
    }

    /// What a job blocked for `duration` means, and what to do about it.
    static func blockedJobMessage(_ duration: Duration) -> String {
        let seconds = duration.formatted(.units(allowed: [.seconds], width: .wide, fractionalPart: .show(length: 1)))
        return """
            error: a job of the asynchronous design has run for \(seconds) without returning. It is \
            most likely a blocking wait (a semaphore, a lock, DispatchQueue.sync) for work that only \
            the run's thread can do: the scheduler runs one job at a time there, so that work never \
            comes. Await the work instead (a continuation, an actor, a Task).
            """
    }

    /// Writes `message` to standard error and ends the process with status 3: the default for a
    /// blocked job, whose thread nothing can take back.
    private static func endProcess(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(3)
    }

    private enum Next {
        case job(Pending)
        case budgetExhausted
        case none
    }

    /// Takes the job to run next off the runnable ones, firing timers when none is runnable;
    /// `none` once none is left (or the next timer is due after `horizon`). With no budget left,
    /// takes nothing: what is runnable stays for the next run.
    private func nextJob(horizon: Duration?, budgetLeft: Bool) -> Next {
        lock.withLock {
            if state.runnable.isEmpty {
                // The timers are read only when no job is runnable, not for every job run.
                guard let due = state.timers.map(\.deadline).min(), due <= horizon ?? due else { return .none }
                guard budgetLeft else { return .budgetExhausted }
                state.now = due
                // Kept in the order they were set, so that timers due together fire in that order.
                state.runnable = state.timers.filter { $0.deadline == due }.map(\.pending)
                state.timers.removeAll { $0.deadline == due }
            } else if !budgetLeft {
                return .budgetExhausted
            }
            var index = 0
            if state.runnable.count > 1 {
                index = state.chooser.choose(among: state.runnable.map(\.info))
                precondition(state.runnable.indices.contains(index), "a job chooser chose no runnable job")
                state.choices.append(index)
            }
            return .job(state.runnable.remove(at: index))
        }
    }

    /// Queues `job`, which came by `path`, to run in this scheduler's order, or as a timer due
    /// `delay` from now; a job from a thread not running this scheduler is escaped and never runs.
    func take(_ job: UnownedJob, path: JobPath, delay: Duration? = nil) {
        let accepted = lock.withLock {
            guard let thread = state.thread, pthread_equal(thread, pthread_self()) != 0 else {
                state.escaped.append(job)
                return false
            }
            // An actor's own job runs no task: it counts as the task that scheduled it.
            let task = taskID(of: job)
            let pending = Pending(
                job: job, info: RunnableJob(sequence: state.taken, path: path, task: task != 0 ? task : state.runningTask))
            state.taken += 1
            if let delay {
                state.timers.append(Timer(deadline: state.now + delay, pending: pending))
            } else {
                state.runnable.append(pending)
            }
            return true
        }
        if accepted, path == .global || path == .main, let task = RuntimeHooks.claim(job, for: self) {
            // The first task claimed keeps the hooks set until the scheduler is gone.
            if lock.withLock({ state.claimed.insert(task).inserted && state.claimed.count == 1 }) { RuntimeHooks.retain() }
        }
    }

    /// Runs `body` with the runtime hooks set and the calling thread as the scheduler's thread,
    /// which it stays afterwards: a job that this thread enqueues between runs (a design's plain
    /// method feeding a stream) waits for the next run.
    private func owning<T>(_ body: () -> T) -> T {
        lock.withLock { state.thread = pthread_self() }
        return RuntimeHooks.withCurrent(self, body)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        take(UnownedJob(job), path: .executor)
    }

    /// A sleep's wait on the virtual clock: a duration that is not a `Duration`, or not positive, is
    /// no wait; any other is rounded up to a whole millisecond (see ``enqueue(_:at:tolerance:clock:)``).
    static func virtualDelay(_ delay: some DurationProtocol) -> Duration {
        guard let delay = delay as? Duration, delay > .zero else { return .zero }
        let millisecond: Int64 = 1_000_000_000_000_000
        let (seconds, attoseconds) = delay.components
        let milliseconds = attoseconds / millisecond + (attoseconds % millisecond == 0 ? 0 : 1)
        return .seconds(seconds) + .milliseconds(milliseconds)
    }
}

@available(macOS 26.4, *)
extension Scheduler: SchedulingExecutor {
    /// A sleep of `delay`: its wake-up is a timer due `delay` from now on the virtual clock.
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        take(UnownedJob(job), path: .timer, delay: Self.virtualDelay(delay))
    }

    /// A sleep until `instant` of `clock` (`Task.sleep(for:)` and the clocks' `sleep` come here).
    /// The wait is read as `instant` less the clock's time now, rounded up to a whole millisecond:
    /// the sleeper read the clock a moment before, so a sleep of whole milliseconds keeps its
    /// length unless more than a millisecond passed in between.
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        take(UnownedJob(job), path: .timer, delay: Self.virtualDelay(clock.now.duration(to: instant)))
    }
}
