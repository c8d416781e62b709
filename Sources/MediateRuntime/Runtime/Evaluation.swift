import MediateSyntax

/// The meaning of the operators: IEEE-754 doubles, checked so that no result is silently wrong.
enum Arithmetic {
    /// 2^53: past it in magnitude, doubles no longer hold every whole number.
    static let exactLimit: Double = 9_007_199_254_740_992

    /// `left OP right` for an arithmetic operator or an ordering comparison; `==`, `!=`, `and`
    /// and `or` are the interpreter's.
    static func apply(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvaluationError) -> Value {
        switch op {
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return .bool(try order(op, left, right))
        case .equal: return .bool(left == right)
        case .notEqual: return .bool(left != right)
        case .add, .subtract, .multiply, .divide:
            guard case .number(let a) = left else { throw .notANumber(left) }
            guard case .number(let b) = right else { throw .notANumber(right) }
            return .number(try arithmetic(op, a, b))
        case .and, .or:
            guard case .bool(let a) = left else { throw .notABoolean(left) }
            guard case .bool(let b) = right else { throw .notABoolean(right) }
            return .bool(op == .and ? a && b : a || b)
        }
    }

    /// `-value`.
    static func negate(_ value: Value) throws(EvaluationError) -> Value {
        guard case .number(let number) = value else { throw .notANumber(value) }
        return .number(-number)
    }

    private static func order(_ op: BinaryOperator, _ left: Value, _ right: Value) throws(EvaluationError) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            switch op {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        case (.string(let a), .string(let b)):
            // By Unicode scalar values, not by Swift's canonical equivalence.
            let less = a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            let equal = !less && a.unicodeScalars.elementsEqual(b.unicodeScalars)
            switch op {
            case .less: return less
            case .lessOrEqual: return less || equal
            case .greater: return !less && !equal
            default: return !less
            }
        default:
            throw .notComparable(left, op.rawValue, right)
        }
    }

    private static func arithmetic(_ op: BinaryOperator, _ a: Double, _ b: Double) throws(EvaluationError) -> Double {
        if op == .divide, b == 0 { throw .divisionByZero }
        let whole = a.rounded() == a && b.rounded() == b
        if whole, abs(a) <= exactLimit, abs(b) <= exactLimit {
            // Exact in 64-bit integers: a rounded double cannot hide a result past 2^53.
            let x = Int64(a)
            let y = Int64(b)
            let exact: (Int64, Bool)?
            switch op {
            case .add: exact = x.addingReportingOverflow(y)
            case .subtract: exact = x.subtractingReportingOverflow(y)
            case .multiply: exact = x.multipliedReportingOverflow(by: y)
            default: exact = x % y == 0 ? (x / y, false) : nil
            }
            if let (result, overflowed) = exact {
                if overflowed || result.magnitude > UInt64(exactLimit) { throw .overflow }
                // `0 * -1` is 0, never -0.
                return Double(result)
            }
        }
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        default: result = a / b
        }
        guard result.isFinite else { throw .overflow }
        if whole, result.rounded() == result, abs(result) > exactLimit { throw .overflow }
        return result
    }
}
