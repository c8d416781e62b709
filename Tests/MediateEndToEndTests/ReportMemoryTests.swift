import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateEmitters
@testable import MediateKit

/// The report page is bounded by its own bytes, the sequence view cuts
/// its labels, and names too long for Graphviz's quoted strings are still drawn. Peak memory is
/// measured by `Scripts/hostile.d/03-report-memory`, not here.
@Suite("Report page bounds")
struct ReportMemoryTests {
    /// A send of `count` `<` characters, each written six bytes long in the player's JSON.
    static func angles(_ count: Int) -> String {
        "scenario \"angles\"\nparticipant A\nparticipant B\nA -> B: \"\(String(repeating: "<", count: count))\"\n"
    }

    /// The transcripts fit in `--max-output`; the page, which writes each line again as JSON and
    /// each message again in every sequence view, does not: it is not written, and exit 3.
    @Test func aPagePastMaxOutputIsNotWritten() throws {
        let folder = try scratchFolder(holding: ["angles.scenario": Self.angles(20_000)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try WriteFailureTests().mediate(["run", "angles.scenario", "--max-output", "400K"], in: folder)
        #expect(run.status == 0)
        let result = try WriteFailureTests().mediate(
            ["report", "angles.scenario", "-o", "page.html", "--max-output", "400K"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.contains("error: the report page would take more than 400 KiB (--max-output)"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
        #expect(WriteFailureTests().listing(folder).sorted() == ["angles.scenario", "out"])
    }

    /// Within the limit, the page is written whole, and is no larger than the limit. The page
    /// grows with each design: 1,000 angles take 329 KiB under the eight reference designs (2,000
    /// took 423 KiB, past the limit, once combine was added).
    @Test func aPageWithinMaxOutputIsWrittenWithinIt() throws {
        let folder = try scratchFolder(holding: ["angles.scenario": Self.angles(1_000)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(
            ["report", "angles.scenario", "-o", "page.html", "--max-output", "400K"], in: folder)
        #expect(result.status == 0)
        let page = try Data(contentsOf: folder.appendingPathComponent("page.html"))
        #expect(page.count <= 400 << 10)
        #expect(String(decoding: page, as: UTF8.self).hasSuffix("</html>\n"))
    }

    /// Names of 20,000 characters (past DOT's 16,384-byte quoted strings) are drawn in every
    /// diagram, cut in their labels; the sequence view cuts them too.
    @Test(arguments: ["messages", "logical", "coupling", "compare", "sequence"])
    func aTwentyThousandCharacterNameIsDrawn(graph: String) throws {
        let long = "P" + String(repeating: "a", count: 20_000)
        let source =
            "scenario \"long names\"\nparticipant \(long)1 : Node\nparticipant \(long)2 : Node\n"
            + "on Node receives hi { self -> *: \"back\" }\n\(long)1 -> *: hi\n"
        let folder = try scratchFolder(holding: ["long.scenario": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(["render", "long.scenario", "--graph", graph, "-o", "out.svg"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)
        #expect(svg.contains("</svg>"))
        #expect(svg.utf8.count < 200_000)
    }

    /// The same scenario can be recorded and then checked.
    @Test func aScenarioWithTwentyThousandCharacterNamesPassesCheck() throws {
        let long = "P" + String(repeating: "b", count: 20_000)
        let source = "scenario \"long names\"\nparticipant \(long)1\nparticipant \(long)2\n\(long)1 -> \(long)2: \"hi\"\n"
        let folder = try scratchFolder(holding: ["long.scenario": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = try WriteFailureTests().mediate(["check", "long.scenario", "--output", "out", "--record", "all"], in: folder)
        #expect(record.status == 0, "\(record.standardOutput)\(record.standardError)")
        let check = try WriteFailureTests().mediate(["check", "long.scenario", "--output", "out"], in: folder)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func theSequenceViewIsLeftOutPastItsLimits() throws {
        var source = "scenario \"long\"\nmediator wrapper\nparticipant A\nparticipant B\n"
        for _ in 0..<(StepRecorder.sequenceLineLimit / 2 + 1) { source += "A -> B: hi\n" }
        let folder = try scratchFolder(holding: ["long.scenario": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try WriteFailureTests().mediate(["report", "long.scenario", "-o", "page.html"], in: folder)
        #expect(result.status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.contains("Not drawn: the sequence view is drawn for up to"))
        #expect(!page.contains("id=\"s0-d0-step-1-send\""))
        #expect(page.contains("id=\"s0&#45;d0&#45;link&#45;0\""))  // Graphviz writes - as &#45;
    }
}
