import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// The report keeps its runs' transcripts in a temporary file until the page is written
/// (`TranscriptSpill`): each one's lines and steps read back as they were written, nothing is left
/// in the temporary folder, and transcripts that cannot be kept write no page.
@Suite("Report transcript files")
struct ReportTranscriptFileTests {
    /// Lines of every length up to past two chunks, so that lines are cut by the chunks' ends in
    /// every way, with `expect` lines among them.
    static func text(finalNewline: Bool) -> String {
        var lines: [String] = []
        for number in 0..<400 {
            let length = number % 37 == 0 ? SpilledTranscript.chunkSize * 2 + number : (number * 7919) % 1_500
            let line = number % 50 == 3 ? "expect line \(number) ok" : String(repeating: "é-\(number % 10)", count: length / 4)
            lines.append(line)
        }
        lines[7] = ""
        return lines.joined(separator: "\n") + (finalNewline ? "\n" : "")
    }

    @Test(arguments: [true, false])
    func linesAndStepsReadBackAsWritten(finalNewline: Bool) throws {
        let folder = try scratchFolder(holding: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.text(finalNewline: finalNewline)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let starts = [0, 2, 7, 8, 150, 399, 400]
        let spill = try TranscriptSpill(in: folder.path)
        // Another transcript before and after it in the file.
        let before = try spill.append { output in
            output.write("scenario before\nexpect before ok\n")
            return [0, 1]
        }
        let transcript = try spill.append { output in
            output.write(text)
            return starts
        }
        let after = try spill.append { output in
            output.write("after\n")
            return [0]
        }
        #expect(transcript.size == text.utf8.count)
        #expect(transcript.lineCount == lines.count)
        #expect(Array(transcript.lines) == lines.map(String.init))
        #expect(transcript.expectations == lines.filter { $0.hasPrefix("expect ") }.map(String.init))
        for (step, start) in starts.enumerated() {
            let end = step + 1 < starts.count ? starts[step + 1] : lines.count
            #expect(transcript.lines(ofStep: step) == Array(lines[start..<end]), "step \(step)")
        }
        #expect(transcript.lines(ofStep: starts.count).isEmpty)
        #expect(Array(before.lines) == ["scenario before", "expect before ok"] && before.expectations == ["expect before ok"])
        #expect(before.lines(ofStep: 1) == ["expect before ok"])
        #expect(Array(after.lines) == ["after"] && after.lineCount == 1)
        #expect(spill.readFailure == 0)
        // The file was removed as soon as it was made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    }

    @Test func anEmptyTranscriptHasNoLines() throws {
        let transcript = try TranscriptSpill().append { _ in [0] }
        #expect(transcript.size == 0 && transcript.lineCount == 0)
        #expect(Array(transcript.lines).isEmpty)
        #expect(transcript.lines(ofStep: 0).isEmpty)
    }

    static let chat = packageRoot.appendingPathComponent("Scenarios/chat.scenario").path

    @Test func theReportLeavesNothingInItsTemporaryFolder() throws {
        let folder = try scratchFolder(holding: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        var command = ReportCommand(paths: [Self.chat], outputPath: folder.appendingPathComponent("page.html").path, designs: .reference)
        command.temporaryFolder = folder.appendingPathComponent("out").path
        let errors = StringOutput()
        #expect(command.execute(standardOutput: StringOutput(), standardError: errors) == 0, "\(errors.text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).isEmpty)
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.hasSuffix("</html>\n"))
    }

    /// Transcripts that cannot be kept (the folder for their file is missing) write no page, and
    /// leave the file at the page's path as it was, with no temporary file beside it.
    @Test func transcriptsThatCannotBeKeptWriteNoPage() throws {
        let folder = try scratchFolder(holding: ["page.html": "the old page\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("page.html").path
        var command = ReportCommand(paths: [Self.chat], outputPath: path, designs: .reference)
        let missing = folder.appendingPathComponent("missing").path
        command.temporaryFolder = missing
        let out = StringOutput()
        let errors = StringOutput()
        #expect(command.execute(standardOutput: out, standardError: errors) == 3)
        #expect(out.text.isEmpty)
        #expect(
            errors.text.contains(
                "error: cannot make a temporary file for the report's transcripts: No such file or directory; no page was written\n"),
            "\(errors.text)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the old page\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out", "page.html"])
    }
}
