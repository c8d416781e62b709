import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The diagrams `make run` writes beside each transcript: DOT byte for byte, SVG as well-formed
/// XML that shows every participant (Graphviz writes its version into SVG).
@Suite("Diagrams against Output")
struct DiagramGoldenTests {
    static let scenarioNames = ScenarioGoldenTests.scenarioNames

    static func golden(_ stem: String, _ file: String) throws -> String {
        let url = packageRoot.appendingPathComponent("Output/\(stem)/\(file)")
        return try #require(try? String(contentsOf: url, encoding: .utf8), "\(url.path) is missing: run `make run`")
    }

    @Test(arguments: scenarioNames, MediatorKind.allCases)
    func messageAndCouplingDOTMatchOutput(name: String, kind: MediatorKind) throws {
        let scenario = try CommittedScenarios.load(name)
        let run = KindRun.run(scenario, kind: kind, output: nil)
        let stem = scenario.stem
        #expect(
            DOTEmitter.messages(run.messages, title: scenario.title, kind: kind)
                == (try Self.golden(stem, "\(kind.rawValue).messages.dot")))
        #expect(
            DOTEmitter.coupling(
                run.references, metrics: run.metrics, participants: scenario.participants,
                title: scenario.title, kind: kind)
                == (try Self.golden(stem, "\(kind.rawValue).coupling.dot")))
    }

    @Test(arguments: scenarioNames)
    func compareDOTAndJSONMatchOutput(name: String) throws {
        let scenario = try CommittedScenarios.load(name)
        let report = ComparisonReport(scenario: scenario)
        #expect(
            DOTEmitter.compare(report.columns, participants: scenario.participants, title: scenario.title)
                == (try Self.golden(scenario.stem, "compare.dot")))
        #expect(ComparisonFormatter.json(report) == (try Self.golden(scenario.stem, "compare.json")))
    }

    @Test(arguments: scenarioNames)
    func committedSVGsAreWellFormedAndShowEveryParticipant(name: String) throws {
        let scenario = try CommittedScenarios.load(name)
        var participants: [String] = []
        for statement in scenario.script.statements {
            if case .participant(let declaration) = statement { participants.append(declaration.name.text) }
        }
        var files = ["compare.svg"]
        for kind in MediatorKind.allCases { files += ["\(kind.rawValue).messages.svg", "\(kind.rawValue).coupling.svg"] }
        for file in files {
            let svg = try Self.golden(scenario.stem, file)
            let texts = try SVGText.texts(of: svg)
            for participant in participants {
                #expect(texts.contains { $0.contains(participant) }, "\(file) does not show \(participant)")
            }
        }
    }
}
