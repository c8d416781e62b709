import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

/// Every file in `Scenarios/` under every kind, against its committed transcript in `Output/`.
@Suite("Scenarios against Output")
struct ScenarioGoldenTests {
    static let scenarioNames = CommittedScenarios.names

    @Test func thereAreScenarios() {
        #expect(Self.scenarioNames.count >= 8)
    }

    @Test(arguments: scenarioNames, MediatorKind.allCases)
    func transcriptMatchesOutput(name: String, kind: MediatorKind) throws {
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name)"), encoding: .utf8)
        let stem = String(name.dropLast(".scenario".count))
        let golden = packageRoot.appendingPathComponent("Output/\(stem)/\(kind.rawValue).transcript")
        let expected = try #require(
            try? String(contentsOf: golden, encoding: .utf8),
            "\(golden.path) is missing: run `make run` to write it")
        let actual = try runScenario(source, kind: kind, path: "Scenarios/\(name)").text
        #expect(actual == expected, "Output/\(stem)/\(kind.rawValue).transcript differs; run `make run` if the change is intended")
    }
}

/// The published examples (docs/DESIGNS.md), under their own designs, print what their programs print.
@Suite("Examples reproduce their programs' output")
struct ExampleOutputTests {
    func log(of name: String) throws -> String {
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).scenario"), encoding: .utf8)
        return try runScenario(source, format: .log).text
    }

    @Test func chatPrintsItsTwelveLines() throws {
        var expected = ""
        for sender in ["A", "B", "C", "D"] {
            for receiver in ["A", "B", "C", "D"] where receiver != sender {
                expected += "\(receiver) received message 'I am \(sender)' from \(sender)\n"
            }
        }
        #expect(try log(of: "chat") == expected)
        #expect(expected.split(separator: "\n").count == 12)
    }

    @Test func musketeersPrintTheirLines() throws {
        let names = ["Athos", "Porthos", "Aramis"]
        let texts = ["One for all...!", "and all for one...!", "Unus pro omnibus, omnes pro uno!"]
        var expected = ""
        for (sender, text) in zip(names, texts) {
            expected += "\(sender) sent: \(text)\n"
            for receiver in names where receiver != sender { expected += "\(receiver) received: \(text)\n" }
        }
        for receiver in names { expected += "\(receiver) received: Charge!\n" }
        #expect(try log(of: "musketeers") == expected)
    }

    @Test func priceSummaryPrintsBothPrices() throws {
        #expect(try log(of: "price-summary") == "999.99\n1099.99\n")
    }

    @Test func charactersPrintTheMobsThenMario() throws {
        #expect(
            try log(of: "characters") == """
                Blue received: you are going to die soon!😄
                Yellow received: you are going to die soon!😄
                Boss received: you are going to die soon!😄
                Mario received hitTest at x: 10, y: 23

                """)
    }

    @Test func datePlanningNarrowsTheOthersAndResets() throws {
        #expect(
            try log(of: "date-planning") == """
                Restaurants: selected Trattoria Roma
                Bars: next search near Trattoria Roma
                Theaters: next search near Trattoria Roma
                Theaters: selected Odeon
                Restaurants: next search near Odeon
                Bars: next search near Odeon
                Restaurants: selection cleared
                Bars: selection cleared
                Theaters: selection cleared

                """)
    }
}
