import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// `mediate compare`'s table and JSON: which participants they list, and what the per-participant
/// numbers tell apart.
@Suite("Compare table")
struct CompareTableTests {
    @Test(arguments: ["office.scenario", "control-room.scenario"])
    func theTableListsEveryParticipantTheJSONLists(name: String) throws {
        let report = ComparisonReport(scenario: try CommittedScenarios.load(name))
        let json = try JSONSerialization.jsonObject(with: Data(ComparisonFormatter.json(report).utf8)) as? [String: Any]
        let implementations = try #require(json?["implementations"] as? [[String: Any]])
        let listed = Set(implementations.flatMap { ($0["participants"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } })
        let table = ComparisonFormatter.table(report)
        let fans = try #require(table.components(separatedBy: "\n\n").first { $0.hasPrefix("fan-in") })
        let rows = Set(fans.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) })
        #expect(rows == listed)
    }

    /// Instability was 0.50 for every participant under every design here: each reference is
    /// paired with one back, so fan-in equals fan-out. The per-participant numbers must tell the
    /// designs that hold their mediator weakly from direct-delegate, which holds it strongly.
    @Test(arguments: ["musketeers.scenario", "chat.scenario", "characters.scenario", "date-planning.scenario"])
    func theParticipantMetricsTellTheDesignsApart(name: String) throws {
        let report = ComparisonReport(scenario: try CommittedScenarios.load(name))
        let json = try JSONSerialization.jsonObject(with: Data(ComparisonFormatter.json(report).utf8)) as? [String: Any]
        let implementations = try #require(json?["implementations"] as? [[String: Any]])
        func participants(_ kind: String) -> [NSDictionary] {
            implementations.first { $0["kind"] as? String == kind }?["participants"] as? [NSDictionary] ?? []
        }
        #expect(!participants("protocol-extension").isEmpty)
        #expect(participants("protocol-extension") == participants("wrapper"))
        #expect(participants("protocol-extension") != participants("direct-delegate"))
        #expect(participants("direct-delegate") != participants("mesh"))
    }
}
