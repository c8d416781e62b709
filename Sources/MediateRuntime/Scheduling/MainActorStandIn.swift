/// The main actor as jobs see it on a ``Scheduler``'s thread: a serial executor whose jobs the
/// scheduler runs there, one at a time with all its other jobs, in place of the main thread.
final class MainActorStandIn: SerialExecutor, @unchecked Sendable {
    /// The scheduler that owns it; set once, before any job can reach it.
    weak var scheduler: Scheduler?

    func enqueue(_ job: consuming ExecutorJob) {
        // A scheduler gone has no run to give the job to: the job is dropped, its task never resumes.
        scheduler?.take(UnownedJob(job), path: .main)
    }
}
