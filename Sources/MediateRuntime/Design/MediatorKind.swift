/// The name of a design, as `mediator NAME` and `--mediator NAME` write it.
public struct MediatorKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name, as written.
    public var rawValue: String

    /// The design named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The design named `name`.
    public init(_ name: String) { rawValue = name }

    /// The name.
    public var description: String { rawValue }
}
