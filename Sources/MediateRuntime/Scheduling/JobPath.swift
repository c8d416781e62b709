/// How a job reached a ``Scheduler``.
package enum JobPath: String, CaseIterable, Sendable {
    /// Enqueued on the scheduler as a task executor: the work of a task started on it (its actor
    /// hops, task-group children, `Task { }` made inside it, continuations resumed on its thread).
    case executor
    /// Caught by the runtime's global-executor hook on the scheduler's thread: `Task.detached`, and
    /// what tasks without the scheduler's preference enqueue.
    case global
    /// Bound for the main actor from the scheduler's thread: it runs on the scheduler's thread, in
    /// place of the main thread, isolated to the scheduler's own stand-in for the main actor.
    case main
    /// A sleep's wake-up, due at a virtual instant (`Task.sleep`, `Clock.sleep`).
    case timer
}
