import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test only on Linux, for what only Linux has: `/proc` (a folder no one, not even
    /// root, can make anything in) and `/dev/full` (a device every write to fails with ENOSPC).
    /// Elsewhere the test is skipped with `reason`, not passed.
    static func linuxOnly(_ reason: Comment) -> Self {
        #if os(Linux)
            .enabled(if: true, reason)
        #else
            .disabled(reason)
        #endif
    }
}
