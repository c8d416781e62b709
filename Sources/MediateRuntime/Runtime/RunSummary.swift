public import MediateSyntax

/// What a run came to: its counts and whether a limit stopped it.
public struct RunSummary: Hashable, Sendable {
    /// Sends made, top-level and from reactions.
    public var sends = 0
    /// Messages delivered to a participant.
    public var deliveries = 0
    /// Reactions tested against a message sent or delivered (see ``RunLimits/maxReactions``).
    public var reactionsTested = 0
    /// Errors reported, each a `!` line of the transcript.
    public var errors = 0
    /// `expect` lines that failed: that did not hold, or held where they were meant to fail.
    public var failedExpectations = 0
    /// Those lines, in the order they were written.
    public var expectationFailures: [ExpectationFailure] = []
    /// Deliveries a design made after the run's last step (while the scenario released its
    /// objects, from a `deinit`), which the transcript does not show.
    public var lateDeliveries = 0
    /// The limit that stopped the run, if one did.
    public var stoppedBy: RunError?
    /// The step during which the limit stopped the run.
    public var stoppedAt: SourceRange?
    /// Participants (then `mediator`) still alive after the scenario released everything, as
    /// the transcript's `leaked:` line names them.
    public var leaked: [String] = []
    /// The same objects by the ids the coupling analysis gives them: an earlier mediator still
    /// alive is `mediator 2`, `mediator 3` … (`NAME 2` … for a named mediator) rather than
    /// `mediator`.
    public var leakedObjects: [String] = []
    /// The first `! missingReceiver NAME` line for each participant that a `leave` took out, in
    /// the order written: what `run` explains on standard error.
    package var missingAfterLeave: [MissingAfterLeave] = []
    /// The choices the asynchronous design's scheduler made, in order (``Scheduler/choices``):
    /// `replay:` with them runs the same order again. Empty for a synchronous design.
    package var scheduleChoices: [Int] = []

    /// 0 when everything held, 1 when an expectation failed, 3 when a limit stopped the run.
    public var exitCode: Int32 {
        if stoppedBy != nil { return 3 }
        return failedExpectations > 0 ? 1 : 0
    }
}
