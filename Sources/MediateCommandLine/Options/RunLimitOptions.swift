import ArgumentParser
import MediateKit

/// `--max-depth`, `--max-deliveries` and `--max-reactions`, shared by every command that runs
/// scenarios (`diff` runs one only when given a scenario and two designs).
struct RunLimitOptions: ParsableArguments {
    @Option(help: "The deepest reaction chain allowed, in sends.")
    var maxDepth: Int = 64

    @Option(help: "The most deliveries a run may make.")
    var maxDeliveries: Int = 10_000_000

    @Option(help: "The most reactions a run may test against its messages (each reaction on the message's name or any, guard or not).")
    var maxReactions: Int = RunLimits().maxReactions

    func validate() throws {
        guard (1...10_000).contains(maxDepth) else { throw ValidationError("--max-depth must be between 1 and 10000.") }
        guard maxDeliveries >= 0 else { throw ValidationError("--max-deliveries cannot be negative.") }
        guard maxReactions >= 0 else { throw ValidationError("--max-reactions cannot be negative.") }
    }

    /// The limits as the run takes them, with `maxOutputBytes` (the default's unless given).
    func value(maxOutputBytes: Int = RunLimits().maxOutputBytes) -> RunLimits {
        RunLimits(maxDepth: maxDepth, maxDeliveries: maxDeliveries, maxOutputBytes: maxOutputBytes, maxReactions: maxReactions)
    }
}
