public import MediateSyntax

/// Why an expression has no value (language 1.1): the `!` line of the statement that evaluated it.
public enum EvaluationError: Error, Hashable, Sendable {
    /// `/` by zero.
    case divisionByZero
    /// A result that is not finite, or a whole result of two whole operands past 2^53 in magnitude.
    case overflow
    /// An operand of `+ - * /` or unary `-` that is not a number.
    case notANumber(Value)
    /// `< <= > >=` on anything but two numbers or two strings.
    case notComparable(Value, String, Value)
    /// `and`, `or`, `not` or a guard given something but `true` or `false`.
    case notABoolean(Value)

    /// `ERROR DETAIL`, as the transcript writes it after `! `.
    public var written: String {
        let (error, detail) = parts
        return detail.map { "\(error) \($0)" } ?? error
    }

    /// The error's word and its detail, as JSON lines write them.
    public var parts: (error: String, detail: String?) {
        switch self {
        case .divisionByZero: return ("divisionByZero", nil)
        case .overflow: return ("overflow", nil)
        case .notANumber(let value): return ("notANumber", value.written)
        case .notComparable(let left, let op, let right):
            return ("notComparable", "\(left.written) \(op) \(right.written)")
        case .notABoolean(let value): return ("notABoolean", value.written)
        }
    }
}
