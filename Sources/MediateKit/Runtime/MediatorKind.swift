/// The four designs a scenario can run under (see MEDIATORS.md).
public enum MediatorKind: String, CaseIterable, Hashable, Sendable, Codable {
    case protocolExtension = "protocol-extension"
    case wrapper = "wrapper"
    case directDelegate = "direct-delegate"
    case mesh = "mesh"

    /// The kind a scenario runs under when it names none.
    public static let `default` = MediatorKind.protocolExtension

    /// The valid spellings, in the order MEDIATORS.md lists them: for help and error messages.
    public static var spellings: String {
        allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }
}
