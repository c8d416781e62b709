// The benchmarks of mediate, run with `swift package benchmark` in Benchmarks/: parsing,
// running each kind with the transcript written to a file, rendering coupling graphs of growing
// size, and running many small files under every kind. Inputs come from
// `Scripts/generate-scenario`, so they are the same bytes as the ones `Scripts/perf-targets` uses.
//
// These report what they measure (time, throughput, allocations, memory) for comparisons between
// commits; the targets themselves, with their ratios, are checked by `Scripts/perf-targets`.

import Benchmark
import Foundation
import MediateDesigns
@_spi(Harness) import MediateKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(5),
        maxIterations: 20
    )
    let inputs = Inputs()

    // MARK: Parsing

    let parseFile = inputs.file(participants: 100, sends: 20_000, reactions: true)
    let lines = parseFile.lineStarts.count
    Benchmark("Parse: lex and parse \(lines) generated lines", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Frontend.parse(parseFile)) }
    }
    Benchmark("Parse: lex, parse and check \(lines) generated lines") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Frontend.load(parseFile, designs: .reference)) }
    }

    // MARK: Running each kind, the transcript written to a file

    let runScenario = inputs.scenario(participants: 100, sends: 1_000)
    for kind in DesignRegistry.reference.kinds {
        Benchmark("Run: \(kind.rawValue), 100 participants x 1,000 broadcasts, transcript to a file") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(inputs.runToFile(runScenario, kind: kind))
            }
        }
    }
    let reactionScenario = inputs.scenario(participants: 100, sends: 1_000, reactions: true)
    Benchmark("Run: wrapper with reactions, 100 participants x 1,000 sends, transcript to a file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(inputs.runToFile(reactionScenario, kind: .wrapper))
        }
    }

    // MARK: Rendering graphs of growing size

    for participants in [10, 100, 1_000] {
        let path = inputs.path(participants: participants, sends: 10)
        Benchmark("Render: coupling of \(participants) participants under wrapper, to SVG") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(inputs.render(path, kind: .wrapper))
            }
        }
    }
    let meshPath = inputs.path(participants: 100, sends: 10)
    Benchmark("Render: coupling of 100 participants under mesh (folded), to SVG") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(inputs.render(meshPath, kind: .mesh))
        }
    }

    // MARK: Checking many files

    // `mediate check FOLDER --output GOLDENS` on goldens recorded once: every file under every kind.
    let checkFolder = inputs.smallFiles(count: 1_000)
    let goldens = inputs.recordGoldens(checkFolder)
    Benchmark(
        "Check: 1,000 files of 20 lines under every kind",
        configuration: .init(maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(inputs.check(checkFolder, goldens: goldens))
        }
    }
}

/// Generated scenarios in a temporary folder, and the runs the benchmarks make of them.
struct Inputs: Sendable {
    let folder: String
    /// The repository's root, four levels above this file.
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    init() {
        folder = NSTemporaryDirectory() + "mediate-benchmarks-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The path of `Scripts/generate-scenario PARTICIPANTS SENDS [--reactions]`, written once.
    func path(participants: Int, sends: Int, reactions: Bool = false, name: String? = nil) -> String {
        let path = "\(folder)/\(name ?? "g\(participants)x\(sends)\(reactions ? "r" : "")").scenario"
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        let process = Process()
        process.executableURL = repository.appendingPathComponent("Scripts/generate-scenario")
        process.arguments = [String(participants), String(sends)] + (reactions ? ["--reactions"] : [])
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: path)
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            fatalError("cannot run Scripts/generate-scenario: \(error)")
        }
        return path
    }

    func file(participants: Int, sends: Int, reactions: Bool = false) -> SourceFile {
        let path = path(participants: participants, sends: sends, reactions: reactions)
        return SourceFile(path: path, bytes: FileManager.default.contents(atPath: path) ?? Data())
    }

    func scenario(participants: Int, sends: Int, reactions: Bool = false) -> LoadedScenario {
        switch ScenarioLoader.load(
            path: path(participants: participants, sends: sends, reactions: reactions),
            designs: .reference)
        {
        case .success(let scenario): return scenario
        case .failure(let failure): fatalError(failure.rendered(as: .text, colored: false))
        }
    }

    /// A folder of `count` files of 20 lines each: 3 header lines, P participants and 17 - P
    /// broadcasts.
    func smallFiles(count: Int) -> String {
        let small = "\(folder)/small"
        try? FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        for index in 1...count {
            let participants = 2 + index % 7
            _ = path(participants: participants, sends: 17 - participants, name: "small/s\(index)")
        }
        return small
    }

    /// Records every golden of the scenarios in `folder` (`mediate check --record all`); returns
    /// the goldens' folder.
    func recordGoldens(_ folder: String) -> String {
        let goldens = "\(self.folder)/goldens"
        let code = Harness.check(
            paths: [folder], outputFolder: goldens, designs: .reference, record: .all, environment: [:],
            standardOutput: StringOutput(), standardError: StringOutput())
        guard code == 0 else { fatalError("recording the goldens of \(folder) exited \(code)") }
        return goldens
    }

    /// `mediate check FOLDER --output GOLDENS`; returns the exit code.
    func check(_ folder: String, goldens: String) -> Int32 {
        Harness.check(
            paths: [folder], outputFolder: goldens, designs: .reference, environment: [:],
            standardOutput: StringOutput(), standardError: StringOutput())
    }

    /// Runs `scenario` under `kind` with its transcript written to a file; returns the deliveries.
    func runToFile(_ scenario: LoadedScenario, kind: MediatorKind) -> Int {
        let descriptor = open("\(folder)/run.transcript", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        let output = FileDescriptorOutput(descriptor: descriptor)
        let summary = Interpreter(
            script: scenario.script, title: scenario.title, design: scenario.designs.design(kind)!,
            designs: scenario.designs, sink: FormattedSink(format: .transcript, output: output)
        ).run()
        try? output.flush()
        return summary.deliveries
    }

    /// `mediate render PATH --graph coupling --mediator KIND -o FILE.svg`; returns the exit code.
    func render(_ path: String, kind: MediatorKind) -> Int32 {
        Harness.render(
            path: path, mediator: kind, designs: .reference, graph: .coupling, outputPath: "\(folder)/coupling.svg",
            standardOutput: StringOutput(), standardError: StringOutput())
    }
}
