/// A value of the language: a string, a number or a boolean.
///
/// What a message's arguments (`Message.argument(_:)` in MediateRuntime) and a participant's
/// declared properties (`Member.properties`) hold. A scenario writes `"text"`, a number (`1`,
/// `-2.5`; every number is a `Double`), `true` or `false`. Read one with `case`:
///
/// ```swift
/// // likeAdded(id: 1)
/// if case .number(let id)? = message.argument("id") { feed.likeAdded(id: Int(id)) }
/// // participant Feed : Screen { title = "News", likes = 3 }
/// if case .string(let title)? = member.properties["title"] { screen.title = title }
/// ```
public enum Value: Hashable, Sendable {
    /// A string, without its quotes.
    case string(String)
    /// A number, written in canonical form (see ``written``).
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// The value of a property never set; it has no literal, and is written `nothing`.
    case nothing

    /// Written out and inlinable, as the synthesized one is not: the layers above compare values
    /// on every delivery (a message's arguments) and every expectation.
    @inlinable public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.bool(let left), .bool(let right)): return left == right
        case (.nothing, .nothing): return true
        case (.string, _), (.number, _), (.bool, _), (.nothing, _): return false
        }
    }

    /// The value as messages, `set` lines and `FAILED (got …)` write it: strings quoted and escaped,
    /// numbers canonical.
    public var written: String {
        switch self {
        case .string(let text): return Value.quoted(text)
        case .number(let number): return Value.canonical(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .nothing: return "nothing"
        }
    }

    /// The value as `log` interpolation writes it: strings unquoted, numbers canonical. Inlinable:
    /// the interpreter asks it of every interpolation a reaction logs.
    @inlinable public var interpolated: String {
        switch self {
        case .string(let text): return text
        case .number, .bool, .nothing: return written
        }
    }

    /// A number in canonical form: a whole value without a decimal point (`10`), any other value
    /// as its shortest round-trip decimal, never in exponent notation (`1099.99`, `0.1`).
    package static func canonical(_ number: Double) -> String {
        if number == number.rounded(), number.isFinite {
            if abs(number) < 9.0e15 { return String(Int64(number)) }
            return plainDecimal(number.description)
        }
        return plainDecimal(number.description)
    }

    /// Expands Swift's shortest round-trip text (which may use exponents) into plain decimal.
    private static func plainDecimal(_ text: String) -> String {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var mantissa = String(text[..<e])
        guard let exponent = Int(text[text.index(after: e)...]) else { return text }
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var integer = String(digits.prefix(point))
        var decimals = String(digits.dropFirst(point))
        while decimals.hasSuffix("0") { decimals.removeLast() }
        while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
        let body = decimals.isEmpty ? integer : integer + "." + decimals
        return negative ? "-" + body : body
    }

    /// A string in double quotes with `"`, `\`, newline, tab and other control characters escaped.
    package static func quoted(_ text: String) -> String {
        // Most texts need no escape: quoting them is two appends.
        let plain = !text.utf8.contains { byte in
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || Unicode.Scalar(byte).isASCIIControl
        }
        if plain { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            default:
                if scalar.isASCIIControl {
                    out += escaped(control: scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A control character as the language's escape: `\n` for a line feed, else `\u{X}` (hex,
    /// upper case), such as `\u{D}` for a carriage return.
    package static func escaped(control scalar: Unicode.Scalar) -> String {
        scalar == "\n" ? "\\n" : scalar.visibleEscape
    }
}

extension Unicode.Scalar {
    /// Whether this is an ASCII control character: U+0000 to U+001F, or DEL (U+007F). Inlinable:
    /// the transcript's emitter asks it of every byte it writes.
    @inlinable package var isASCIIControl: Bool { value < 0x20 || value == 0x7F }
}
