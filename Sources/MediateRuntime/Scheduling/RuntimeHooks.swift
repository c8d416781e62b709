import CConcurrencyHooks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Swift runtime's hooks that a ``Scheduler`` sets while it runs: the net for the jobs its
/// task-executor preference does not reach (`Task.detached`, hops to the main actor).
///
/// `libswift_Concurrency` exports each hook as a variable and, when it is set, calls it in place of
/// its own code, passing that code along. The variables are process-wide, so they are set while at
/// least one scheduler runs or starts work on some thread (a count under a lock) and put back as
/// they were when the last one ends. A hook gives a job to the scheduler running on the calling
/// thread (a thread-specific value), and passes any other thread's job on to what was there
/// before: schedulers on different threads (tests run in parallel) each keep their own jobs.
///
/// A task that does not prefer the scheduler (`Task { }` made outside an actor, `Task.detached`)
/// comes by a hook. Its task id is then noted as the scheduler's, and the hooks stay set, until
/// the scheduler is gone: when another thread resumes the task, the hook gives it to the
/// scheduler as escaped work instead of to Swift's thread pool, where it would run alongside the
/// scheduler's jobs.
enum RuntimeHooks {
    typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    typealias EnqueueHook = @convention(thin) (UnownedJob, Enqueue) -> Void
    typealias MainExecutor = @convention(thin) () -> UnownedSerialExecutor
    typealias MainExecutorHook = @convention(thin) (MainExecutor) -> UnownedSerialExecutor

    /// Where the runtime keeps each hook: referenced by name (CConcurrencyHooks), so a runtime
    /// without one fails to link, and a binary that links the runtime statically finds them too.
    private struct Slots: @unchecked Sendable {
        let enqueueGlobal: UnsafeMutablePointer<EnqueueHook?>
        let enqueueMain: UnsafeMutablePointer<EnqueueHook?>
        let mainExecutor: UnsafeMutablePointer<MainExecutorHook?>
    }

    private static let slots = Slots(
        enqueueGlobal: mediate_enqueueGlobalHook().assumingMemoryBound(to: EnqueueHook?.self),
        enqueueMain: mediate_enqueueMainExecutorHook().assumingMemoryBound(to: EnqueueHook?.self),
        mainExecutor: mediate_getMainExecutorHook().assumingMemoryBound(to: MainExecutorHook?.self)
    )

    /// What the hooks were before these were set, and how many runs need them.
    private struct Installation {
        var users = 0
        var enqueueGlobal: EnqueueHook?
        var enqueueMain: EnqueueHook?
        var mainExecutor: MainExecutorHook?
    }

    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var installation = Installation()

    /// The key of the thread-specific value: the scheduler running on the thread, unretained.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for the scheduler")
        return key
    }()

    /// The innermost scheduler running (or starting work) on the calling thread.
    static var current: Scheduler? {
        pthread_getspecific(key).map { Unmanaged<Scheduler>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The scheduler of each task it took by a hook, by task id; guarded by `lock`.
    nonisolated(unsafe) private static var owners: [UInt64: Owner] = [:]

    private struct Owner {
        weak var scheduler: Scheduler?
    }

    /// Notes `job`'s task (if it is a task) as `scheduler`'s; returns its task id, or nil.
    static func claim(_ job: UnownedJob, for scheduler: Scheduler) -> UInt64? {
        let task = taskID(of: job)
        guard task != 0 else { return nil }
        lock.withLock { owners[task] = Owner(scheduler: scheduler) }
        return task
    }

    /// Forgets the tasks of a scheduler that is gone.
    static func forget(_ tasks: [UInt64]) {
        lock.withLock {
            for task in tasks { owners[task] = nil }
        }
    }

    private static func owner(of job: UnownedJob) -> Scheduler? {
        let task = taskID(of: job)
        return task == 0 ? nil : lock.withLock { owners[task]?.scheduler }
    }

    /// Runs `body` with the hooks set and `scheduler` as the calling thread's scheduler; puts back
    /// the thread's previous scheduler and, when no run needs them any longer, the previous hooks.
    static func withCurrent<T>(_ scheduler: Scheduler, _ body: () -> T) -> T {
        let previous = pthread_getspecific(key)
        retain()
        pthread_setspecific(key, Unmanaged.passUnretained(scheduler).toOpaque())
        defer {
            pthread_setspecific(key, previous)
            release()
        }
        return body()
    }

    /// Sets the hooks unless they are set already; each call needs a ``release()``.
    static func retain() {
        lock.withLock {
            installation.users += 1
            guard installation.users == 1 else { return }
            installation.enqueueGlobal = slots.enqueueGlobal.pointee
            installation.enqueueMain = slots.enqueueMain.pointee
            installation.mainExecutor = slots.mainExecutor.pointee
            slots.enqueueGlobal.pointee = enqueueGlobal
            slots.enqueueMain.pointee = enqueueMain
            slots.mainExecutor.pointee = mainExecutor
        }
    }

    /// Puts the previous hooks back once every ``retain()`` has its release.
    static func release() {
        lock.withLock {
            installation.users -= 1
            guard installation.users == 0 else { return }
            slots.enqueueGlobal.pointee = installation.enqueueGlobal
            slots.enqueueMain.pointee = installation.enqueueMain
            slots.mainExecutor.pointee = installation.mainExecutor
        }
    }

    private static let enqueueGlobal: EnqueueHook = { job, original in
        forward(job, as: .global, previous: \.enqueueGlobal, original)
    }

    private static let enqueueMain: EnqueueHook = { job, original in
        forward(job, as: .main, previous: \.enqueueMain, original)
    }

    /// Gives `job` to the calling thread's scheduler (or its task's), as a job come by `path`;
    /// any other job goes to the hook that was there before, else to the runtime's own code.
    private static func forward(
        _ job: UnownedJob, as path: JobPath, previous hook: KeyPath<Installation, EnqueueHook?>, _ original: Enqueue
    ) {
        if let scheduler = current ?? owner(of: job) {
            scheduler.take(job, path: path)
        } else if let previous = lock.withLock({ installation[keyPath: hook] }) {
            previous(job, original)
        } else {
            original(job)
        }
    }

    /// On a scheduler's thread the main actor is the scheduler's stand-in, so a hop to it is a
    /// job for the scheduler; elsewhere it is the real one.
    private static let mainExecutor: MainExecutorHook = { original in
        if let scheduler = current {
            return scheduler.mainActor.asUnownedSerialExecutor()
        } else if let previous = lock.withLock({ installation.mainExecutor }) {
            return previous(original)
        } else {
            return original()
        }
    }
}

/// The id of the task that `job` runs, or 0 if it runs none (the runtime's own entry point).
@_silgen_name("swift_task_getJobTaskId")
func taskID(of job: UnownedJob) -> UInt64
