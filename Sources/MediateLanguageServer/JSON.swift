/// A JSON value, as the language server reads and writes them: read by ``JSONReader`` in one
/// pass (which refuses ill-formed JSON, invalid UTF-8, and nesting past ``maxDepth``), written by
/// ``encoded()`` with sorted keys, so that every answer is the same bytes for the same state.
package enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// How deep arrays and objects may nest in a message: LSP's own nest less than 10 deep.
    package static let maxDepth = 64

    /// Parses one JSON text; nil when it is not one.
    package static func parse(_ bytes: some Collection<UInt8>) -> JSON? {
        var reader = JSONReader(Array(bytes))
        return reader.document()
    }

    // MARK: Reading

    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A whole number that fits an `Int` (LSP's `integer` and `uinteger`).
    package var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    // MARK: Writing

    /// The value as compact JSON text, keys sorted.
    package func encoded() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 {
                out += Array(String(Int(value)).utf8)
            } else if value.isFinite {
                out += Array("\(value)".utf8)
            } else {
                out += Array("null".utf8)
            }
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ value: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0..<0x20, 0x7F:
                out += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    package init(nilLiteral: ()) { self = .null }

    package init(_ value: Int) { self = .number(Double(value)) }
    package init(_ value: String) { self = .string(value) }
}
