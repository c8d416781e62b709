import Synchronization

/// The command a person types to run mediate where this process runs, as hints name it:
/// `mediate`, or `swift package mediate` in a package whose designs tool this is, where no
/// `mediate` command exists. Set once, before any command runs.
package enum CommandName {
    private static let name = Mutex("mediate")

    /// `mediate`, or what ``use(_:)`` set.
    package static var current: String { name.withLock { $0 } }

    /// Makes hints name `command` from now on.
    package static func use(_ command: String) {
        name.withLock { $0 = command }
    }
}
