extension Scheduler {
    /// How a run of ``Scheduler/runUntilQuiescent(jobBudget:timeLimit:)`` ended. Every case but
    /// ``quiescent`` and ``timersPending(_:)`` is an error of the design's asynchronous work.
    package enum Outcome: Equatable, Sendable, CustomStringConvertible {
        /// No job is runnable, no timer is left, and every task started is finished.
        case quiescent
        /// No job is runnable before the time limit; this many timers are due after it.
        case timersPending(Int)
        /// The run stopped after its budget of jobs with jobs still runnable: work that never quiesces.
        case budgetExhausted(jobsRun: Int)
        /// Nothing is left to run, but this many tasks started on the scheduler are not finished.
        case stalled(unfinishedTasks: Int)
        /// Every task started is finished, but this many jobs came from other threads and did not run.
        case escaped(jobs: Int)

        package var description: String {
            switch self {
            case .quiescent:
                "quiescent"
            case .timersPending(let count):
                "\(count) timer(s) due after the time limit"
            case .budgetExhausted(let jobs):
                """
                the asynchronous work never became quiescent: stopped after \(jobs) jobs. A loop that keeps \
                scheduling work (a task that awaits in a loop without end) never finishes a step; end the loop, \
                or raise the budget if the work is finite.
                """
            case .stalled(let tasks):
                """
                \(tasks) task(s) never finished, and nothing is left to run: they wait for work outside the \
                scheduler (a continuation resumed from a DispatchQueue or a Thread, a blocking wait) or for a \
                continuation that nothing resumes. Resume continuations from Swift concurrency (a Task or an \
                actor), not from Dispatch or threads.
                """
            case .escaped(let jobs):
                """
                \(jobs) job(s) came from another thread (work on a DispatchQueue or a Thread) and were not run. \
                Start asynchronous work with Task or an actor, not with Dispatch or threads.
                """
            }
        }
    }
}
