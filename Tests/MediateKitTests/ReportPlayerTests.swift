import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// What the report page's player is given: steps, the edges each step used, the differences
/// between designs, and data that no text can break out of. Tests/Browser/player_test.py checks
/// the page itself in Chromium.
@Suite("Report player data")
struct ReportPlayerTests {
    /// Runs chat under `kind`, recording steps, and names each step's edges `FROM->TO`.
    static func chatSteps(_ kind: MediatorKind) throws -> (starts: [Int], edges: [[String]]) {
        let scenario = try CommittedScenarios.load("chat.scenario")
        let design = try #require(scenario.designs.design(kind))
        var recorder: StepRecorder?
        let run = KindRun.run(scenario, design: design, output: nil) { collector in
            recorder = StepRecorder(collector: collector, sequence: nil)
            return [recorder!]
        }
        let steps = try #require(recorder)
        let names = steps.stepEdges.map { codes in
            codes.map { code in
                let link = run.messages.links[code / 2]
                return "\(link.from)->\(link.to)\(code % 2 == 1 ? " missing" : "")"
            }.sorted()
        }
        return (steps.stepStarts, names)
    }

    @Test func eachTopLevelStatementIsAStepWithTheRouteItTook() throws {
        let wrapper = try Self.chatSteps(.wrapper)
        // Header; four participants; four sends of seven lines; two expectations; the end.
        #expect(wrapper.starts == [0, 2, 3, 4, 5, 6, 13, 20, 27, 34, 35, 36])
        #expect(wrapper.edges[5] == ["A->mediator", "mediator->B", "mediator->C", "mediator->D"])
        #expect(wrapper.edges[0...4].allSatisfy { $0.isEmpty })
        #expect(wrapper.edges[9...].allSatisfy { $0.isEmpty })
        let mesh = try Self.chatSteps(.mesh)
        #expect(mesh.starts == wrapper.starts)
        #expect(mesh.edges[5] == ["A->B", "A->C", "A->D"])
    }

    @Test func differencesAreFoundByStepAndMarkedInTheLaneThatDiffers() {
        let own: [Substring] = ["scenario T", "mediator a", "+ A : P", "1 A -> B hi", "  B <- A hi", "end", "leaked: none"]
        let other: [Substring] = ["scenario T", "mediator b", "+ A : P", "1 A -> B hi", "  ! missingReceiver B", "end", "leaked: none"]
        let starts = [0, 2, 3, 5]
        let found = HTMLReport.differences(lines: [own, other, own], starts: [starts, starts, starts], own: 0)
        // The header's `mediator` line differs by design and is not a difference. The odd lane is
        // marked, and said to differ from the own kind's; the own kind's lane is not marked.
        #expect(found == .init(steps: [2], from: [0], odd: [[1]], marks: [[], [4], []]))
        // When the own kind is the odd one out, the others are not painted: it differs from them.
        let odd = HTMLReport.differences(lines: [other, own, own], starts: [starts, starts, starts], own: 0)
        #expect(odd == .init(steps: [2], from: [1], odd: [[0]], marks: [[4], [], []]))
        // Without `majority` (an outcomes player), every lane is held against the first.
        let first = HTMLReport.differences(lines: [other, own, own], starts: [starts, starts, starts], own: 0, majority: false)
        #expect(first == .init(steps: [2], from: [0], odd: [[1, 2]], marks: [[], [4], [4]]))
        // A lane that stopped early differs where its steps are missing, with no line to mark.
        let short = HTMLReport.differences(lines: [own, Array(own[0..<3])], starts: [starts, [0, 2]], own: 0)
        #expect(short == .init(steps: [2, 3], from: [0, 0], odd: [[1], [1]], marks: [[], []]))
    }

    /// A `<style>` applies to the whole page: one in each of the 100 sequence diagrams of the
    /// report of Scenarios/ made Chromium spend seconds on styles. The page writes their look and
    /// arrowhead once; a diagram drawn alone keeps its own.
    @Test func thePageWritesTheSequenceDiagramsLookOnce() throws {
        let page = try ReportOutcomesTests.page(packageRoot.appendingPathComponent("Scenarios/smart-home.scenario").path, schedules: 0)
        let diagrams = page.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=").dropFirst()
            .filter { $0.contains("class=\"lifeline") }
        #expect(diagrams.count == MediatorKind.allCases.count)
        #expect(diagrams.allSatisfy { !$0.components(separatedBy: "</svg>")[0].contains("<style>") })
        #expect(page.components(separatedBy: SequenceSVGWriter.pageStyle).count == 2)
        // The arrowhead, and the current arrows' (`PlayerScript.currentArrowhead`), once each.
        #expect(page.components(separatedBy: "<marker id=").count == 3)
        #expect(page.components(separatedBy: "<marker id=\"pl-arrowhead-current\"").count == 2)
        #expect(page.contains("marker-end: url(#sequence-arrowhead)"))
        let alone = SequenceSVGWriter(title: "T", kind: .wrapper, participants: ["A"], mediatorLifeline: false).svg()
        #expect(alone.contains("<style>") && alone.contains("<marker id=\"arrowhead\""))
    }

    /// The index says what each design delivered and what went wrong: air traffic under mesh
    /// (nothing delivered, five errors, intended failures, leaks) no longer reads like wrapper.
    /// An intended failure in the expectations table has its own colour, not the green of `ok`.
    @Test func theIndexCountsDeliveriesAndErrorsAndIntendedFailuresStandApart() throws {
        let page = try ReportOutcomesTests.page(packageRoot.appendingPathComponent("Scenarios/air-traffic.scenario").path, schedules: 0)
        func table(_ name: String) throws -> String {
            let after = try #require(page.components(separatedBy: "<table class=\"\(name)\">").dropFirst().first)
            return after.components(separatedBy: "</table>")[0]
        }
        let index = try table("index")
        let cells = index.matches(of: /<td class="(good|warn|bad)">([^<]*)<\/td>/).map { (String($0.output.1), String($0.output.2)) }
        let kinds = MediatorKind.allCases.map(\.rawValue)
        #expect(cells.count == kinds.count)
        let mesh = try #require(kinds.firstIndex(of: "mesh")), wrapper = try #require(kinds.firstIndex(of: "wrapper"))
        #expect(cells[mesh] == ("bad", "0 delivered, 5 errors, ok, 4 fail as intended, 4 leaked"))
        #expect(cells[wrapper].0 == "good")
        #expect(cells[wrapper].1 == "15 delivered, ok")
        let expectations = try table("expectations")
        #expect(expectations.contains("<td class=\"intended\" title=\"fails as intended\">ok (got 0)</td>"))
        #expect(!expectations.contains("<td class=\"good\">ok (got"))
    }

    @Test func jsonTextCannotEndTheScriptElement() {
        #expect(
            JSONText.string("</script><img src=x onerror=alert(1)>")
                == #""\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e""#)
        #expect(JSONText.string("a\"b\\c\nd\u{1}e\u{2028}f&") == #""a\"b\\c\nd\u0001e\u2028f\u0026""#)
        #expect(JSONText.array([]) == "[]")
        #expect(JSONText.array([3, 1]) == "[3,1]")
    }
}
