import Foundation
public import MediateRuntime
import MediateSyntax

/// Writes a run as a sequence diagram, Mermaid (which GitHub renders in Markdown) or PlantUML,
/// streamed as the run goes.
///
/// Participants are lifelines in declaration order, then the mediator when the run has one that
/// took part (see ``MediatorSighting``). Routes are those the design reported: a delivery that
/// went through the mediator object (`EventSink.emitRelay`) is an arrow from the sender to the
/// mediator, once per send, and one from the mediator to the receiver; any other goes straight
/// from sender to receiver. Every arrow carries the send's number as the transcript writes it
/// (`1`, `1.1` …). A participant that joins after the first step is created there, and one
/// deallocated is destroyed (the target's `create` and `destroy`). A reaction that sends is an
/// activation bar on its receiver (`activate` … `deactivate`), as in the native view. Errors, naming their send,
/// `leave`, `release`, expectations (a failed one marked ✗, red in PlantUML) and leaks are notes.
/// What a reaction did under a guard that held (`if …`: its arrows and notes) is an `opt` block
/// labelled with the guard's condition, nested as the guards were; a guarded body that drew
/// nothing gets no block. Only `opt`, never `alt`: a run knows only the guards that held, and
/// separately guarded reactions are not alternatives (several may hold for one message). A
/// `together` block (language 1.2) is a `par` block labelled as its transcript line, around its
/// sends: one operand, since their arrows interleave as the run made them.
public final class SequenceDiagramWriter: EventSink {
    /// The diagram language written.
    public enum Dialect: String, CaseIterable, Sendable {
        /// Mermaid, which GitHub renders in Markdown.
        case mermaid
        /// PlantUML.
        case plantuml
    }

    /// A send in progress: its number as written, its sender and message, and whether its arrow
    /// to the mediator is drawn.
    private struct Send {
        var number: String, sender: String, message: String, reachedMediator = false
    }

    private let dialect: Dialect
    private let output: any TextOutput
    private var ids: [String: String] = [:]
    /// The mediator's name when the scenario gives it one: its lifeline's label.
    private var mediatorLabel = "mediator"
    /// The leftmost and rightmost lifelines drawn so far: a note about the whole run spans them.
    /// Not the last declared: a lifeline created later would be drawn by the note, at the top.
    private var firstLifeline: String?
    private var lastLifeline: String?
    /// When no lifeline is drawn yet.
    private let noLifeline: String
    private let mediatorLifeline: Bool
    /// Whether the first step has come: lifelines declared after it are created.
    private var started = false
    /// The sends in progress at each depth, latest last (deliveries and errors at `depth` belong
    /// to one at `depth - 1`): several under an asynchronous design, whose deliveries may come
    /// after later sends' lines (see ``position(under:from:message:)``).
    private var sends: [[Send]] = []
    /// The delivery the design just said went through its mediator: its receiver and depth.
    private var relay: (receiver: String, depth: Int)?
    /// The guards that held and whose bodies are still running, and the `together` block running,
    /// outermost first: the depth, the block's operator (`opt`, `par`) and label (a guard's
    /// condition), and whether its first line is written (only once the body draws).
    private var guards: [(depth: Int, operator: String, label: String, opened: Bool)] = []
    /// How many `opt` and `par` blocks are open: the indentation of the lines.
    private var openBlocks = 0
    /// The reactions running, outermost first: the lifeline of each delivery's receiver, the
    /// delivery's depth, and whether its activation bar is drawn (once the reaction sends, as
    /// the native view draws one).
    private var reactions: [(id: String, depth: Int, active: Bool)] = []
    /// PlantUML: participants that joined without a mediator and are not drawn yet. Each one's
    /// `create` line waits for the first arrow to it, which PlantUML needs to draw it there.
    private var uncreated: [(id: String, name: String)] = []

    /// Starts the diagram with its title.
    ///
    /// - Parameters:
    ///   - dialect: PlantUML or Mermaid.
    ///   - title: The scenario's title.
    ///   - kind: The design it runs under.
    ///   - participants: Every participant, in declaration order.
    ///   - mediatorLifeline: Whether the mediator took part in the run (``MediatorSighting``).
    ///   - output: Where the diagram is written as the run goes.
    public init(
        dialect: Dialect, title: String, kind: MediatorKind, participants: [String],
        mediatorLifeline: Bool, output: any TextOutput
    ) {
        self.dialect = dialect
        self.output = output
        self.mediatorLifeline = mediatorLifeline
        for (position, name) in participants.enumerated() { ids[name] = "p\(position + 1)" }
        if mediatorLifeline { ids["mediator"] = "m" }
        noLifeline = participants.isEmpty ? "m" : "p1"
        let title = Self.escape(title, for: dialect) + " (\(kind.rawValue))"
        output.write(dialect == .mermaid ? "sequenceDiagram\n    title \(title)\n" : "@startuml\ntitle \(title)\n")
    }

