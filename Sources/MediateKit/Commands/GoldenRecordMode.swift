/// When goldens are written, as swift-snapshot-testing's record modes: `mediate check --record`,
/// and `assertScenario`'s `record`.
public enum GoldenRecordMode: String, CaseIterable, Sendable {
    /// Never write; a mismatch or a missing golden fails.
    case never
    /// Write goldens that do not exist yet.
    case missing
    /// Write goldens that are missing or do not match.
    case failed
    /// Write every golden.
    case all
}
