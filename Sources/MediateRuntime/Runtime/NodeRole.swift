/// What an object is to the scenario.
public enum NodeRole: String, Hashable, Sendable, Codable {
    /// A participant the scenario declared.
    case participant
    /// A mediator object (the current one, or an earlier one still alive after a replacement).
    case mediator
    /// Anything else reachable from them: a design's internal object, such as a wrapper.
    case `internal`
}
