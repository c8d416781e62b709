import Foundation
import Testing
@testable import MediateKit
@testable import MediateDesigns

/// The report page as a browser builds it: `Scripts/screenshot-report` renders it in headless
/// Chromium (installed by `make test`) and dumps the DOM, on which these tests assert.
@Suite("Report page in Chromium")
struct ReportPageTests {
    static func renderedDOM() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html").path
        let command = ReportCommand(paths: [packageRoot.appendingPathComponent("Scenarios").path], outputPath: page, designs: .reference)
        #expect(command.execute(standardOutput: StringOutput(), standardError: StringOutput()) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.appendingPathComponent("Scripts/screenshot-report").path, page,
                             folder.appendingPathComponent("shot").path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "Scripts/screenshot-report failed; `make test` installs chromium")
        let dom = try String(contentsOf: folder.appendingPathComponent("shot.dom.html"), encoding: .utf8)
        let png = try Data(contentsOf: folder.appendingPathComponent("shot.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        return dom
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func theDOMHoldsEveryScenarioWithItsDiagramTablesAndTranscripts() throws {
        let dom = try Self.renderedDOM()
        let scenarios = ScenarioGoldenTests.scenarioNames.count
        #expect(Self.count("<section class=\"scenario\"", in: dom) == scenarios)
        #expect(Self.count("<svg", in: dom) == scenarios)
        #expect(Self.count("<table class=\"metrics\"", in: dom) == scenarios)
        #expect(Self.count("<div class=\"transcript\" data-kind=", in: dom) == 4 * scenarios)
        #expect(Self.count("class=\"line differs\"", in: dom) > 0)
        #expect(!dom.contains("<script"))
        // The index links to every section.
        for name in ScenarioGoldenTests.scenarioNames {
            let anchor = HTMLReport.anchor(String(name.dropLast(".scenario".count)))
            #expect(dom.contains("href=\"#\(anchor)\""))
            #expect(dom.contains("id=\"\(anchor)\""))
        }
        // The office scenario's deliberate failure shows in its expectations table.
        #expect(dom.contains("<code>expect Dave.role == \"engineer\"</code>"))
        #expect(dom.contains("FAILED (got \"intern\")"))
    }
}
