import Foundation
import MediateTestSupport
import Testing

/// `--max-output` through the built binary: a run, `check` and `report` past the budget stop
/// with exit 3, and `report` draws no compare diagram past the diagram limit.
@Suite("Output budget, end to end")
struct OutputBudgetEndToEndTests {
    /// Twenty participants echo every 50,000-byte `ping` to all the others: 380 deliveries of it
    /// a send, 19 MB of transcript; ten sends pass 64 MiB, in a file of 500 KB.
    static let fan: String = {
        var source = "scenario \"fan\"\n"
        for index in 1...20 { source += "participant P\(index) : Node\n" }
        source += "on Node receives ping(text) { self -> *: echo(text: text) }\n"
        let text = String(repeating: "x", count: 50_000)
        for _ in 1...10 { source += "P1 -> *: ping(text: \"\(text)\")\n" }
        return source
    }()

    // `run` is checked at the default budget (64 MiB). `check` and `report` share that default
    // (`ByteCountArgument.default`; docs/CLI.md, which a test keeps current, shows it for each),
    // and stop at 8 MiB here: the same code path, in a fraction of the debug binary's time.

    /// A 5-line scenario wrote 500 MB per design at `--max-depth 10000`.
    @Test func aDeepChainStopsAtTheDefaultBudget() throws {
        let folder = try scratchFolder(holding: ["deep.scenario": ScenarioSources.pingPong])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(["run", "deep.scenario", "--max-depth", "10000"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardOutput.utf8.count < (64 << 20) + 40_000)
        #expect(result.standardOutput.contains("! outputLimit 67108864 at step 1 (line 5)\nend: "))
        #expect(result.standardOutput.hasSuffix("leaked: none\n"))
        #expect(result.standardError.contains("the run wrote more than 64 MiB of output; it stopped here"))
    }

    /// `check` held every transcript in memory; a run past the budget is now an error.
    @Test func checkStopsARunPastTheBudgetAndRecordsNothing() throws {
        let folder = try scratchFolder(holding: ["fan.scenario": Self.fan])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(
            ["check", "fan.scenario", "--output", "out", "--record", "all", "--jobs", "1", "--max-output", "8M"],
            in: folder)
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("error fan.scenario [wrapper]: the run wrote more than 8 MiB of transcript"))
        #expect(WriteFailureTests().listing(folder.appendingPathComponent("out")).isEmpty)
    }

    /// `report` was killed at 5.3 GB; the page's transcripts now share one budget.
    @Test func reportWritesNoPagePastTheBudget() throws {
        let folder = try scratchFolder(holding: ["fan.scenario": Self.fan])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(["report", "fan.scenario", "-o", "page.html", "--max-output", "8M"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.contains("error: the report's transcripts would take more than 8 MiB (--max-output)"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
    }

    /// The compare diagram in a report lays out only what fits the diagram limit, as `render`
    /// does: an 80-participant mesh's box is summarised (a 1,000-participant mesh drawn whole
    /// took 44 s and 2.4 GB), and the other designs' boxes are drawn.
    @Test func reportSummarisesTheCompareBoxesPastTheDiagramLimit() throws {
        var source = "scenario \"big\"\nmediator mesh\n"
        for index in 1...80 { source += "participant P\(index)\n" }
        source += "P1 -> P2: hi\n"
        let folder = try scratchFolder(holding: ["big.scenario": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(["report", "big.scenario", "-o", "page.html"], in: folder)
        #expect(result.status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        let coupling = try #require(page.range(of: "<h3>Coupling</h3>")?.upperBound)
        let expectations = try #require(page.range(of: "<h3>Expectations</h3>")?.lowerBound)
        #expect(page[coupling..<expectations].contains("not drawn: 6,320 references"))
        #expect(page[coupling..<expectations].contains("<svg"))
        #expect(!page[coupling..<expectations].contains("could not be drawn"))
    }
}
