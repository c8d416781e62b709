/// Decodes `Decodable` values from a ``JSON`` value that ``JSONReader`` has already read: how a
/// client's message becomes a ``ClientMessage``, and its `params` the typed parameters of a
/// ``ClientRequest`` or ``ClientNotification``.
///
/// Why not Foundation's `JSONDecoder`: the server keeps its own reader for the reasons its doc
/// comment gives, each pinned by a test. A message costs time in proportion to its size however
/// deep it nests (Foundation's decoder took 83 s for 2 MB nested 100 deep), nesting stops at
/// ``JSON/maxDepth``, and what is not JSON (invalid UTF-8, an unpaired surrogate escape) is a
/// parse error, -32700, before any field is looked at. Handing the bytes to `JSONDecoder` as well
/// would read every message twice (a document's text can be most of a 64 MiB message) and could
/// disagree with the reader on what is JSON. So the reader reads the bytes once, and this decoder
/// walks the value it made: a field is a dictionary lookup, and a string (a document's whole
/// text) is shared, not copied.
///
/// It reads as the server always has: a number is an integer only when it is whole and fits
/// (``JSON/int``, LSP's `integer`), and `decodeIfPresent` takes `null` for absent. What does not
/// fit throws a `DecodingError` whose coding path names the field, for an InvalidParams answer
/// (``ResponseError/invalidParams(_:_:)``).
struct JSONValueDecoder: Decoder {
    let value: JSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSON, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    /// A `T` decoded from `value`.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSON) throws -> T {
        try T(from: JSONValueDecoder(value))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSON].self, expected: "an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSON].self, expected: "an array") }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// What a value is, for an error message: "a string", "null".
    private var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found \(kind)")
        return value == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    /// A whole number that fits `T`.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let whole = value.int, let integer = T(exactly: whole) else {
            throw mismatch(type, expected: "a whole number" + (T.isSigned ? "" : " ≥ 0"))
        }
        return integer
    }
}

extension JSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type, expected: "a boolean") }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type, expected: "a string") }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type, expected: "a number") }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// An object's members by key. Its generic `decode` also stands for the primitive ones: each
/// value is decoded by a decoder of its own, whose single-value container reads the primitive.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSON]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: JSONValueDecoder(try member(key), codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try JSONValueDecoder(try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoder(try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(members["super"] ?? .null, codingPath: codingPath + [JSONKey("super")])
    }

    /// A decoder of the member at `key`, reading `null` when there is none (as `JSONDecoder`
    /// does), so that what it must be is said where it is decoded.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }

    private func member(_ key: Key) throws -> JSON {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }
}

/// An array's elements in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSON]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSON], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try element() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded = try T(from: try next())
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try next().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try next().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try next()
        currentIndex += 1
        return decoder
    }

    /// A decoder of the element at `currentIndex`.
    private func next() throws -> JSONValueDecoder {
        JSONValueDecoder(try element(), codingPath: codingPath + [JSONKey(index: currentIndex)])
    }

    private func element() throws -> JSON {
        guard currentIndex < elements.count else {
            let context = DecodingError.Context(
                codingPath: codingPath + [JSONKey(index: currentIndex)], debugDescription: "past the array's \(elements.count) element(s)")
            throw DecodingError.valueNotFound(JSON.self, context)
        }
        return elements[currentIndex]
    }
}

/// A coding key that is not a type's own: an array index, or `super`.
private struct JSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(index: Int) {
        stringValue = String(index)
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}
