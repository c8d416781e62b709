import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// What a run, `check` and `report` write is bounded by `--max-output`,
/// and `check` compares a transcript with its golden without holding either whole.
@Suite("Output budget")
struct OutputBudgetTests {
    func run(_ source: String, limits: RunLimits, format: OutputFormat = .transcript) throws -> (text: String, summary: RunSummary) {
        let scenario = try ScenarioLoader.load(SourceFile(path: "budget.scenario", text: source)).get()
        let output = StringOutput()
        let run = KindRun.run(
            scenario, design: scenario.designs.design(MediatorKind("wrapper"))!, limits: limits, format: format,
            output: output)
        return (output.text, run.summary)
    }

    // MARK: The run

    @Test func theRunStopsAfterTheLineThatPassesTheBudget() throws {
        let run = try run(ScenarioSources.pingPong, limits: RunLimits(maxOutputBytes: 150))
        #expect(
            run.text == """
                scenario deep
                mediator wrapper
                + A : Node
                + B : Node
                1 A -> B ping
                  B <- A ping
                    1.1 B -> A ping
                      A <- B ping
                        1.1.1 A -> B ping
                          B <- A ping
                          ! outputLimit 150 at step 1 (line 5)
                end: 3 sends, 3 deliveries, 1 errors, 0 failed expectations
                leaked: none

                """)
        #expect(run.summary.stoppedBy == .outputLimit(limit: 150, step: 1, line: 5))
        #expect(run.summary.exitCode == 3)
    }

    @Test(arguments: [OutputFormat.transcript, .log, .jsonl])
    func everyFormatCountsWhatItWrites(format: OutputFormat) throws {
        let source = ScenarioSources.pingPong.replacingOccurrences(
            of: "{ self -> sender: ping }",
            with: "{\n    log \"{self} got it\"\n    self -> sender: ping\n}")
        let limit = 4_000
        let run = try run(source, limits: RunLimits(maxDepth: 10_000, maxOutputBytes: limit), format: format)
        #expect(run.summary.stoppedBy == .outputLimit(limit: limit, step: 1, line: 8))
        // Past the limit: the line that passed it, then at most the closing lines.
        #expect(run.text.utf8.count > limit)
        #expect(run.text.utf8.count < limit + 800)
    }

    @Test func aRunWithinTheBudgetIsUnchanged() throws {
        let whole = try run(ScenarioSources.pingPong, limits: RunLimits(maxDepth: 20))
        let exact = try run(ScenarioSources.pingPong, limits: RunLimits(maxDepth: 20, maxOutputBytes: whole.text.utf8.count))
        #expect(exact.text == whole.text)
        #expect(whole.summary.stoppedBy == .depthLimit(limit: 20, step: 1, line: 5))
    }

    @Test func sizesReadAsPeopleWriteThem() {
        #expect(ByteCount(parsing: "500000")?.bytes == 500_000)
        #expect(ByteCount(parsing: "64M")?.bytes == 64 << 20)
        #expect(ByteCount(parsing: "64MiB")?.bytes == 64 << 20)
        #expect(ByteCount(parsing: "2k")?.bytes == 2048)
        #expect(ByteCount(parsing: "1G")?.bytes == 1 << 30)
        #expect(ByteCount(parsing: "12B")?.bytes == 12)
        for bad in ["", "M", "-1", "1.5M", "12x", "99999999999999999999", "8589934592G"] {
            #expect(ByteCount(parsing: bad) == nil, "\(bad)")
        }
        #expect(ByteCount(64 << 20).description == "64 MiB")
        #expect(ByteCount(1000).description == "1000 bytes")
    }

    // MARK: Comparing with a golden as the run writes

    func compare(_ written: [String], golden: String?) throws -> GoldenComparison {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("g.transcript").path
        if let golden { try golden.write(toFile: path, atomically: true, encoding: .utf8) }
        let comparison = GoldenComparison(goldenPath: path)
        for piece in written { comparison.write(piece) }
        _ = comparison.matches
        return comparison
    }

    @Test func aGoldenIsComparedPieceByPiece() throws {
        #expect(try compare(["a\nb", "\nc\n"], golden: "a\nb\nc\n").matches)
        #expect(try compare([], golden: "").matches)
        let shorter = try compare(["a\nb\n"], golden: "a\nb\nc\n")
        #expect(!shorter.matches)
        #expect(shorter.firstDifferentLine == 3)
        let longer = try compare(["a\nb\nc\nd\n"], golden: "a\nb\nc\n")
        #expect(!longer.matches)
        #expect(longer.firstDifferentLine == 4)
        let changed = try compare(["a\n", "b\nX\n"], golden: "a\nb\nc\n")
        #expect(changed.firstDifferentLine == 3)
        let missing = try compare(["a\n"], golden: nil)
        #expect(missing.isMissing && !missing.matches)
    }

    @Test func aGoldenPastTheDiffLimitSaysWhereItDiffers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("g.transcript").path
        let line = String(repeating: "x", count: 1023) + "\n"
        let lines = GoldenComparison.keptLimit / 1024 + 10
        try String(repeating: line, count: lines).write(toFile: path, atomically: true, encoding: .utf8)
        let comparison = GoldenComparison(goldenPath: path)
        for _ in 0..<(lines - 1) { comparison.write(line) }
        comparison.write("y\n")
        #expect(!comparison.matches)
        #expect(comparison.diff(goldenPath: path).hasPrefix("the output differs from the golden from line \(lines) on"))
    }

    /// `compare` finds the first difference as each transcript is written; it must agree with
    /// `TranscriptDifference.first`, which reads two whole texts, whatever the pieces written.
    @Test func theFirstDifferenceFoundWhileWritingAgreesWithTheWholeTexts() {
        var generator = SystemRandomNumberGenerator()
        let words = ["a", "b", "mediator wrapper", "mediator mesh", "x y"]
        for _ in 0..<500 {
            func lines() -> [String] { (0..<Int.random(in: 0...5, using: &generator)).map { _ in words.randomElement(using: &generator)! } }
            let expected = lines(), actual = lines()
            let finder = FirstLineDifference(expected: Array(expected.map { $0 + "\n" }.joined().utf8))
            var rest = Array(actual.map { $0 + "\n" }.joined().utf8)[...]
            while !rest.isEmpty {
                let piece = rest.prefix(Int.random(in: 1...4, using: &generator))
                rest = rest.dropFirst(piece.count)
                Array(piece).withUnsafeBytes { finder.write(utf8: $0) }
            }
            finder.finish()
            let whole = TranscriptDifference.first(expected: expected, actual: actual)
            #expect(finder.found?.line == whole?.line, "\(expected) \(actual)")
            #expect(finder.found?.expected == whole?.expected && finder.found?.actual == whole?.actual, "\(expected) \(actual)")
        }
    }

    /// Three files of 8 MiB took 343 MiB under `check` and 374 MiB under `report`: every tree was
    /// held until the end. Past 1 MiB of files kept, a file is read again when its turn comes.
    @Test func largeFilesAreReadAgainRatherThanHeld() throws {
        let folder = try scratchFolder(holding: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let padding = String(repeating: "# padding\n", count: 70_000)  // 700,000 bytes
        var paths: [String] = []
        for name in ["a", "b", "c"] {
            let path = folder.appendingPathComponent("\(name).scenario").path
            try ("participant \(name.uppercased())\n" + padding).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let scenarios = CheckedScenarios(paths: paths, designs: .reference) { Issue.record("\($1)") }
        #expect(scenarios.paths == paths)
        #expect(scenarios.kept(0) != nil)
        #expect(scenarios.kept(1) == nil && scenarios.kept(2) == nil)
        let again = try scenarios.scenario(2, designs: .reference).get()
        #expect(again.file.path == paths[2] && again.script.statements.count == 1)
        try FileManager.default.removeItem(atPath: paths[1])
        guard case .failure = scenarios.scenario(1, designs: .reference) else {
            Issue.record("a file gone since it was checked still loaded")
            return
        }
    }
}
