/// The limits that stop a run (exit 3).
public struct RunLimits: Hashable, Sendable {
    /// The deepest reaction chain allowed, in sends (a top-level send is 1).
    public var maxDepth: Int
    /// The most deliveries a run may make.
    public var maxDeliveries: Int
    /// The most bytes a run may write, counted by the sink that writes them (see ``OutputBudget``):
    /// 64 MiB by default.
    public var maxOutputBytes: Int
    /// The most reactions a run may test against the messages it delivers and sends: each reaction
    /// whose pattern names the message, or `any`, counts once per message, whether its pattern's
    /// parameters and guard then hold or not. 1,000,000 by default: about a second of tests.
    public var maxReactions: Int

    /// Limits of `maxDepth` sends deep, `maxDeliveries` deliveries, `maxOutputBytes` bytes written
    /// and `maxReactions` reactions tested.
    ///
    /// - Parameters:
    ///   - maxDepth: The deepest reaction chain, in sends.
    ///   - maxDeliveries: The most deliveries.
    ///   - maxOutputBytes: The most bytes written.
    ///   - maxReactions: The most reactions tested.
    public init(
        maxDepth: Int = 64, maxDeliveries: Int = 10_000_000, maxOutputBytes: Int = 64 << 20, maxReactions: Int = 1_000_000
    ) {
        self.maxDepth = maxDepth
        self.maxDeliveries = maxDeliveries
        self.maxOutputBytes = maxOutputBytes
        self.maxReactions = maxReactions
    }

    /// The deepest ``maxDepth`` a run takes: its stack is sized for it.
    public static let depthRange = 1...10_000

    /// The limits a run keeps: ``maxDepth`` clamped to ``depthRange`` (so that a huge depth
    /// cannot outgrow the stack the run is given), ``maxDeliveries``, ``maxOutputBytes`` and
    /// ``maxReactions`` to 0 or more.
    public var validated: RunLimits {
        RunLimits(
            maxDepth: min(max(maxDepth, Self.depthRange.lowerBound), Self.depthRange.upperBound),
            maxDeliveries: max(0, maxDeliveries), maxOutputBytes: max(0, maxOutputBytes), maxReactions: max(0, maxReactions))
    }
}
