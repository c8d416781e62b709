/// A runnable job as a ``JobChooser`` sees it.
package struct RunnableJob: Equatable, Sendable {
    /// Its place among every job the scheduler has taken, from 0.
    package let sequence: Int
    /// How it reached the scheduler.
    package let path: JobPath
    /// The runtime's id of the task it runs. A job that runs none (an actor's own job, which runs
    /// the tasks waiting on the actor) has the task of the job that enqueued it, or 0 when no job
    /// was running. Ids differ from one run (and one process) to the next: compare them for
    /// identity only, never order or print them.
    package var task: UInt64 = 0
}
