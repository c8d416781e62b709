// The sequence view's cost, in process: `sequence-rate FILE [KIND]` runs FILE under KIND (default:
// its own) into a `SequenceSVGWriter` with no row limit, draws the SVG, and prints the seconds of
// the run and of the drawing, the SVG's size and bytes, and the process's peak resident memory
// (VmHWM). Scripts/perf-targets runs it on large generated scenarios.
import Foundation
import MediateDesigns
import MediateKit

let arguments = CommandLine.arguments
guard arguments.count >= 2, case .success(let scenario) = ScenarioLoader.load(path: arguments[1], designs: .reference) else {
    print("usage: sequence-rate FILE [KIND] (FILE must check)")
    exit(2)
}
let kind = arguments.count > 2 ? MediatorKind(arguments[2]) : scenario.declaredKind
guard let design = scenario.designs.design(kind) else {
    print("sequence-rate: no design \(kind.rawValue)")
    exit(2)
}

/// The wall time `body` takes, in seconds.
func seconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The process's peak resident memory in KiB, from /proc/self/status.
func peakKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

let writer = SequenceSVGWriter(
    title: scenario.title, kind: kind, participants: scenario.participants.map(\.name), mediatorLifeline: true)
let run = seconds {
    _ = Interpreter(script: scenario.script, title: scenario.title, design: design, designs: scenario.designs, sink: writer).run()
}
var svg = ""
let draw = seconds { svg = writer.svg() }
let size = svg.firstMatch(of: /width="(\d+)" height="(\d+)"/).map { "\($0.output.1) x \($0.output.2) px" } ?? "?"
print(
    String(
        format: "run %.2f s draw %.2f s total %.2f s svg %@ %d bytes peak %d KiB", run, draw, run + draw, size,
        svg.utf8.count, peakKiB()))
