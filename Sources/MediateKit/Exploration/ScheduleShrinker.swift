/// Shrinks a failing schedule, a `replay:` list of choices, to fewer preemptions (choices other
/// than 0, the oldest job) that still give the same failure: it drops the tail from a
/// preemption on, or takes one preemption back, and keeps each change that still fails.
enum ScheduleShrinker {
    /// How many choices of `choices` are preemptions.
    static func preemptions(_ choices: [Int]) -> Int {
        choices.count { $0 != 0 }
    }

    /// `choices` without its trailing zeros, which replay the same (past its end, a replay takes
    /// the oldest job).
    static func trimmed(_ choices: [Int]) -> [Int] {
        Array(choices[..<((choices.lastIndex { $0 != 0 } ?? -1) + 1)])
    }

    /// The smallest schedule found from `choices`. `replay` runs a candidate and returns the
    /// choices that run made (the exact replay of what it did) when it fails the same way, else
    /// nil; it is called at most `budget` times. The result never has more preemptions than
    /// `choices`, and is `choices` (trimmed) when nothing smaller fails.
    static func shrink(_ choices: [Int], budget: Int = 2_000, replay: ([Int]) -> [Int]?) -> [Int] {
        var current = trimmed(choices)
        var runs = 0
        func attempt(_ candidate: [Int]) -> Bool {
            guard runs < budget else { return false }
            runs += 1
            guard let recorded = replay(candidate).map(trimmed) else { return false }
            let (fewer, before) = (preemptions(recorded), preemptions(current))
            guard fewer < before || (fewer == before && recorded.count < current.count) else { return false }
            current = recorded
            return true
        }
        var changed = true
        while changed, runs < budget {
            changed = false
            // The tail dropped from the earliest preemption that can go with it.
            for index in current.indices where current[index] != 0 {
                if attempt(Array(current[..<index])) {
                    changed = true
                    break
                }
            }
            // Each preemption left taken back in turn.
            var index = 0
            while index < current.count {
                if current[index] != 0 {
                    var candidate = current
                    candidate[index] = 0
                    if attempt(candidate) { changed = true }
                }
                index += 1
            }
        }
        return current
    }
}
