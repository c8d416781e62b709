import MediateSyntax

/// An error line of a run: a design's delivery error, or a limit that stopped the run.
public enum RunError: Hashable, Sendable {
    /// An error the design reported; the run goes on.
    case delivery(DeliveryError)
    /// A reaction chain went deeper than `limit` sends during step `step` (1-based) on `line`.
    case depthLimit(limit: Int, step: Int, line: Int)
    /// The run reached more than `limit` deliveries during step `step` on `line`.
    case deliveryLimit(limit: Int, step: Int, line: Int)
    /// The run's output passed `limit` bytes during step `step` on `line`.
    case outputLimit(limit: Int, step: Int, line: Int)
    /// The run would test more than `limit` reactions during step `step` on `line` (see
    /// ``RunLimits/maxReactions``).
    case reactionLimit(limit: Int, step: Int, line: Int)
    /// The design broke the rules of ``Courier`` (`offThreadDelivery NAME`), and the run stopped.
    case design(String)
    /// An expression could not be evaluated; the statement that evaluated it had no effect, and
    /// the run goes on.
    case evaluation(EvaluationError)

    /// `ERROR DETAIL`, as the transcript writes it after `! `.
    public var written: String {
        switch self {
        case .delivery(let error): return error.written
        case .depthLimit(let limit, let step, let line): return "depthLimit \(limit) at step \(step) (line \(line))"
        case .deliveryLimit(let limit, let step, let line): return "deliveryLimit \(limit) at step \(step) (line \(line))"
        case .outputLimit(let limit, let step, let line): return "outputLimit \(limit) at step \(step) (line \(line))"
        case .reactionLimit(let limit, let step, let line): return "reactionLimit \(limit) at step \(step) (line \(line))"
        case .design(let text): return text
        case .evaluation(let error): return error.written
        }
    }

    /// Whether this error stopped the run.
    public var isLimit: Bool {
        switch self {
        case .delivery, .evaluation: return false
        case .depthLimit, .deliveryLimit, .outputLimit, .reactionLimit, .design: return true
        }
    }
}
