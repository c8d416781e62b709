/// Reads one JSON text (RFC 8259) into a ``JSON`` value in one pass over its bytes.
///
/// Each byte is looked at once, so a message costs time in proportion to its size however deep
/// it nests (Foundation's decoder, asked for one type after another for each value, took 83 s
/// for 2 MB nested 100 deep). Containers nest at most ``JSON/maxDepth`` deep, which bounds the
/// recursion. Refused: anything that is not JSON, invalid UTF-8 in a string, an unpaired
/// surrogate escape, and anything after the value but white space. A number out of `Double`'s
/// range reads as an infinity (an id of `1e400` is then an invalid id, not a parse error).
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0

    private struct Malformed: Error {}

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value the text holds; nil when it is not exactly one JSON value.
    mutating func document() -> JSON? {
        do {
            let value = try value(depth: 0)
            skipSpace()
            // Not `? value : nil`: JSON takes `nil` as its own null.
            guard index == bytes.count else { return nil }
            return value
        } catch {
            return nil
        }
    }

    /// The value at `index`, inside `depth` containers.
    private mutating func value(depth: Int) throws -> JSON {
        skipSpace()
        guard index < bytes.count else { throw Malformed() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < JSON.maxDepth else { throw Malformed() }
            return .object(try object(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < JSON.maxDepth else { throw Malformed() }
            return .array(try array(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return .number(try number())
        }
    }

    private mutating func object(depth: Int) throws -> [String: JSON] {
        index += 1
        var members: [String: JSON] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return members }
        repeat {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
            let key = try string()
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw Malformed() }
            members[key] = try value(depth: depth)
            skipSpace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { throw Malformed() }
        return members
    }

    private mutating func array(depth: Int) throws -> [JSON] {
        index += 1
        var elements: [JSON] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            elements.append(try value(depth: depth))
            skipSpace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { throw Malformed() }
        return elements
    }

    /// A string from its opening quote; its runs without escapes are copied whole, and one
    /// without any escape is made straight from the message's bytes (a document's text can be
    /// most of a 64 MiB message).
    private mutating func string() throws -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            let run = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                index += 1
            }
            if text.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                guard let string = String(validating: bytes[run..<index - 1], as: UTF8.self) else { throw Malformed() }
                return string
            }
            text.append(contentsOf: bytes[run..<index])
            guard index < bytes.count, bytes[index] >= 0x20 else { throw Malformed() }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "\"") { break }
            try escape(into: &text)
        }
        guard let string = String(validating: text, as: UTF8.self) else { throw Malformed() }
        return string
    }

    /// The escape after a backslash, as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws {
        guard index < bytes.count else { throw Malformed() }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexUnit()
            if (0xD800..<0xDC00).contains(scalar) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw Malformed() }
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw Malformed() }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let value = Unicode.Scalar(scalar) else { throw Malformed() }
            text.append(contentsOf: Unicode.UTF8.encode(value)!)
        default: throw Malformed()
        }
    }

    /// Four hexadecimal digits.
    private mutating func hexUnit() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Malformed() }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Self.hexValue(byte) else { throw Malformed() }
            unit = unit << 4 | digit
        }
        index += 4
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read by `Double`.
    private mutating func number() throws -> Double {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) { try digits() }
        if take(UInt8(ascii: ".")) { try digits() }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            try digits()
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw Malformed() }
        return value
    }

    /// One or more decimal digits.
    private mutating func digits() throws {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > start else { throw Malformed() }
    }

    /// `true`, `false` or `null`.
    private mutating func literal(_ word: String) throws {
        let count = word.utf8.count
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(word.utf8) else { throw Malformed() }
        index += count
    }

    /// Moves past `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
