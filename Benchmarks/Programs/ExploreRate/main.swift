// Schedules a minute of `mediate explore`, in process: `explore-rate FILE [SCHEDULES] [MEDIATOR]`
// explores FILE under MEDIATOR (default actor) with SCHEDULES random schedules (default 20,000),
// as `mediate explore FILE --mediator MEDIATOR --schedules SCHEDULES` does, report included, and
// prints the rate. It explores a quarter as many first: the peak resident memory after each shows
// whether memory grows with the number of schedules (it should not: distinct transcripts are kept
// by hash, one example each).
import Foundation
import MediateDesigns
@_spi(Harness) import MediateKit

let arguments = CommandLine.arguments
guard arguments.count >= 2, arguments.count <= 4, let schedules = arguments.count > 2 ? Int(arguments[2]) : 20_000, schedules >= 4
else {
    print("usage: explore-rate FILE [SCHEDULES] [MEDIATOR]")
    exit(2)
}
let path = arguments[1]
let mediator = MediatorKind(arguments.count > 3 ? arguments[3] : "actor")

/// The peak resident memory of the process so far, in MiB (Linux counts it in KiB, macOS in bytes).
func peakMiB() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1024 / 1024
    #endif
}

/// Explores `count` schedules; returns the wall time in seconds and the report's last line.
func explore(_ count: Int) -> (seconds: Double, last: String) {
    let output = StringOutput()
    let errors = StringOutput()
    var code: Int32 = 0
    let elapsed = ContinuousClock().measure {
        code = Harness.explore(
            path: path, mediator: mediator, designs: .reference, schedules: count, standardOutput: output, standardError: errors)
    }
    guard code <= 1 else {
        print("explore-rate: mediate explore exited \(code): \(errors.text)")
        exit(2)
    }
    let last = output.text.split(separator: "\n").last.map(String.init) ?? ""
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, last)
}

let quarter = explore(schedules / 4)
let quarterPeak = peakMiB()
let full = explore(schedules)
let fullPeak = peakMiB()
let groups = full.last
print(
    String(
        format:
            "explore %@ under %@: %d schedules in %.2f s, %.0f schedules/minute (%@); peak RSS %.1f MiB after exploring %d schedules, %.1f MiB after exploring %d",
        path, mediator.rawValue, schedules, full.seconds, Double(schedules) / full.seconds * 60, groups, quarterPeak,
        schedules / 4, fullPeak, schedules))
