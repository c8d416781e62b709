// Lines per second of the front end, in process: `parse-rate FILE [ROUNDS]` reads FILE once, then
// times lexing and parsing (`Frontend.parse`) and lexing, parsing and checking (`Frontend.load`)
// ROUNDS times each (default 9), alternating, and prints the medians. Each timing includes
// freeing what was built; process start and reading the file are left out (`mediate validate`
// measures those too).
import MediateKit

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 2, let file = readFile(arguments[1]) else {
    print("usage: parse-rate FILE [ROUNDS]")
    exit(2)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 9 : 9
let lines = file.lineStarts.count - (file.bytes.last == 0x0A ? 1 : 0)

var parseTimes: [Double] = []
var loadTimes: [Double] = []
for _ in 0..<rounds {
    parseTimes.append(seconds { _ = Frontend.parse(file) })
    loadTimes.append(seconds {
        guard case .success = Frontend.load(file) else { fatalError("\(arguments[1]) does not check") }
    })
}
for (name, times) in [("lex+parse", parseTimes), ("lex+parse+check", loadTimes)] {
    let median = times.sorted()[times.count / 2]
    let rate = Double(lines) / median / 1e6
    print("\(name) \(lines) lines median \(format3(median)) s \(format2(rate))M lines/s")
}

/// The wall time `body` takes, in seconds; the value it builds is freed before the clock stops.
func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func readFile(_ path: String) -> SourceFile? {
    guard let stream = fopen(path, "rb") else { return nil }
    defer { fclose(stream) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&buffer, 1, buffer.count, stream)
        if count == 0 { break }
        bytes.append(contentsOf: buffer[..<count])
    }
    return SourceFile(path: path, bytes: bytes)
}

func format2(_ value: Double) -> String { fixed(value, digits: 2) }
func format3(_ value: Double) -> String { fixed(value, digits: 3) }

/// `value` with `digits` decimals, without Foundation.
func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}
