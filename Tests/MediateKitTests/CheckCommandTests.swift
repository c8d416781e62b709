import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

#if canImport(FoundationXML)
    import FoundationXML
#endif

private let greeting = """
    participant A
    participant B
    A -> B: "hello"
    """

@Suite("mediate check")
struct CheckCommandTests {
    /// The reference designs a scenario's goldens are checked under.
    let designs = MediatorKind.allCases.count

    /// A workspace with one scenario whose goldens are recorded.
    func recorded() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", greeting)
        let recording = workspace.check(record: .all)
        #expect(recording.code == 0)
        return workspace
    }

    @Test func everythingMatches() throws {
        let workspace = try recorded()
        let result = workspace.check()
        #expect(result.code == 0)
        #expect(result.out == "\(designs) passed, 0 failed\n")
        #expect(workspace.read("Output/greeting/mesh.coupling.svg")?.hasPrefix("<?xml") == true)
    }

    @Test func mediatorChecksOneDesign() throws {
        let workspace = try recorded()
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/mesh.transcript"))
        let wrapper = workspace.check(mediator: .kind(.wrapper))
        #expect(wrapper.code == 0)
        #expect(wrapper.out == "1 passed, 0 failed\n")
        let mesh = workspace.check(mediator: .kind(.mesh))
        #expect(mesh.code == 1)
        #expect(mesh.out.hasSuffix("--mediator mesh --record missing` to write it\n0 passed, 1 failed\n"))
        let unknown = workspace.check(mediator: .kind(MediatorKind("mesh-2")))
        #expect(unknown.code == 2)
        #expect(unknown.err.hasPrefix("error: no design is registered as 'mesh-2'\n"))
    }

    @Test func aMismatchPrintsTheFileAndAUnifiedDiff() throws {
        let workspace = try recorded()
        try workspace.write("Scenarios/greeting.scenario", greeting.replacingOccurrences(of: "hello", with: "bye"))
        let result = workspace.check()
        #expect(result.code == 1)
        #expect(
            result.out.contains(
                """
                FAIL Scenarios/greeting.scenario [wrapper] Output/greeting/wrapper.transcript
                --- expected
                +++ actual
                @@ -2,7 +2,7 @@
                 mediator wrapper
                 + A : Participant
                 + B : Participant
                -1 A -> B "hello"
                -  B <- A "hello"
                +1 A -> B "bye"
                +  B <- A "bye"
                 end: 1 sends, 1 deliveries, 0 errors, 0 failed expectations
                 leaked: none

                """))
        #expect(result.out.hasSuffix("0 passed, \(designs) failed\n"))
    }

    @Test func aMissingGoldenFails() throws {
        let workspace = try recorded()
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/mesh.transcript"))
        let result = workspace.check()
        #expect(result.code == 1)
        #expect(
            result.out.contains(
                "FAIL Scenarios/greeting.scenario [mesh] Output/greeting/mesh.transcript: missing\n"
                    + "1 golden is missing: run `mediate check Scenarios --output Output --record missing` to write it\n"))
        #expect(result.out.hasSuffix("\(designs - 1) passed, 1 failed\n"))
    }

    @Test func anOrphanedGoldenFails() throws {
        let workspace = try recorded()
        try workspace.write("Output/gone/wrapper.transcript", "scenario gone\n")
        let result = workspace.check()
        #expect(result.code == 1)
        #expect(result.out.contains("FAIL orphaned golden Output/gone/wrapper.transcript: no scenario writes it\n"))
        #expect(result.out.hasSuffix("\(designs) passed, 1 failed\n"))
    }

    @Test func anInvalidScenarioExitsTwo() throws {
        let workspace = try recorded()
        try workspace.write("Scenarios/broken.scenario", "participant A\nA -> Z: \"x\"\n")
        let result = workspace.check()
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("Scenarios/broken.scenario:2:6: error: unknown participant 'Z'"))
    }

    @Test func recordNeverWritesNothing() throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", greeting)
        let result = workspace.check(record: .never)
        #expect(result.code == 1)
        #expect(workspace.read("Output/greeting/wrapper.transcript") == nil)
    }

    @Test func recordMissingWritesOnlyAbsentGoldens() throws {
        let workspace = try recorded()
        try workspace.write("Output/greeting/wrapper.transcript", "stale\n")
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/mesh.transcript"))
        let result = workspace.check(record: .missing)
        #expect(result.out.contains("recorded Output/greeting/mesh.transcript\n"))
        #expect(workspace.read("Output/greeting/wrapper.transcript") == "stale\n")
        #expect(result.code == 1)
    }

    @Test func recordFailedRewritesMismatchesAndMissingGoldens() throws {
        let workspace = try recorded()
        try workspace.write("Output/greeting/wrapper.transcript", "stale\n")
        try FileManager.default.removeItem(atPath: workspace.path("Output/greeting/mesh.transcript"))
        let result = workspace.check(record: .failed)
        #expect(result.code == 0)
        #expect(result.out.contains("recorded Output/greeting/wrapper.transcript\n"))
        #expect(result.out.contains("recorded Output/greeting/mesh.transcript\n"))
        #expect(!result.out.contains("recorded Output/greeting/direct-delegate.transcript"))
        #expect(workspace.check().code == 0)
    }

    @Test func recordAllRewritesEveryGolden() throws {
        let workspace = try recorded()
        let result = workspace.check(record: .all)
        #expect(result.code == 0)
        #expect(result.out.components(separatedBy: "recorded ").count - 1 == 3 * designs)
    }

    @Test(arguments: [GoldenRecordMode.missing, .failed, .all])
    func recordingIsRefusedUnderCI(mode: GoldenRecordMode) throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", greeting)
        let result = workspace.check(record: mode, environment: ["CI": "true"])
        #expect(result.code == 2)
        #expect(result.err.contains("--record \(mode.rawValue) is refused because CI is set"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("Output")))
    }

    /// `CI` unset, empty, `0` or `false` (in any case) is not CI, as most tools
    /// read it; any other value is.
    @Test(arguments: [
        ("", false), ("0", false), ("false", false), ("FALSE", false), ("False", false), ("1", true), ("true", true), ("yes", true),
    ])
    func ciCountsUnlessEmptyZeroOrFalse(value: String, isCI: Bool) throws {
        let workspace = try Workspace()
        try workspace.write("Scenarios/greeting.scenario", greeting)
        let result = workspace.check(record: .missing, environment: ["CI": value])
        #expect(result.code == (isCI ? 2 : 0))
        #expect(FileManager.default.fileExists(atPath: workspace.path("Output/greeting/wrapper.transcript")) == !isCI)
    }

    @Test func theOutputIsByteIdenticalWhateverTheJobs() throws {
        let workspace = try recorded()
        try workspace.write("Scenarios/other.scenario", greeting + "\nB -> *: \"back\"\n")
        try workspace.write("Scenarios/greeting.scenario", greeting.replacingOccurrences(of: "hello", with: "bye"))
        let one = workspace.check(jobs: 1, junit: true)
        let junitOne = workspace.read("junit.xml")
        let four = workspace.check(jobs: 4, junit: true)
        #expect(one.out == four.out)
        #expect(one.err == four.err)
        #expect(junitOne == workspace.read("junit.xml"))
        #expect(one.code == 1)
    }

    @Test func theJUnitReportParsesBackAsXML() throws {
        let workspace = try recorded()
        try workspace.write("Scenarios/greeting.scenario", greeting.replacingOccurrences(of: "hello", with: "<&\\\"bye\\\">"))
        try workspace.write("Output/gone/mesh.transcript", "x\n")
        _ = workspace.check(junit: true)
        let xml = try #require(workspace.read("junit.xml"))
        let parsed = try JUnitReading.parse(xml)
        #expect(parsed.cases.count == designs + 1)
        #expect(parsed.cases.filter(\.failed).count == designs + 1)
        #expect(parsed.cases.first?.name == "protocol-extension")
        #expect(parsed.failureTexts.first?.contains("-1 A -> B \"hello\"\n") == true)
        #expect(parsed.failureTexts.first?.contains("+1 A -> B \"<&\\\"bye\\\">\"\n") == true)
        #expect(parsed.suiteAttributes["tests"] == "\(designs + 1)")
        #expect(parsed.suiteAttributes["failures"] == "\(designs + 1)")
        #expect(parsed.properties == ["mediate.version": mediateVersion])
    }

    @Test func githubAnnotationsCarryFileLineAndColumn() throws {
        let workspace = try recorded()
        try workspace.write("Scenarios/broken.scenario", "participant A\nA -> Zed: \"x\"\n")
        let result = workspace.check(format: .github)
        #expect(result.code == 2)
        let path = workspace.path("Scenarios/broken.scenario")
        let escaped = path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(
            result.err
                == "::error file=\(escaped.replacingOccurrences(of: workspace.root.path + "/", with: "")),line=2,col=6,endLine=2,endColumn=9::unknown participant 'Zed'\n"
        )
    }

    @Test func jsonDiagnosticsAreOneObjectPerLine() throws {
        let file = SourceFile(path: "x.scenario", text: "participant A\nA -> Zed: \"x\"\nrelease Q\n")
        guard case .failure(let diagnostics) = Frontend.load(file, designs: .reference) else { Issue.record("no error"); return }
        let lines = DiagnosticFormat.json.render(diagnostics.items, in: file).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["file"] as? String == "x.scenario")
        #expect(first["line"] as? Int == 2)
        #expect(first["column"] as? Int == 6)
        #expect(first["message"] as? String == "unknown participant 'Zed'")
    }

    @Test func annotationEscapingFollowsGitHub() {
        #expect(DiagnosticFormat.escapeData("50% done\nnext\r") == "50%25 done%0Anext%0D")
        #expect(DiagnosticFormat.escapeProperty("a:b,c") == "a%3Ab%2Cc")
    }
}

/// Reads a JUnit report back with Foundation's XML parser.
enum JUnitReading {
    struct Case {
        var classname: String
        var name: String
        var failed: Bool
    }

    struct Parsed {
        var cases: [Case] = []
        var failureTexts: [String] = []
        var suiteAttributes: [String: String] = [:]
        var properties: [String: String] = [:]
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var parsed = Parsed()
        var text: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testsuite": parsed.suiteAttributes = attributes
            case "property": parsed.properties[attributes["name"] ?? ""] = attributes["value"]
            case "testcase":
                parsed.cases.append(Case(classname: attributes["classname"] ?? "", name: attributes["name"] ?? "", failed: false))
            case "failure":
                parsed.cases[parsed.cases.count - 1].failed = true
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "failure", let text { parsed.failureTexts.append(text) }
            if name == "failure" { text = nil }
        }
    }

    struct Malformed: Error {}

    static func parse(_ xml: String) throws -> Parsed {
        let parser = XMLParser(data: Data(xml.utf8))
        let delegate = Delegate()
        parser.delegate = delegate
        guard parser.parse() else { throw Malformed() }
        return delegate.parsed
    }
}
