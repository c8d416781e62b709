/// The operators of expressions (language 1.1), and an expression's canonical text.
///
/// ```
/// expression  = disjunction ;
/// disjunction = conjunction { "or" conjunction } ;
/// conjunction = negation { "and" negation } ;
/// negation    = "not" negation | comparison ;
/// comparison  = sum [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) sum ] ;
/// sum         = product { ( "+" | "-" ) product } ;
/// product     = unary { ( "*" | "/" ) unary } ;
/// unary       = "-" unary | primary ;
/// primary     = value | "(" expression ")" ;
/// ```

/// `-` or `not` before an operand.
package enum UnaryOperator: String, Hashable, Sendable {
    case negate = "-"
    case not = "not"

    /// How tightly it binds; see ``BinaryOperator/precedence``.
    package var precedence: Int {
        switch self {
        case .negate: return ExpressionPrecedence.unary
        case .not: return ExpressionPrecedence.negation
        }
    }
}

/// An operator between two operands.
package enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case or, and
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"

    /// How tightly it binds: `or` least, `*` and `/` most.
    package var precedence: Int {
        switch self {
        case .or: return ExpressionPrecedence.disjunction
        case .and: return ExpressionPrecedence.conjunction
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return ExpressionPrecedence.comparison
        case .add, .subtract: return ExpressionPrecedence.sum
        case .multiply, .divide: return ExpressionPrecedence.product
        }
    }

    /// Whether it is one of `==`, `!=`, `<`, `<=`, `>`, `>=`, which do not chain.
    package var isComparison: Bool { precedence == ExpressionPrecedence.comparison }
}

/// The levels of the grammar, loosest first.
package enum ExpressionPrecedence {
    package static let disjunction = 1
    package static let conjunction = 2
    package static let negation = 3
    package static let comparison = 4
    package static let sum = 5
    package static let product = 6
    package static let unary = 7
    package static let primary = 8
}

extension ValueExpression {
    /// How tightly the expression's outermost operator binds; a value is a primary.
    package var precedence: Int {
        switch self {
        case .literal, .reference: return ExpressionPrecedence.primary
        case .unary(let op, _, _): return op.precedence
        case .binary(let op, _, _, _): return op.precedence
        }
    }

    /// Whether the expression uses an operator of language 1.1.
    package var isOperation: Bool {
        switch self {
        case .literal, .reference: return false
        case .unary, .binary: return true
        }
    }

    /// The expression in canonical form, as `fmt`, a guard's transcript line and an
    /// expectation's text write it: one space either side of a binary operator, none after a
    /// unary `-`, one after `not`, `.` tight, and parentheses only where the grammar needs them
    /// (`(a + b) * c`, `a - (b - c)`, `-(3)`). `spelling` gives a literal as written in the source
    /// (a number's spaces are dropped: `- 3` is the literal `-3`).
    package func written(spelling: (SourceRange) -> String) -> String {
        var text = ""
        write(into: &text, spelling: spelling)
        return text
    }

    private func write(into text: inout String, spelling: (SourceRange) -> String) {
        switch self {
        case .literal(let value, let range):
            let spelt = spelling(range)
            if case .number = value, spelt.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }) {
                text += spelt.filter { $0 != " " && $0 != "\t" }
            } else {
                text += spelt
            }
        case .reference(let reference):
            text += reference.written
        case .unary(let op, let operand, _):
            text += op == .not ? "not " : "-"
            // `-(3)` keeps its parentheses: `-3` would read back as the literal.
            var needsParentheses = operand.precedence < op.precedence
            if op == .negate, case .literal(.number(let number), let range) = operand,
                number >= 0 || !spelling(range).hasPrefix("-")
            {
                needsParentheses = true
            }
            operand.write(into: &text, parenthesized: needsParentheses, spelling: spelling)
        case .binary(let op, let left, let right, _):
            // Left-associative; comparisons do not chain, so either side of one needs parentheses
            // at the same level.
            let leftNeeds = op.isComparison ? left.precedence <= op.precedence : left.precedence < op.precedence
            left.write(into: &text, parenthesized: leftNeeds, spelling: spelling)
            text += " \(op.rawValue) "
            right.write(into: &text, parenthesized: right.precedence <= op.precedence, spelling: spelling)
        }
    }

    private func write(into text: inout String, parenthesized: Bool, spelling: (SourceRange) -> String) {
        if parenthesized { text += "(" }
        write(into: &text, spelling: spelling)
        if parenthesized { text += ")" }
    }
}

extension Reference {
    /// The reference as written: `self`, `sender`, `message`, `NAME` or `OWNER.PROP`.
    package var written: String {
        switch self {
        case .selfName: return "self"
        case .sender: return "sender"
        case .message: return "message"
        case .name(let name): return name.text
        case .property(let owner, let property, _): return "\(owner.written).\(property.text)"
        }
    }
}
