/// Counts a run's transcript lines by top-level step (see `TranscriptEvent.startsStep`): every
/// event is one transcript line. For `check`'s annotations and the report's player.
final class StepLines: EventSink {
    /// The 0-based line each step begins at; step 0 is the header (`scenario`, `mediator`).
    private(set) var starts: [Int] = [0]
    /// The lines so far.
    private(set) var lines = 0

    func emit(_ event: TranscriptEvent) {
        if event.startsStep { starts.append(lines) }
        lines += 1
    }

    func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        lines += 1
    }
}
