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
        let title = Self.escape(title, for: dialect)
        switch dialect {
        case .mermaid:
            output.write("sequenceDiagram\n")
            output.write("    title \(title) (\(kind.rawValue))\n")
            for lifeline in lifelines { output.write("    participant \(lifeline.id) as \(Self.escape(lifeline.name, for: dialect))\n") }
        case .plantuml:
            output.write("@startuml\n")
            output.write("title \(title) (\(kind.rawValue))\n")
            for lifeline in lifelines {
                let name = Self.escape(lifeline.name, for: dialect)
                output.write("\(lifeline.id == "m" ? "control" : "participant") \"\(name)\" as \(lifeline.id)\n")
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

    /// Text made inert for `dialect`, on one line. Control characters, bidirectional controls,
    /// U+2028, U+2029 and what XML cannot hold are written `\u{X}` first, as diagnostics write
    /// them; line feeds and carriage returns become spaces. Then:
    /// - Mermaid: every character with a meaning becomes an entity code (`#35;`), which Mermaid
    ///   decodes only after parsing: `#` `;` (they end a statement), `%` (`%%{…}%%` directives),
    ///   `:` (after `style`, Mermaid drops the `;` of a later code), `"`, `&`, `<`, `>`, and
    ///   `ﬂ` `¶`, of which Mermaid's own placeholders for entity codes are made.
    /// - PlantUML: a backslash is doubled; creole markup, `%` (built-in functions such as
    ///   `%getenv`), `{` `}` and the other characters with a meaning become character references
    ///   (`&#35;`). Debian's PlantUML 1.2020 throws on `&#92;` and `&#36;`, so `$` is left as it is.
    static func escape(_ text: String, for dialect: Dialect) -> String {
        var out = ""
        for scalar in text.visible(hiding: isHiddenInDiagram).unicodeScalars {
            switch (dialect, scalar) {
            case (_, "\n"), (_, "\r"): out += " "
            case (.mermaid, _) where "#;%:\"&<>ﬂ¶".unicodeScalars.contains(scalar): out += "#\(scalar.value);"
            case (.plantuml, "\\"): out += "\\\\"
            case (.plantuml, _) where "~*/_-\"<>&[]|^=#%{}".unicodeScalars.contains(scalar): out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a diagram writes this scalar `\u{X}`: see ``escape(_:for:)``.
    private static func isHiddenInDiagram(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\r" && scalar.isHiddenInPicture
    }
}
