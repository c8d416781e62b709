/// The bytes one run's output has taken, shared by the run and the sink that writes it: the sink
/// adds what it writes, and the run stops with `! outputLimit` at the first event that takes
/// what it has used past ``RunLimits/maxOutputBytes``.
public final class OutputBudget {
    /// Bytes written so far, in memory the budget owns: added to and read on every delivery, where
    /// a stored property's runtime exclusivity check cost 60 instructions a delivery.
    package let used: UnsafeMutablePointer<Int>

    /// An empty budget: nothing used.
    public init() {
        used = .allocate(capacity: 1)
        used.initialize(to: 0)
    }

    deinit { used.deallocate() }
}
