import ArgumentParser
import MediateKit

/// A ``SchedulePolicy`` as written on the command line; another string is a usage error (exit 64).
struct ScheduleArgument: ExpressibleByArgument {
    var policy: SchedulePolicy

    init(policy: SchedulePolicy) { self.policy = policy }

    init?(argument: String) {
        guard let policy = SchedulePolicy(argument) else { return nil }
        self.policy = policy
    }

    var defaultValueDescription: String { policy.description }
}
