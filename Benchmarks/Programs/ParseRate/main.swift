// Lines per second of the front end, in process: `parse-rate FILE [ROUNDS]` reads FILE once, then
// times lexing and parsing (`Frontend.parse`) and lexing, parsing and checking (`Frontend.load`)
// ROUNDS times each (default 9), alternating, and prints the medians. Each timing includes
// freeing what was built; process start and reading the file are left out (`mediate validate`
// measures those too). The checks take the reference designs, as `mediate validate` does.
import Foundation
import MediateDesigns
import MediateKit

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    print("usage: parse-rate FILE [ROUNDS]")
    exit(2)
}
let file = SourceFile(path: arguments[1], bytes: data)
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 9 : 9
let lines = file.lineStarts.count - (file.bytes.last == 0x0A ? 1 : 0)

/// The wall time `body` takes, in seconds.
func seconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

var parseTimes: [Double] = []
var loadTimes: [Double] = []
for _ in 0..<rounds {
    parseTimes.append(seconds { _ = Frontend.parse(file) })
    loadTimes.append(
        seconds {
            guard case .success = Frontend.load(file, designs: .reference) else { fatalError("\(arguments[1]) does not check") }
        })
}
for (name, times) in [("lex+parse", parseTimes), ("lex+parse+check", loadTimes)] {
    let median = times.sorted()[times.count / 2]
    print(String(format: "%@ %d lines median %.3f s %.2fM lines/s", name, lines, median, Double(lines) / median / 1e6))
}
