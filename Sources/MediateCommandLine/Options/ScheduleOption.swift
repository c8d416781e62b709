import ArgumentParser
import MediateKit

/// `--schedule`: the order an asynchronous design's jobs run in.
struct ScheduleOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The order an asynchronous design's jobs run in: fixed, random:SEED, pct:SEED:DEPTH:STEPS, or replay:CHOICES "
                + "(choices joined by '.'). "
                + "A synchronous design runs the same under any.",
            valueName: "SCHEDULE"))
    var schedule = ScheduleArgument(policy: .fixed)

    var policy: SchedulePolicy { schedule.policy }
}
