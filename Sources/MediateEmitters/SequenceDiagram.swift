/// Writes a run as a sequence diagram, Mermaid (which GitHub renders in Markdown) or PlantUML,
/// streamed as the run goes.
///
/// Participants are lifelines in declaration order, then the mediator where the design has one.
/// A send through a mediator is an arrow from the sender to the mediator, and each delivery an
/// arrow from the mediator to the receiver; in the mesh, deliveries go straight from sender to
/// receiver. Every arrow carries the send's number as the transcript writes it (`1`, `1.1` …).
/// Errors, failed deliveries, `leave`, `release`, lifetimes, expectations and leaks are notes.
public final class SequenceDiagramWriter: EventSink {
    public enum Dialect: String, CaseIterable, Sendable {
        case mermaid, plantuml
    }

    private let dialect: Dialect
    private let output: any TextOutput
    private var ids: [String: String] = [:]
    private let everyone: String
    private var kind: MediatorKind
    /// The designs seen to carry messages through a mediator object.
    private let routedThroughMediator: Set<MediatorKind>
    /// The number and sender of the send in progress at each depth.
    private var sends: [(number: String, sender: String)?] = []

    /// Starts the diagram: its title and every lifeline, with a mediator lifeline when some design
    /// of the run is in `routedThroughMediator`: those a run showed to have a mediator object
    /// (``RunSummary/designsWithMediator``). The others send straight to their receivers.
    public init(dialect: Dialect, title: String, kind: MediatorKind, participants: [String],
                routedThroughMediator: Set<MediatorKind>, output: any TextOutput) {
        self.dialect = dialect
        self.output = output
        self.kind = kind
        self.routedThroughMediator = routedThroughMediator
        let mediatorLifeline = !routedThroughMediator.isEmpty
        var lifelines: [(id: String, name: String)] = participants.enumerated().map { ("p\($0.offset + 1)", $0.element) }
        if mediatorLifeline { lifelines.append(("m", "mediator")) }
        for lifeline in lifelines { ids[lifeline.name] = lifeline.id }
        let first = lifelines.first?.id ?? "m"
        let last = lifelines.last?.id ?? "m"
        everyone = first == last ? first : "\(first),\(last)"
        switch dialect {
        case .mermaid:
            output.write("sequenceDiagram\n")
            // Mermaid's title runs to the first `#` or `;`, so those two cannot be escaped there.
            let plainTitle = title.map { "#;".contains($0) ? " " : $0 }
            output.write("    title \(Self.escape(String(plainTitle), for: dialect)) (\(kind.rawValue))\n")
            for lifeline in lifelines { output.write("    participant \(lifeline.id) as \(lifeline.name)\n") }
        case .plantuml:
            output.write("@startuml\n")
            output.write("title \(Self.escape(title, for: dialect)) (\(kind.rawValue))\n")
            for lifeline in lifelines {
                output.write("\(lifeline.id == "m" ? "control" : "participant") \"\(lifeline.name)\" as \(lifeline.id)\n")
            }
        }
    }

    public func emit(_ event: TranscriptEvent) {
        switch event {
        case .mediator(let newKind, let replacement):
            kind = newKind
            if replacement { note(over: everyone, "mediator replaced: \(newKind.rawValue)") }
        case .send(let number, let sender, _, let message, let depth):
            let numberText = number.map(String.init).joined(separator: ".")
            while sends.count <= depth { sends.append(nil) }
            sends[depth] = (numberText, sender)
            if routedThroughMediator.contains(kind), sender != "mediator", let from = ids[sender], let mediator = ids["mediator"] {
                arrow(from: from, to: mediator, "\(numberText) \(message.written)")
            }
        case .delivery(let receiver, let sender, let message, let depth):
            guard let send = send(under: depth), let to = ids[receiver] else { return }
            let from = (routedThroughMediator.contains(kind) ? ids["mediator"] : ids[sender]) ?? ids[sender]
            if let from { arrow(from: from, to: to, "\(send.number) \(message.written)") }
        case .error(let error, let depth):
            let over = send(under: depth).flatMap { ids[$0.sender] } ?? everyone
            note(over: over, "! \(error.written)")
        case .participant(let name, _, _):
            if sends.contains(where: { $0 != nil }), let id = ids[name] { note(over: id, "joins") }
        case .leave(let name):
            if let id = ids[name] { note(over: id, "leave") }
        case .release(let name):
            if let id = ids[name] { note(over: id, "release") }
        case .lifetime(let name, let deallocated, _):
            if let id = ids[name] { note(over: id, deallocated ? "deallocated" : "still alive") }
        case .expectation(let text, let got):
            note(over: everyone, text + (got.map { " FAILED (got \($0))" } ?? " ok"))
        case .leaked(let names):
            note(over: everyone, "leaked: " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
            output.write(dialect == .plantuml ? "@enduml\n" : "")
        case .scenario, .log, .set, .end:
            break
        }
    }

    private func send(under depth: Int) -> (number: String, sender: String)? {
        depth > 0 && depth - 1 < sends.count ? sends[depth - 1] : nil
    }

    private func arrow(from: String, to: String, _ text: String) {
        switch dialect {
        case .mermaid: output.write("    \(from)->>\(to): \(Self.escape(text, for: dialect))\n")
        case .plantuml: output.write("\(from) -> \(to) : \(Self.escape(text, for: dialect))\n")
        }
    }

    private func note(over lifelines: String, _ text: String) {
        switch dialect {
        case .mermaid: output.write("    Note over \(lifelines): \(Self.escape(text, for: dialect))\n")
        case .plantuml: output.write("note over \(lifelines.replacingOccurrences(of: ",", with: ", ")) : \(Self.escape(text, for: dialect))\n")
        }
    }

    /// Text made inert: Mermaid's `;` (a statement separator), `#` (entity codes) and markup
    /// brackets become entity codes; PlantUML's creole markup and escape characters become
    /// numeric character references. Line breaks become spaces.
    static func escape(_ text: String, for dialect: Dialect) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                out += " "
                continue
            }
            switch dialect {
            case .mermaid:
                switch scalar {
                case "#": out += "#35;"
                case ";": out += "#59;"
                case "<": out += "#lt;"
                case ">": out += "#gt;"
                default: out.unicodeScalars.append(scalar)
                }
            case .plantuml:
                if "\\~*/_-\"<>&[]|^=#".unicodeScalars.contains(scalar) {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