    /// Writes the arrows and notes `event` makes.
    public func emit(_ event: TranscriptEvent) {
        if !reactions.isEmpty || !guards.isEmpty { endBlocks(atOrBelow: event.depth) }
        switch event {
        case .scenario, .mediator(_, replacement: false, _), .participant:
            break
        default:
            startSteps()
        }
        switch event {
        case .mediator(let newKind, let replacement, let name):
            if !replacement, let name, let mediator = ids["mediator"] {
                ids[name] = mediator
                mediatorLabel = name
            }
            sends.removeAll()
            if replacement { note(over: everyone, "mediator replaced: \(newKind.rawValue)") }
        case .send(let number, let sender, _, let message, let depth):
            while sends.count <= depth { sends.append([]) }
            if sends[depth].count == Self.sendsKept { sends[depth].removeFirst() }
            sends[depth].append(Send(number: number.map(String.init).joined(separator: "."), sender: sender, message: message.written))
            activateReaction(sendingAt: depth)
        case .delivery(let receiver, let sender, let message, let depth):
            defer { relay = nil }
            guard let (level, position) = position(under: depth, from: sender, message: message.written) else { return }
            let throughMediator = relayed(receiver, depth)
            if throughMediator { arrowToMediator(level, position) }
            let send = sends[level][position]
            guard let to = ids[receiver], let from = throughMediator ? ids["mediator"] : ids[sender] else { return }
            defer { reactions.append((to, depth, false)) }
            // A send reaches the mediator by one arrow, whether the mediator carries it on or is
            // one of its targets (language 1.1): a delivery to it after that arrow draws no other.
            if !throughMediator, to == ids["mediator"], from != to {
                if send.reachedMediator { return }
                sends[level][position].reachedMediator = true
            }
            arrow(from: from, to: to, "\(send.number) \(message.written)")
        case .error(.evaluation(let error), _):
            // An expression's error belongs to the statement, not to a send.
            note(over: everyone, "! \(error.written)")
        case .error(let error, let depth):
            if let relay, relay.depth == depth, let (level, position) = position(under: depth) { arrowToMediator(level, position) }
            relay = nil
            guard let send = position(under: depth).map({ sends[$0.0][$0.1] }) else { return note(over: everyone, "! \(error.written)") }
            note(over: ids[send.sender] ?? everyone, "! \(error.written) (send \(send.number) \(send.message))")
        case .participant(let name, _, _):
            sends.removeAll()
            guard let id = ids[name] else { return }
            guard started else { return declare(id, name) }
            create(id, name)
        case .leave(let name, let depth):
            // Its errors (`! fixedColleagues`) are its own, not those of a send before it.
            if depth < sends.count { sends.removeSubrange(depth...) }
            if let id = ids[name] { note(over: id, "leave") }
        case .release(let name, let depth):
            if depth < sends.count { sends.removeSubrange(depth...) }
            if let id = ids[name] { note(over: id, "release") }
        case .lifetime(let name, let deallocated, _):
            guard let id = ids[name] else { return }
            if deallocated { destroy(id) } else { note(over: id, "still alive") }
        case .expectation(let text, let got, let intended):
            sends.removeAll()
            guard let got, !intended else { return note(over: everyone, text + TranscriptEvent.outcome(got: got, intended: intended)) }
            failedNote(over: everyone, "✗ \(text) FAILED (got \(got))")
        case .leaked(let names):
            // A participant that joined and then took part in nothing is created at the end.
            for (id, _) in uncreated { createIfWaiting(id, receiving: false) }
            note(over: everyone, "leaked: " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
            output.write(dialect == .plantuml ? "@enduml\n" : "")
        case .log(_, let depth):
            if depth == 0 { sends.removeAll() }
        case .guardPassed(let text, let depth):
            let condition = text.hasPrefix("if ") ? String(text.dropFirst(3)) : text
            guards.append((depth, "opt", condition, false))
        case .together(let kind, let synchronous):
            sends.removeAll()
            guards.append((0, "par", TranscriptEvent.togetherText(kind: kind, synchronous: synchronous), false))
        case .scenario, .set, .end:
            break
        }
    }

    /// Draws the activation bar of the reaction that a send at `depth` belongs to, once: the
    /// innermost reaction running, when the send is in its body or in a guard's body within it.
    private func activateReaction(sendingAt depth: Int) {
        guard let innermost = reactions.indices.last, !reactions[innermost].active else { return }
        let inGuardedBody = guards.last.map { $0.operator == "opt" && $0.depth == depth - 1 } ?? false
        let reaction = reactions[innermost]
        guard reaction.depth == depth - 1 || (inGuardedBody && reaction.depth == depth - 2) else { return }
        reactions[innermost].active = true
        // Before the block of a guard whose body is what sends: the bar is the reaction's.
        write(dialect == .mermaid ? "    activate \(reaction.id)" : "activate \(reaction.id)")
    }

    /// Ends the activation bars of the reactions, and the `opt` blocks of the guards, that an
    /// event at `depth` is not part of, innermost first: a guard's block (one deeper than its
    /// reaction's delivery) before its reaction's bar, a bar before a block of equal depth, within
    /// which its reaction began.
    private func endBlocks(atOrBelow depth: Int) {
        while true {
            let reaction = reactions.last.flatMap { $0.depth >= depth ? $0 : nil }
            let block = guards.last.flatMap { $0.depth >= depth ? $0 : nil }
            if let block, block.depth > reaction?.depth ?? Int.min {
                guards.removeLast()
                guard block.opened else { continue }
                openBlocks -= 1
                line(dialect == .mermaid ? "    end" : "end")
            } else if let reaction {
                reactions.removeLast()
                guard reaction.active else { continue }
                write(dialect == .mermaid ? "    deactivate \(reaction.id)" : "deactivate \(reaction.id)")
            } else {
                return
            }
        }
    }

    /// Writes a line of the diagram, inside the `opt` blocks of the guards that held and the `par`
    /// block of a `together`: a block's first line is written before its body's first line.
    private func line(_ text: String) {
        for position in guards.indices where !guards[position].opened {
            guards[position].opened = true
            let opening = guards[position].operator + " " + Self.escape(guards[position].label, for: dialect)
            write(dialect == .mermaid ? "    " + opening : opening)
            openBlocks += 1
        }
        write(text)
    }

    private func write(_ text: String) {
        output.write(String(repeating: " ", count: 4 * openBlocks) + text + "\n")
    }

    /// Notes that the next delivery (or error) went through the mediator: it draws the arrow from
    /// the sender to the mediator first, once per send.
    public func emitRelay(receiver: String, depth: Int) {
        if !reactions.isEmpty || !guards.isEmpty { endBlocks(atOrBelow: depth) }
        relay = (receiver, depth)
    }

    /// Draws the arrow from the sender of `sends[level][position]` to the mediator, once per send.
    private func arrowToMediator(_ level: Int, _ position: Int) {
        let send = sends[level][position]
        guard !send.reachedMediator, let from = ids[send.sender], let mediator = ids["mediator"], from != mediator else { return }
        sends[level][position].reachedMediator = true
        arrow(from: from, to: mediator, "\(send.number) \(send.message)")
    }

    /// Always: routes are drawn from them.
    public var takesRelays: Bool { true }

    private func relayed(_ receiver: String, _ depth: Int) -> Bool {
        relay.map { $0.receiver == receiver && $0.depth == depth } ?? false
    }

    /// How many sends of one depth are kept to match deliveries with: an asynchronous design's
    /// deliveries come soon after their sends' lines.
    static let sendsKept = 64

    /// Where the send that a delivery at `depth` of `message` from `sender` belongs to is in
    /// ``sends``: the latest at `depth - 1` with that sender and message, else the latest there.
    private func position(under depth: Int, from sender: String? = nil, message: String? = nil) -> (Int, Int)? {
        guard depth > 0, depth - 1 < sends.count, let latest = sends[depth - 1].indices.last else { return nil }
        if let sender, let message, sends[depth - 1][latest].sender != sender || sends[depth - 1][latest].message != message,
            let match = sends[depth - 1].lastIndex(where: { $0.sender == sender && $0.message == message })
        {
            return (depth - 1, match)
        }
        return (depth - 1, latest)
    }

    /// Declares the mediator's lifeline, after the participants declared before the first step.
    private func startSteps() {
        guard !started else { return }
        started = true
        if mediatorLifeline { declare("m", mediatorLabel) }
    }

    /// The lifelines a note about the whole run spans: from the leftmost drawn to the rightmost.
    private var everyone: String {
        guard let first = firstLifeline, let last = lastLifeline else { return noLifeline }
        return first == last ? first : "\(first),\(last)"
    }

    /// Notes that lifeline `id` is drawn, to the right of those drawn before it.
    private func drawn(_ id: String) {
        if firstLifeline == nil { firstLifeline = id }
        lastLifeline = id
    }

    private func declare(_ id: String, _ name: String) {
        drawn(id)
        let name = Self.escape(name, for: dialect)
        switch dialect {
        case .mermaid: line("    participant \(id) as \(name)")
        case .plantuml: line("\(id == "m" ? "control" : "participant") \"\(name)\" as \(id)")
        }
    }

    /// A participant that joins after the first step: created by a `joins` arrow from the mediator.
    /// Without a mediator, Mermaid (which wants a creating message) has it send `joins` to itself.
    /// PlantUML draws a participant where it is created only when the next line is an arrow to it
    /// from another (Debian's 1.2020 refuses any other arrow there, and draws it from the top after
    /// an arrow from the diagram's edge), so its `create` line waits for the first arrow it
    /// receives; when it sends first, or a note or its end concerns it first, it is created there
    /// with a `joins` arrow from the diagram's edge (`[->`).
    private func create(_ id: String, _ name: String) {
        let name = Self.escape(name, for: dialect)
        switch dialect {
        case .mermaid:
            drawn(id)
            line("    create participant \(id) as \(name)")
            arrow(from: ids["mediator"] ?? id, to: id, "joins")
        case .plantuml:
            guard let mediator = ids["mediator"] else { return uncreated.append((id, name)) }
            drawn(id)
            line("create participant \"\(name)\" as \(id)")
            arrow(from: mediator, to: id, "joins")
        }
    }

    /// PlantUML: writes the `create` line of the waiting participant `id`, if it waits: before an
    /// arrow it receives from another (`receiving`), else with a `joins` arrow from the edge.
    private func createIfWaiting(_ id: String, receiving: Bool) {
        guard let index = uncreated.firstIndex(where: { $0.id == id }) else { return }
        let (id, name) = uncreated.remove(at: index)
        drawn(id)
        line("create participant \"\(name)\" as \(id)")
        if !receiving { line("[-> \(id) : joins") }
    }

    /// PlantUML: creates every waiting participant named in `lifelines` (`p1` or `p1,p4`).
    private func createWaiting(in lifelines: String) {
        guard dialect == .plantuml, !uncreated.isEmpty else { return }
        for id in lifelines.split(separator: ",") { createIfWaiting(String(id), receiving: false) }
    }

    /// A participant deallocated: its lifeline ends with a cross (Mermaid wants a message for it).
    private func destroy(_ id: String) {
        createWaiting(in: id)
        switch dialect {
        case .mermaid:
            line("    destroy \(id)")
            line("    \(id)-x\(id): deallocated")
        case .plantuml: line("destroy \(id)")
        }
    }

    private func arrow(from: String, to: String, _ text: String) {
        switch dialect {
        case .mermaid: line("    \(from)->>\(to): \(Self.escape(text, for: dialect))")
        case .plantuml:
            if !uncreated.isEmpty {
                createIfWaiting(from, receiving: false)
                createIfWaiting(to, receiving: true)
            }
            line("\(from) -> \(to) : \(Self.escape(text, for: dialect))")
        }
    }

    private func note(over lifelines: String, _ text: String) {
        createWaiting(in: lifelines)
        switch dialect {
        case .mermaid: line("    Note over \(lifelines): \(Self.escape(text, for: dialect))")
        case .plantuml: line("note over \(lifelines.replacingOccurrences(of: ",", with: ", ")) : \(Self.escape(text, for: dialect))")
        }
    }

    /// A note on a red ground: Mermaid's within a `rect`, PlantUML's pink.
    private func failedNote(over lifelines: String, _ text: String) {
        switch dialect {
        case .mermaid:
            line("    rect rgb(255, 205, 210)")
            note(over: lifelines, text)
            line("    end")
        case .plantuml:
            createWaiting(in: lifelines)
            line("note over \(lifelines.replacingOccurrences(of: ",", with: ", ")) #pink : \(Self.escape(text, for: dialect))")
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
