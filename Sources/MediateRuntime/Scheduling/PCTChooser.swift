/// PCT (Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS 2010): the runnable job whose task
/// has the highest priority runs. Each task gets a priority when a choice first sees it, and at
/// `depth - 1` change points among the first `steps` choices the task about to run drops below
/// every other. A bug that needs `depth` orderings to line up is found with a probability that
/// does not shrink with the number of schedules, unlike a random walk.
///
/// Everything is drawn from SplitMix64 in the order the choices see it: tasks are told apart by
/// the runtime's ids but never ordered by them, so a seed gives the same order on every machine.
struct PCTChooser: JobChooser {
    /// A task, or a job that runs none (which counts as a task of its own).
    private enum Thread: Hashable {
        case task(UInt64)
        case job(Int)
    }

    private var generator: SplitMix64
    private let depth: Int
    /// The 1-based choices at which the task about to run drops: the i-th (from 0) to priority
    /// `depth - 2 - i`, below every priority drawn (those are at least `depth`).
    private let changePoints: [Int]
    private var priorities: [Thread: UInt64] = [:]
    private var step = 0

    init(seed: UInt64, depth: Int, steps: Int) {
        var generator = SplitMix64(seed: seed)
        changePoints = (0..<max(depth - 1, 0)).map { _ in Int(generator.next() % UInt64(max(steps, 1))) + 1 }
        self.generator = generator
        self.depth = depth
    }

    mutating func choose(among runnable: [RunnableJob]) -> Int {
        step += 1
        var best = highest(among: runnable)
        for (index, point) in changePoints.enumerated() where point == step {
            priorities[Self.thread(of: runnable[best])] = UInt64(depth - 2 - index)
            best = highest(among: runnable)
        }
        return best
    }

    /// The index of the job whose task has the highest priority, the oldest on a tie; a task seen
    /// for the first time draws its priority here, oldest job first.
    private mutating func highest(among runnable: [RunnableJob]) -> Int {
        var best = 0
        var bestPriority: UInt64 = 0
        for (index, job) in runnable.enumerated() {
            let thread = Self.thread(of: job)
            let priority: UInt64
            if let known = priorities[thread] {
                priority = known
            } else {
                priority = UInt64(depth) + generator.next() >> 1
                priorities[thread] = priority
            }
            if index == 0 || priority > bestPriority { (best, bestPriority) = (index, priority) }
        }
        return best
    }

    private static func thread(of job: RunnableJob) -> Thread {
        job.task == 0 ? .job(job.sequence) : .task(job.task)
    }
}
