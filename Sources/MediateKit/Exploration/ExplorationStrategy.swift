/// How `mediate explore` draws its schedules after the first, which is always `fixed`.
public enum ExplorationStrategy: Hashable, Sendable {
    /// `random:SEED` for SEED = the exploration's seed, then each next number.
    case random
    /// `pct:SEED:DEPTH:STEPS` for the same seeds, with STEPS the number of choices the `fixed`
    /// schedule made (at least 1).
    case pct(depth: Int)

    /// The schedule numbered `index` (1-based) of an exploration from `seed`, where the `fixed`
    /// schedule made `steps` choices.
    func schedule(_ index: Int, seed: UInt64, steps: Int) -> SchedulePolicy {
        guard index > 1 else { return .fixed }
        let drawn = seed &+ UInt64(index - 2)
        switch self {
        case .random: return .random(seed: drawn)
        case .pct(let depth): return .pct(seed: drawn, depth: depth, steps: max(steps, 1))
        }
    }
}
