/// The order in which an asynchronous design's jobs run when several are runnable together,
/// written as a short string that replays it: `fixed`, `random:SEED`, `pct:SEED:DEPTH:STEPS` or
/// `replay:CHOICES` (`mediate run --schedule`). A synchronous design has no jobs, and runs the same under any.
///
/// A choice is made only when more than one job is runnable, and is an index into the runnable
/// jobs, oldest first.
public enum SchedulePolicy: Hashable, Sendable, LosslessStringConvertible {
    /// The oldest runnable job first (first in, first out): the default, the same on every machine.
    case fixed
    /// A choice drawn from SplitMix64 seeded with `seed`, the same on every machine.
    case random(seed: UInt64)
    /// PCT (probabilistic concurrency testing): each task gets a priority drawn from SplitMix64
    /// seeded with `seed`, the runnable job of the highest runs, and at `depth - 1` of the first
    /// `steps` choices, drawn from the same generator, the task about to run drops below every other.
    case pct(seed: UInt64, depth: Int, steps: Int)
    /// The recorded choices, in order; once they run out, the oldest job first. A choice beyond the
    /// runnable jobs takes the newest one, so that a shortened or edited list still replays.
    case replay([Int])

    /// The depths ``pct(seed:depth:steps:)`` takes.
    public static let pctDepths = 1...1_000

    /// Reads `fixed`, `random:SEED` (a decimal UInt64), `pct:SEED:DEPTH:STEPS` (DEPTH in
    /// ``pctDepths``, STEPS at least 1) or `replay:` with the choices joined by `.` (`replay:1.0.2`,
    /// or `replay:` for none); nil for anything else.
    public init?(_ description: String) {
        func number(_ text: Substring) -> Substring? {
            !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } ? text : nil
        }
        if description == "fixed" {
            self = .fixed
        } else if description.hasPrefix("random:") {
            guard let text = number(description.dropFirst("random:".count)), let seed = UInt64(text) else { return nil }
            self = .random(seed: seed)
        } else if description.hasPrefix("pct:") {
            let parts = description.dropFirst("pct:".count).split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let seed = number(parts[0]).flatMap({ UInt64($0) }),
                let depth = number(parts[1]).flatMap({ Int($0) }), Self.pctDepths.contains(depth),
                let steps = number(parts[2]).flatMap({ Int($0) }), steps >= 1
            else { return nil }
            self = .pct(seed: seed, depth: depth, steps: steps)
        } else if description.hasPrefix("replay:") {
            let list = description.dropFirst("replay:".count)
            var choices: [Int] = []
            for item in list.split(separator: ".", omittingEmptySubsequences: false) where !list.isEmpty {
                guard let text = number(item), let choice = Int(text) else { return nil }
                choices.append(choice)
            }
            self = .replay(choices)
        } else {
            return nil
        }
    }

    /// The string that ``init(_:)`` reads back to this policy.
    public var description: String {
        switch self {
        case .fixed: "fixed"
        case .random(let seed): "random:\(seed)"
        case .pct(let seed, let depth, let steps): "pct:\(seed):\(depth):\(steps)"
        case .replay(let choices): "replay:" + choices.map(String.init).joined(separator: ".")
        }
    }

    /// A fresh chooser that makes this policy's choices from the first one.
    package func makeChooser() -> any JobChooser {
        switch self {
        case .fixed: ReplayChooser(choices: [])
        case .random(let seed): RandomChooser(generator: SplitMix64(seed: seed))
        case .pct(let seed, let depth, let steps): PCTChooser(seed: seed, depth: depth, steps: steps)
        case .replay(let choices): ReplayChooser(choices: choices)
        }
    }
}

/// Chooses at random from a seeded generator.
private struct RandomChooser: JobChooser {
    var generator: SplitMix64

    mutating func choose(among runnable: [RunnableJob]) -> Int {
        Int(generator.next() % UInt64(runnable.count))
    }
}

/// Replays recorded choices, then takes the oldest job (so with no choices it is `fixed`).
private struct ReplayChooser: JobChooser {
    let choices: [Int]
    var next = 0

    mutating func choose(among runnable: [RunnableJob]) -> Int {
        defer { next += 1 }
        return next < choices.count ? min(choices[next], runnable.count - 1) : 0
    }
}
