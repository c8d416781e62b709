import Foundation
import MediateTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs `mediate-test-designs`, a designs tool as a team's package builds one (the four
/// reference designs and `shouter`, whose code prints), and checks what it writes where.
@Suite("A designs tool")
struct DesignsToolTests {
    static let tool = BuiltProducts.executable("mediate-test-designs")

    static let scenario = """
        mediator shouter
        participant Ann
        participant Ben
        participant Cy
        Ann -> *: "hi"
        Ben -> Cy: "psst"

        """

    /// Runs the tool with `arguments` in a new folder holding `shout.scenario`.
    func tool(_ arguments: String...) throws -> EndToEndTests.Result {
        let e2e = EndToEndTests()
        let folder = try e2e.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.scenario.write(to: folder.appendingPathComponent("shout.scenario"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = Self.tool
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        process.currentDirectoryURL = folder
        // Files rather than pipes: the old tool, which wrote more than a pipe holds to one of
        // them, would block while the other was read.
        let out = folder.appendingPathComponent("out.txt")
        let err = folder.appendingPathComponent("err.txt")
        for file in [out, err] { #expect(FileManager.default.createFile(atPath: file.path, contents: nil)) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return .init(
            status: process.terminationStatus, standardOutput: try String(contentsOf: out, encoding: .utf8),
            standardError: try String(contentsOf: err, encoding: .utf8))
    }

    /// What the design printed, as standard error shows it.
    static let printed = """
        [shouter] delivering "hi" to Ben
        [shouter] delivering "hi" to Cy
        [shouter] delivering "psst" to Cy

        """

    @Test func whatADesignPrintsLeavesTheJSONLinesAlone() throws {
        let result = try tool("run", "shout.scenario", "--format", "jsonl")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 12)
        let notJSON = lines.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) == nil }
        #expect(notJSON.isEmpty, "\(notJSON.count) lines are not JSON")
        #expect(result.standardError == "[shouter] " + String(repeating: "x", count: 100 << 10) + "\n" + Self.printed)
    }

    /// `swift package mediate explore` runs the package's designs as often as
    /// it has schedules, and what they print must not reach its JSON.
    @Test func whatADesignPrintsLeavesTheExplorationAlone() throws {
        let result = try tool("explore", "shout.scenario", "--mediator", "shouter", "--schedules", "3", "--format", "json")
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(object?["mediator"] as? String == "shouter")
        #expect(object?["schedules"] as? Int == 3)
        #expect(object?["passed"] as? Bool == true)
        // Each schedule's lines, labelled, on standard error.
        let labelled = "[shouter] " + String(repeating: "x", count: 100 << 10) + "\n" + Self.printed
        #expect(result.standardError.components(separatedBy: labelled).count == 4)
        #expect(
            result.standardError.hasSuffix(
                "shout.scenario: note: shouter is synchronous: it has no jobs to order, so every schedule gives the same transcript\n"))
    }

    @Test func whatADesignPrintsLeavesTheSVGAlone() throws {
        let result = try tool("render", "shout.scenario", "--format", "svg", "-o", "-")
        #expect(result.status == 0)
        let parser = XMLParser(data: Data(result.standardOutput.utf8))
        #expect(parser.parse(), "\(result.standardOutput.prefix(300))")
        #expect(result.standardOutput.suffix(7) == "</svg>\n")
        #expect(result.standardError.hasSuffix(Self.printed))
    }
}

@Suite("A designs tool's help and hints")
struct DesignsToolHelpTests {
    @Test func helpCountsTheRegisteredDesigns() throws {
        let root = try DesignsToolTests().tool("--help")
        #expect(
            root.standardOutput.contains(
                "one of nine designs (protocol-extension, wrapper, direct-delegate,\nthe no-mediator mesh, actor, async-stream, notification-center, combine, and\nshouter)"
            ))
        let check = try DesignsToolTests().tool("check", "--help")
        #expect(check.standardOutput.contains("under all nine designs"))
        #expect(!check.standardOutput.contains("four"))
        let compare = try DesignsToolTests().tool("compare", "--help")
        #expect(compare.standardOutput.contains("the nine designs"))
    }

    @Test func hintsNameTheCommandOfAPackage() throws {
        let check = try DesignsToolTests().tool("check", "shout.scenario", "--mediator", "shouter")
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains(
                "run `swift package mediate check shout.scenario --output Output --mediator shouter --record missing`"))
        let noFolder = try DesignsToolTests().tool("check")
        #expect(noFolder.standardError.contains("where `swift package mediate check` looks"))
    }
}
