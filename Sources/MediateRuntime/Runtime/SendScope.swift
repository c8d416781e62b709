import MediateSyntax

/// Where the deliveries of an asynchronous design's call are written: the depth and number of
/// the send (or step) that made the call, and how many sends its deliveries' reactions have
/// made so far, which numbers the next one.
///
/// The run binds it to the task that makes the call; the tasks that task creates with
/// `Task { }` inherit it. A delivery from a task that carries none (a stream's consumer, started
/// when the mediator was built; a detached task) is written under the step's own send.
final class SendScope: @unchecked Sendable {
    /// The depth of the deliveries' lines.
    let depth: Int
    /// The send's number (`[1, 2]` for 1.2), or the step's.
    let numberPath: [Int]
    /// The sends made so far by reactions to these deliveries.
    var children = 0

    init(depth: Int, numberPath: [Int]) {
        self.depth = depth
        self.numberPath = numberPath
    }

    /// The scope of the task running now, if the run bound one.
    @TaskLocal static var current: SendScope?
}

/// A value handed to the scheduler's tasks, which run on the run's thread, one at a time: the
/// run's objects are never touched from two threads.
struct RunThreadBox<Value>: @unchecked Sendable {
    let value: Value
}
