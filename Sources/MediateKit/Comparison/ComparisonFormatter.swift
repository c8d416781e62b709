import Foundation

/// Writes a `ComparisonReport` as the JSON `mediate compare --format json` prints, or as a
/// plain-text table.
public enum ComparisonFormatter {
    /// `{"scenario": TITLE, "implementations": [{"kind", "references", …, "firstDifference"}]}`,
    /// keys sorted, ending in a newline.
    ///
    /// - Parameter report: The comparison to write.
    /// - Returns: The JSON document.
    public static func json(_ report: ComparisonReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(report))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Two tables: the metrics of each kind, then the fan-in, fan-out and strong fan-out per kind
    /// of every participant some kind still holds (`-` where a kind does not), in declaration
    /// order; then each kind's first difference from the scenario's own kind.
    /// The title and transcript lines show control and bidirectional characters as `\u{X}`.
    ///
    /// - Parameter report: The comparison to write.
    /// - Returns: The tables, each line ending in a newline.
    public static func table(_ report: ComparisonReport) -> String {
        let kinds = report.implementations
        var rows: [[String]] = [[""] + kinds.map { $0.run.kind.rawValue }]
        func row(_ name: String, _ value: (CouplingMetrics) -> String) {
            rows.append([name] + kinds.map { value($0.run.metrics) })
        }
        row("references") { String($0.references) }
        row("strong") { String($0.strong) }
        row("weak") { String($0.weak) }
        row("unowned") { String($0.unowned) }
        row("participant-to-participant") { String($0.participantToParticipant) }
        row("cycles") { $0.cycles.isEmpty ? "none" : $0.cycles.map { "(" + $0.joined(separator: " ") + ")" }.joined(separator: " ") }
        row("leaked") { $0.leaked.isEmpty ? "none" : $0.leaked.joined(separator: " ") }
        var out = "\(report.title.visible()) (its own kind: \(report.ownKind.rawValue))\n\n" + layout(rows)

        var fans: [[String]] = [["fan-in / fan-out / strong fan-out"] + kinds.map { $0.run.kind.rawValue }]
        let listed = Set(kinds.flatMap { $0.run.metrics.participants.map(\.name) })
        for name in report.participants where listed.contains(name) {
            fans.append(
                [name]
                    + kinds.map { implementation in
                        guard let p = implementation.run.metrics.participants.first(where: { $0.name == name }) else { return "-" }
                        return "\(p.fanIn) / \(p.fanOut) / \(p.strongFanOut)"
                    })
        }
        out += "\n" + layout(fans) + "\n"
        for implementation in kinds {
            let kind = implementation.run.kind.rawValue
            if implementation.run.kind == report.ownKind {
                out += "\(kind): the scenario's own kind\n"
            } else if let difference = implementation.firstDifference {
                out += "\(kind): first differs at line \(difference.line)\n"
                out += "  \(report.ownKind.rawValue): \(difference.expected?.visible() ?? "(end of transcript)")\n"
                out += "  \(kind): \(difference.actual?.visible() ?? "(end of transcript)")\n"
            } else {
                out += "\(kind): same transcript as \(report.ownKind.rawValue)\n"
            }
        }
        return out
    }

    /// Left-aligned columns separated by two spaces, no trailing spaces.
    private static func layout(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }

    private struct Document: Encodable {
        var scenario: String
        var implementations: [Implementation]

        init(_ report: ComparisonReport) {
            scenario = report.title
            implementations = report.implementations.map(Implementation.init)
        }
    }

    private struct Implementation: Encodable {
        var kind: String
        var references, strong, weak, unowned, participantToParticipant: Int
        var cycles: [[String]]
        var leaked: [String]
        var participants: [Participant]
        var firstDifference: TranscriptDifference?

        init(_ implementation: ComparisonReport.Implementation) {
            let metrics = implementation.run.metrics
            kind = implementation.run.kind.rawValue
            references = metrics.references
            strong = metrics.strong
            weak = metrics.weak
            unowned = metrics.unowned
            participantToParticipant = metrics.participantToParticipant
            cycles = metrics.cycles
            leaked = metrics.leaked
            participants = metrics.participants.map {
                Participant(name: $0.name, fanIn: $0.fanIn, fanOut: $0.fanOut, strongFanOut: $0.strongFanOut)
            }
            firstDifference = implementation.firstDifference
        }

        enum CodingKeys: String, CodingKey {
            case kind, references, strong, weak, unowned, participantToParticipant, cycles, leaked, participants, firstDifference
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(references, forKey: .references)
            try container.encode(strong, forKey: .strong)
            try container.encode(weak, forKey: .weak)
            try container.encode(unowned, forKey: .unowned)
            try container.encode(participantToParticipant, forKey: .participantToParticipant)
            try container.encode(cycles, forKey: .cycles)
            try container.encode(leaked, forKey: .leaked)
            try container.encode(participants, forKey: .participants)
            try container.encode(firstDifference, forKey: .firstDifference)
        }
    }

    private struct Participant: Encodable {
        var name: String
        var fanIn, fanOut, strongFanOut: Int
    }
}
