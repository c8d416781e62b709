public import MediateAnalysis
public import MediateRuntime
import MediateSyntax

/// Writes Graphviz DOT for the three diagrams: the message flow of one run, the coupling of one
/// implementation, and the four implementations compared side by side.
///
/// Pure functions of their input: nodes and edges in a defined order, `\n` line endings, a final
/// newline, every identifier and label quoted with `DOT.quoted` or `DOT.htmlEscaped`.
public enum DOTEmitter {
    /// Above this many messages in a whole graph, every link shows counts instead of numbers.
    static let foldAbove = 40
    /// Message labels longer than this many characters are shortened (see ``shortened(_:to:)``).
    static let longestMessage = 40
    /// A tooltip writes each message in up to this many characters.
    static let longestTooltipMessage = 1_000
    /// A name or type longer than this many characters is cut in a node's label (its node ID is
    /// `DOT.id`'s): Graphviz reads no quoted string longer than 16,384 bytes.
    static let longestName = 1_000
    /// A cell of the compare diagram's metrics table shows up to this many characters: the whole
    /// table is one HTML-like label, which Graphviz reads only up to 16,384 bytes.
    static let longestCell = 200

    /// `name` as a node's label shows it: cut past ``longestName`` characters.
    static func shown(_ name: String) -> String {
        LabelCut.clipped(name, to: longestName)
    }

    // MARK: Messages

    /// A communication diagram: participants (and the mediator) as nodes, one edge per link
    /// carrying its numbered messages; repeated messages fold into a count. Drawn from a route
    /// graph, a design that carries messages through its mediator is a hub; `logical` says the
    /// graph is sender to receiver instead, in the title. An edge whose labels are shortened
    /// has the messages in full in its tooltip. Failed deliveries are red and dashed. When a
    /// participant is on no edge, an invisible chain holds the participants in declaration order.
    ///
    /// With an `idPrefix` (a page that shows several diagrams), the graph's id is the prefix, and
    /// each edge's is `PREFIX-link-K` (`PREFIX-link-K-missing` for its failed deliveries), K the
    /// link's index; without `labelled`, the messages are only edge tooltips.
    ///
    /// - Parameters:
    ///   - graph: The message flow a run gathered (`KindRun.messages` or `logicalMessages`).
    ///   - title: The scenario's title.
    ///   - kind: The design it ran under.
    ///   - logical: Whether `graph` is the sender-to-receiver flow.
    ///   - idPrefix: The ids' prefix on a page of several diagrams.
    ///   - labelled: Whether edges carry their messages as labels.
    /// - Returns: The DOT source.
    public static func messages(
        _ graph: MessageGraph, title: String, kind: MediatorKind, logical: Bool = false,
        idPrefix: String? = nil, labelled: Bool = true
    ) -> String {
        var out = header(name: "messages", label: "\(title) — messages under \(kind.rawValue)\(logical ? ", sender to receiver" : "")")
        out += "  graph [rankdir=LR, nodesep=0.5, ranksep=1.4\(idPrefix.map { ", id=\(DOT.quoted($0))" } ?? "")];\n"
        for node in graph.nodes {
            out +=
                "  \(DOT.id(node)) [\(nodeStyle(node == graph.mediator ? .mediator : .participant, name: node, type: graph.types[node]))];\n"
        }
        let folded = graph.messageCount > foldAbove
        for (index, link) in graph.links.enumerated() {
            for failed in [false, true] {
                let messages = link.messages.filter { $0.failed == failed }
                guard !messages.isEmpty else { continue }
                let full = messages.map { shortened($0.message, to: longestTooltipMessage) }
                let short = messages.map { shortened($0.message, to: longestMessage) }
                // Two messages never share a label: those that would are written as in the tooltip.
                let texts = short.indices.map { index in short.count { $0 == short[index] } > 1 ? full[index] : short[index] }
                var lines = zip(messages, texts).map { messageLine($0, text: $1, folded: folded) }
                var tooltip = zip(messages, full).map { messageLine($0, text: $1, folded: folded) }
                if !failed, link.uncounted > 0 {
                    lines.append("+\(link.uncounted) more")
                    tooltip.append("+\(link.uncounted) more")
                }
                var style = failed ? ", color=\"#c62828\", fontcolor=\"#c62828\", style=dashed" : ""
                if texts != full || !labelled { style += ", tooltip=\(DOT.quoted(tooltip.joined(separator: "\n")))" }
                if let idPrefix { style += ", id=\(DOT.quoted("\(idPrefix)-link-\(index)\(failed ? "-missing" : "")"))" }
                if labelled { style = "label=\(DOT.quoted(lines.joined(separator: "\n")))" + style } else { style.removeFirst(2) }
                out += "  \(DOT.id(link.from)) -> \(DOT.id(link.to)) [\(style)];\n"
            }
        }
        // A participant on no link is a component of its own, and dot stacks components in
        // reverse: an invisible chain keeps every participant in declaration order.
        let linked = Set(graph.links.flatMap { [$0.from, $0.to] })
        let participants = graph.nodes.filter { $0 != graph.mediator }
        if participants.count > 1, participants.contains(where: { !linked.contains($0) }) {
            out += "  \(participants.map(DOT.id).joined(separator: " -> ")) [style=invis, constraint=false];\n"
        }
        if graph.unlinkedMessages > 0 {
            let note = "+\(graph.unlinkedMessages) messages on links past the first \(MessageGraph.maxLinks)"
            out += "  \"unlinked\" [shape=plaintext, label=\(DOT.quoted(note))];\n"
        }
        return out + "}\n"
    }

    private static func messageLine(_ message: MessageGraph.Message, text: String, folded: Bool) -> String {
        let text = message.failed ? text + " (missing)" : text
        if folded || message.count > 3 {
            return message.count == 1 ? "\(message.numbers[0]): \(text)" : "\(text) ×\(message.count)"
        }
        return "\(message.numbers.joined(separator: ", ")): \(text)"
    }

    /// `message` as the transcript writes it, shortened to about `limit` characters when longer:
    /// first each string (a text message, a string argument) is cut inside its quotes, then
    /// trailing whole arguments give way to `…`. A number, a bool or a name is never cut, so a
    /// label never shows `2…` for 20.
    package static func shortened(_ message: Message, to limit: Int) -> String {
        let written = message.written
        guard written.count > limit else { return written }
        switch message {
        case .text(let text):
            return cut(text, to: limit)
        case .named(let name, let arguments):
            var parts = arguments.map { argument in
                let label = argument.label.map { "\($0): " } ?? ""
                guard case .string(let text) = argument.value else { return label + argument.value.written }
                return label + cut(text, to: max(12, limit / 2))
            }
            var length = name.count + 2 + parts.reduce(0) { $0 + $1.count } + 2 * max(0, parts.count - 1)
            var dropped = false
            while !parts.isEmpty, length + (dropped ? 3 : 0) > limit {
                length -= parts.removeLast().count + (parts.isEmpty ? 0 : 2)
                dropped = true
            }
            return name + "(" + (parts + (dropped ? ["…"] : [])).joined(separator: ", ") + ")"
        }
    }

    /// `text` quoted as the transcript writes it, cut inside its quotes with `…` to fit in
    /// `limit` characters when longer.
    private static func cut(_ text: String, to limit: Int) -> String {
        let written = Value.quoted(text)
        guard written.count > limit else { return written }
        var out = "\"", length = 1
        for character in text {
            let escaped = Value.quoted(String(character)).dropFirst().dropLast()
            if length + escaped.count + 2 > limit { break }
            out += escaped
            length += escaped.count
        }
        return out + "…\""
    }

    // MARK: Coupling

    /// Every object and stored reference of one implementation: strong solid, weak dashed,
    /// unowned dotted, members of strong cycles in red, leaked objects with a double border.
    /// Declared participants already deallocated at the end of the steps appear greyed out.
    ///
    /// Past `radialAbove` objects the graph names twopi as its layout (dot's time grows steeply
    /// with size) and leaves the field names out (Graphviz places thousands of edge labels
    /// slowly, and no one could read them); a dense graph, past `foldReferencesAbove` references and
    /// `denseRatio` per object (a large mesh), is drawn folded (`foldedCoupling`). The title
    /// says which.
    ///
    /// - Parameters:
    ///   - graph: The references the run left behind.
    ///   - metrics: Its metrics, for the strong cycles and what leaked.
    ///   - participants: Every declared participant, with its type, in order.
    ///   - title: The scenario's title.
    ///   - kind: The design it ran under.
    /// - Returns: The DOT source.
    public static func coupling(
        _ graph: ReferenceGraph, metrics: CouplingMetrics,
        participants: [(name: String, type: String)], title: String, kind: MediatorKind
    ) -> String {
        let label = "\(title) — coupling under \(kind.rawValue)"
        if graph.edges.count > foldReferencesAbove, graph.edges.count > denseRatio * graph.nodes.count {
            return foldedCoupling(graph, metrics: metrics, participants: participants, label: label)
        }
        let radial = graph.nodes.count > radialAbove
        let note =
            "\n\(grouped(graph.nodes.count)) objects, \(grouped(graph.edges.count)) references: laid out by twopi, field names left out"
        var out = header(name: "coupling", label: label + (radial ? note : ""))
        if radial {
            // The mediator at the centre, its colleagues around it on a ring wide enough for all
            // of them side by side (about 0.9 inch each); thousands of edges in grey.
            let root = graph.nodes.first { $0.role == .mediator }.map { ", root=\(DOT.id($0.id))" } ?? ""
            let radius = max(2, Int((Double(graph.nodes.count) * 0.9 / (2 * Double.pi)).rounded(.up)))
            out += "  graph [layout=twopi, ranksep=\(radius), overlap=true, outputorder=edgesfirst\(root)];\n"
            out += "  edge [color=\"#00000060\"];\n"
        } else {
            out += "  graph [rankdir=TB, nodesep=0.4, ranksep=0.8];\n"
        }
        let inCycle = Set(graph.strongCycles().joined())
        let leaked = Set(metrics.leaked)
        let types = Dictionary(participants.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        let alive = Set(graph.nodes.map(\.id))
        let gone = participants.filter { !alive.contains($0.name) }
        for participant in gone {
            out +=
                "  \(DOT.id(participant.name)) [label=\(DOT.quoted("\(shown(participant.name))\n: \(shown(participant.type))\n(deallocated)")), shape=box, style=\"rounded,dashed\", color=\"#9e9e9e\", fontcolor=\"#9e9e9e\"];\n"
        }
        for node in graph.nodes {
            let type = node.role == .participant ? types[node.id] : node.typeName
            var style = nodeStyle(node.role, name: node.id, type: type, leaked: leaked.contains(node.id))
            if inCycle.contains(node.id) { style += ", color=\"#c62828\", fontcolor=\"#c62828\", penwidth=2" }
            if leaked.contains(node.id) { style += ", peripheries=2" }
            out += "  \(DOT.id(node.id)) [\(style)];\n"
        }
        let mediators = graph.nodes.filter { $0.role == .mediator }.map(\.id)
        if !radial {
            // The same star in every design: the mediators on top, which every reference into
            // them ranks above the participants (see CouplingLayout), what else a design made
            // ranked by ownership around them. No `rank=min` for the mediators, nor `rank=same`
            // for the participants: with either, Graphviz 2.42's dot corrupted its heap, now and
            // then in a process that drew many diagrams, and always for weak participants.
            if !gone.isEmpty { out += "  { rank=sink; \(gone.map { DOT.id($0.name) }.joined(separator: "; ")); }\n" }
        }
        let layout = radial ? nil : CouplingLayout(graph, mediators: Set(mediators))
        for edge in graph.edges {
            let direction = layout?.direction(of: edge) ?? .down
            // A weak or unowned reference back to the mediator has its field's name at the end that
            // holds it: beside the object, not between the arrows that fan out from the mediator.
            let toMediator = edge.ownership != .strong && mediators.contains(edge.to) && !mediators.contains(edge.from)
            let name = !toMediator ? "label" : direction == .up ? "headlabel" : "taillabel"
            var style = (radial ? "" : "\(name)=\(DOT.quoted(edge.label)), ") + edgeStyle(edge.ownership)
            if edge.ownership == .strong, inCycle.contains(edge.from), inCycle.contains(edge.to) {
                style += ", color=\"#c62828\""
            }
            if toMediator { style += ", labeldistance=2, labelangle=40" }
            switch direction {
            case .down:
                out += "  \(DOT.id(edge.from)) -> \(DOT.id(edge.to)) [\(style)];\n"
            case .up:
                out += "  \(DOT.id(edge.to)) -> \(DOT.id(edge.from)) [\(style), dir=back];\n"
            case .free:
                out += "  \(DOT.id(edge.from)) -> \(DOT.id(edge.to)) [\(style), constraint=false];\n"
            }
        }
        out += legend(
            coupling: true, mediators: !mediators.isEmpty, earlierMediators: mediators.contains(where: isEarlierMediator),
            madeObjects: graph.nodes.contains { $0.role == .internal }, deallocated: !gone.isEmpty)
        return out + "}\n"
    }

    /// How a coupling graph's references rank its layout: owners above what they own, the
    /// mediators on top. A reference back to an owner that
    /// holds it through others (wrapper's weak `mediator`, past the wrapper) is laid out from the
    /// owner down and drawn with its arrowhead at the owner, so that it runs beside the
    /// references it answers instead of looping around the diagram. One that answers a
    /// reference of the same pair is left to Graphviz, which draws the two side by side.
    struct CouplingLayout {
        enum Direction { case down, up, free }

        let mediators: Set<String>
        let participants: Set<String>
        /// Each object's strong references.
        let owned: [String: [String]]
        /// Every pair of objects with a reference, as `from`, `to`.
        let pairs: Set<[String]>

        init(_ graph: ReferenceGraph, mediators: Set<String>) {
            self.mediators = mediators
            self.participants = Set(graph.nodes.filter { $0.role == .participant }.map(\.id))
            var owned: [String: [String]] = [:]
            for edge in graph.edges where edge.ownership == .strong { owned[edge.from, default: []].append(edge.to) }
            self.owned = owned
            self.pairs = Set(graph.edges.map { [$0.from, $0.to] })
        }

        func direction(of edge: ReferenceGraph.Edge) -> Direction {
            if pairs.contains([edge.to, edge.from]) {
                // The mediator's own reference ranks the pair, strong or weak, so that the
                // mediator stays on top.
                if mediators.contains(edge.from) != mediators.contains(edge.to) {
                    return mediators.contains(edge.from) ? .down : .free
                }
                return edge.ownership == .strong ? .down : .free
            }
            if mediators.contains(edge.from) != mediators.contains(edge.to) {
                return mediators.contains(edge.to) ? .up : .down
            }
            if owns(edge.to, edge.from) { return .up }
            // A participant's hold on what the design made (a closure's capture, even weak) ranks it
            // below the participants, away from their row.
            if participants.contains(edge.from), !participants.contains(edge.to) { return .down }
            return edge.ownership == .strong ? .down : .free
        }

        /// Whether `owner` reaches `object` through strong references.
        func owns(_ owner: String, _ object: String) -> Bool {
            var seen: Set<String> = [owner]
            var next = [owner]
            while let current = next.popLast() {
                for child in owned[current] ?? [] where seen.insert(child).inserted {
                    if child == object { return true }
                    next.append(child)
                }
            }
            return false
        }
    }

    /// Above this many objects a coupling graph is laid out radially by twopi, without field names.
    public static let radialAbove = 200
    /// A coupling graph with more references than this, and more than `denseRatio` per object,
    /// is drawn folded.
    static let foldReferencesAbove = 400
    static let denseRatio = 4

    /// A dense coupling graph folded: one node per kind of object (the participants of one type,
    /// the internal objects of one type, each mediator alone) with its count, and one edge per
    /// kind of reference (ends, ownership, field with its indices folded to `[…]`) with its count.
    /// A group is red when a member is in a strong cycle; leaked and deallocated members are counted.
    static func foldedCoupling(
        _ graph: ReferenceGraph, metrics: CouplingMetrics,
        participants: [(name: String, type: String)], label: String
    ) -> String {
        let types = Dictionary(participants.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        let inCycle = Set(metrics.cycles.joined())
        let leaked = Set(metrics.leaked)
        struct Group {
            var role: NodeRole
            var name: String
            /// A mediator's class; nil for the other groups, which are named by their type.
            var type: String? = nil
            var members = 0
            var leaked = 0
            var inCycle = false
        }
        var groups: [Group] = []
        var groupByKey: [String: Int] = [:]
        var groupOfNode: [String: Int] = [:]
        for node in graph.nodes {
            let name = node.role == .participant ? types[node.id] ?? node.typeName : node.role == .internal ? node.typeName : node.id
            let key = "\(node.role.rawValue) \(name)"
            let index = groupByKey[key] ?? groups.count
            if index == groups.count {
                groups.append(Group(role: node.role, name: name, type: node.role == .mediator ? node.typeName : nil))
                groupByKey[key] = index
            }
            groups[index].members += 1
            if leaked.contains(node.id) { groups[index].leaked += 1 }
            if inCycle.contains(node.id) { groups[index].inCycle = true }
            groupOfNode[node.id] = index
        }
        struct Fold: Hashable {
            var from: Int
            var to: Int
            var ownership: Ownership
            var field: String
        }
        var folds: [Fold] = []
        var counts: [Fold: Int] = [:]
        for edge in graph.edges {
            guard let from = groupOfNode[edge.from], let to = groupOfNode[edge.to] else { continue }
            let fold = Fold(from: from, to: to, ownership: edge.ownership, field: foldedIndices(edge.label))
            if counts[fold] == nil { folds.append(fold) }
            counts[fold, default: 0] += 1
        }
        let alive = Set(graph.nodes.map(\.id))
        let gone = participants.count { !alive.contains($0.name) }
        var note = "\nfolded: \(grouped(graph.nodes.count)) objects and \(grouped(graph.edges.count)) references, grouped by type"
        if gone > 0 { note += "; \(grouped(gone)) participants already deallocated" }
        var out = header(name: "coupling", label: label + note)
        out += "  graph [rankdir=TB, nodesep=0.6, ranksep=1.2];\n"
        for (index, group) in groups.enumerated() {
            let count = group.members == 1 ? "" : " ×\(grouped(group.members))"
            // Leaked members are counted inside the box, where no arrowhead can cover the count.
            let leakedLine =
                group.leaked == 0 ? "" : group.leaked == group.members ? "\n(leaked)" : "\n(\(grouped(group.leaked)) leaked)"
            var style: String
            switch group.role {
            case .participant:
                style =
                    "label=\(DOT.quoted("\(shown(group.name))\(count)\nparticipants\(leakedLine)")), shape=box3d, style=\"rounded,filled\", fillcolor=\"#e3f2fd\""
            case .mediator:
                style = nodeStyle(.mediator, name: group.name, type: group.type, leaked: group.leaked > 0)
            case .internal:
                style =
                    "label=\(DOT.quoted(shown(group.name) + count + leakedLine)), shape=ellipse, style=filled, fillcolor=\"#f5f5f5\", fontsize=10"
            }
            if group.inCycle { style += ", color=\"#c62828\", fontcolor=\"#c62828\", penwidth=2" }
            if group.leaked > 0 { style += ", peripheries=2" }
            out += "  \"g\(index)\" [\(style)];\n"
        }
        for fold in folds {
            let count = counts[fold]!
            var style = "label=\(DOT.quoted(count == 1 ? fold.field : "\(fold.field) ×\(grouped(count))")), \(edgeStyle(fold.ownership))"
            if fold.ownership != .strong { style += ", constraint=false" }
            if fold.ownership == .strong, groups[fold.from].inCycle, groups[fold.to].inCycle { style += ", color=\"#c62828\"" }
            out += "  \"g\(fold.from)\" -> \"g\(fold.to)\" [\(style)];\n"
        }
        out += legend(
            coupling: true, mediators: groups.contains { $0.role == .mediator },
            earlierMediators: groups.contains { $0.role == .mediator && isEarlierMediator($0.name) },
            madeObjects: groups.contains { $0.role == .internal },
            deallocated: gone > 0)
        return out + "}\n"
    }

    /// A field path with every index folded: `peers[12]` → `peers[…]`.
    static func foldedIndices(_ label: String) -> String {
        var out = ""
        var inIndex = false
        for character in label {
            if inIndex {
                if character == "]" {
                    out += "…]"
                    inIndex = false
                }
            } else {
                out.append(character)
                inIndex = character == "["
            }
        }
        return out
    }

    /// A count with thousands separated by commas: `999,000`.
    package static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var out = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    // MARK: Compare

    /// One implementation's coupling, for the side-by-side comparison.
    public struct Column: Sendable {
        /// The design, the column's title.
        public var kind: MediatorKind
        /// Its reference graph.
        public var graph: ReferenceGraph
        /// Its metrics, for the table.
        public var metrics: CouplingMetrics

        /// A column for `kind`.
        public init(kind: MediatorKind, graph: ReferenceGraph, metrics: CouplingMetrics) {
            self.kind = kind
            self.graph = graph
            self.metrics = metrics
        }
    }

    /// One cluster per implementation, side by side, with every declared participant in the same
    /// place in every cluster (greyed out where it was already deallocated), in declaration order,
    /// in rows of at most `participantsPerRow`; mediators above them, and the metrics table and
    /// the legend beneath.
    ///
    /// Only one node ranks each participant (the first mediator, or the participant above it) and
    /// an invisible chain orders each row: with every mediator ranking every participant, Graphviz
    /// reordered them after a run-time replacement.
    ///
    /// The columns at the indices in `summarised` are not drawn: their box says how many
    /// references it left out, and the table keeps their numbers (a large mesh's, past what
    /// Graphviz lays out in reasonable time).
    ///
    /// - Parameters:
    ///   - columns: One per design, in the order drawn.
    ///   - participants: Every declared participant, with its type, in order.
    ///   - title: The scenario's title.
    ///   - summarised: The indices of the columns drawn as a summary.
    /// - Returns: The DOT source.
    public static func compare(
        _ columns: [Column], participants: [(name: String, type: String)], title: String, summarised: Set<Int> = []
    ) -> String {
        var out = header(name: "compare", label: "\(title) — coupling compared")
        // A reference into a lower row passes each row above as an invisible point, nodesep apart:
        // a wide nodesep would widen every box by that much per reference.
        out += "  graph [rankdir=TB, nodesep=0.1, ranksep=0.9, newrank=true];\n"
        let rows = balancedRows(participants.map(\.name), longest: participantsPerRow)
        var anchors: [String] = []
        var lastRow: [String] = []
        let graphs = columns.enumerated().map { summarised.contains($0.offset) ? nil : $0.element.graph.collapsed() }
        for (index, column) in columns.enumerated() {
            guard let graph = graphs[index] else {
                let summary = DOT.quoted("c\(index) summary")
                out += "  subgraph \(DOT.quoted("cluster_\(index)")) {\n"
                out += "    label=\(DOT.quoted(column.kind.rawValue)); style=rounded; color=\"#9e9e9e\"; fontsize=16;\n"
                out += "    \(summary) [shape=plaintext, label=\(DOT.quoted(notDrawn(column.metrics)))];\n"
                out += "  }\n"
                anchors.append(summary)
                continue
            }
            let prefix = "c\(index):"
            func id(_ name: String) -> String { DOT.id(prefix + name) }
            let inCycle = Set(column.metrics.cycles.joined())
            let leaked = Set(column.metrics.leaked)
            let alive = Set(graph.nodes.map(\.id))
            out += "  subgraph \(DOT.quoted("cluster_\(index)")) {\n"
            out += "    label=\(DOT.quoted(column.kind.rawValue)); style=rounded; color=\"#9e9e9e\"; fontsize=16;\n"
            let mediators = graph.nodes.filter { $0.role == .mediator }
            for mediator in mediators {
                var style = nodeStyle(.mediator, name: mediator.id, type: mediator.typeName)
                if inCycle.contains(mediator.id) { style += ", color=\"#c62828\", fontcolor=\"#c62828\", penwidth=2" }
                if leaked.contains(mediator.id) { style += ", peripheries=2" }
                out += "    \(id(mediator.id)) [\(style)];\n"
            }
            // The first mediator anchors the rows; without one, an invisible stand-in of a
            // mediator's height (two lines) keeps the first row level with the other clusters'
            // (no participant's id has a space).
            let anchor = mediators.first.map { id($0.id) } ?? DOT.quoted("c\(index) anchor")
            if mediators.isEmpty { out += "    \(anchor) [shape=hexagon, style=invis, label=\"mediator\\n: Mediator\"];\n" }
            if mediators.count > 1 {
                let ids = mediators.map { id($0.id) }
                out += "    { rank=same; \(ids.joined(separator: "; ")); }\n"
                out += "    \(ids.joined(separator: " -> ")) [style=invis];\n"
            }
            for participant in participants {
                var style: String
                if alive.contains(participant.name) {
                    style = nodeStyle(.participant, name: participant.name, type: nil)
                    if inCycle.contains(participant.name) { style += ", color=\"#c62828\", fontcolor=\"#c62828\", penwidth=2" }
                    if leaked.contains(participant.name) { style += ", peripheries=2" }
                } else {
                    style =
                        "label=\(DOT.quoted(shown(participant.name))), shape=box, style=\"rounded,dashed\", color=\"#9e9e9e\", fontcolor=\"#9e9e9e\""
                }
                out += "    \(id(participant.name)) [\(style)];\n"
            }
            var above = [anchor]
            for row in rows {
                let ids = row.map(id)
                // From the anchor into the first row; from the participant straight above later.
                for (position, node) in ids.enumerated() {
                    out += "    \(above[min(position, above.count - 1)]) -> \(node) [style=invis];\n"
                }
                out += "    { rank=same; \(ids.joined(separator: "; ")); }\n"
                if ids.count > 1 { out += "    \(ids.joined(separator: " -> ")) [style=invis];\n" }
                above = ids
            }
            for edge in graph.edges {
                var style = edgeStyle(edge.ownership) + ", constraint=false"
                if edge.ownership == .strong, inCycle.contains(edge.from), inCycle.contains(edge.to) {
                    style += ", color=\"#c62828\""
                }
                out += "    \(id(edge.from)) -> \(id(edge.to)) [\(style)];\n"
            }
            out += "  }\n"
            anchors.append(anchor)
            if let last = rows.last?.last { lastRow.append(id(last)) }
        }
        if !anchors.isEmpty { out += "  { rank=same; \(anchors.joined(separator: "; ")); }\n" }
        out += "  metrics [shape=plaintext, label=<\(metricsTable(columns))>];\n"
        let drawn = graphs.compactMap { $0 }
        let alive = drawn.map { Set($0.nodes.map(\.id)) }
        out += legend(
            coupling: false, mediators: drawn.contains { $0.nodes.contains { $0.role == .mediator } },
            earlierMediators: drawn.contains { $0.nodes.contains { $0.role == .mediator && isEarlierMediator($0.id) } },
            madeObjects: false, deallocated: alive.contains { alive in participants.contains { !alive.contains($0.name) } })
        // The key on the table's left, beside the panels' first column.
        out += "  { rank=same; legend; metrics; }\n"
        out += "  legend -> metrics [style=invis];\n"
        for node in lastRow { out += "  \(node) -> metrics [style=invis];\n" }
        return out + "}\n"
    }

    /// What a compare box that is not drawn says instead: how many references, of which kinds.
    static func notDrawn(_ metrics: CouplingMetrics) -> String {
        "not drawn: \(grouped(metrics.references)) references\n(\(grouped(metrics.strong)) strong, \(grouped(metrics.weak)) weak, "
            + "\(grouped(metrics.unowned)) unowned),\n\(grouped(metrics.participantToParticipant)) between participants;\n"
            + "too many to lay out: see the table"
    }

    /// Participants in a row of a compare cluster, at most: more wrap into further rows.
    static let participantsPerRow = 5

    /// How many rows the compare diagram draws `participants` in, as ``balancedRows(_:longest:)``
    /// cuts them.
    package static func compareRows(participants: Int) -> Int {
        rowCount(participants, longest: participantsPerRow)
    }

    /// The fewest rows of at most `longest` that hold `count` names.
    private static func rowCount(_ count: Int, longest: Int) -> Int {
        (count + longest - 1) / longest
    }

    /// `names` in order, cut into as few rows of at most `longest` as will hold them, as even as
    /// can be, longer rows first: 6 names make rows of 3 and 3, 7 make 4 and 3.
    static func balancedRows(_ names: [String], longest: Int) -> [[String]] {
        guard !names.isEmpty else { return [] }
        let count = rowCount(names.count, longest: longest)
        let short = names.count / count
        let long = names.count % count
        var rows: [[String]] = []
        var start = 0
        for row in 0..<count {
            let length = short + (row < long ? 1 : 0)
            rows.append(Array(names[start..<start + length]))
            start += length
        }
        return rows
    }

    /// The metrics table's font size, in points: the nodes' (see `header`).
    static let tableFontSize = 12.0
    /// The metrics table's cell padding and cell border, in points.
    static let tableCellPadding = 5, tableCellBorder = 1

    /// The metrics of every column as an HTML-like table, one column per implementation.
    ///
    /// Each column is as wide as its widest text set in the fallback font (`FallbackTextWidth`),
    /// and every text starts at its cell's left edge: Graphviz sizes text for Helvetica and
    /// writes where it starts, so a wider font runs on to the right, past a cell sized for
    /// Helvetica or past the end of a centred one.
    static func metricsTable(_ columns: [Column]) -> String {
        // Headings are shaded, not bold: SVG labels are sized with Graphviz's built-in metrics,
        // which have no bold widths, so bold text would overflow its cell.
        func cell(_ text: String, heading: Bool, width: Int?) -> String {
            let shade = heading && !text.isEmpty ? " BGCOLOR=\"#eeeeee\"" : ""
            let wide = width.map { " WIDTH=\"\($0)\"" } ?? ""
            return "<TD ALIGN=\"LEFT\"\(shade)\(wide)>\(DOT.htmlEscaped(text))</TD>"
        }
        func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }
        var rows: [[String]] = [[""] + columns.map { $0.kind.rawValue }]
        rows.append(["references"] + columns.map { String($0.metrics.references) })
        rows.append(["strong"] + columns.map { String($0.metrics.strong) })
        rows.append(["weak"] + columns.map { String($0.metrics.weak) })
        rows.append(["unowned"] + columns.map { String($0.metrics.unowned) })
        rows.append(["participant → participant"] + columns.map { String($0.metrics.participantToParticipant) })
        rows.append(
            ["cycles"]
                + columns.map {
                    $0.metrics.cycles.isEmpty
                        ? "none" : $0.metrics.cycles.map { "(" + $0.joined(separator: ", ") + ")" }.joined(separator: " ")
                })
        rows.append(["leaked"] + columns.map { list($0.metrics.leaked) })
        rows = rows.map { $0.map { LabelCut.clipped($0, to: longestCell) } }
        // The first row's cells set each column's width (Graphviz widens one that needs more).
        let widths = rows[0].indices.map { column in
            let text = rows.map { FallbackTextWidth.width(of: $0[column], size: tableFontSize) }.max() ?? 0
            return Int(text.rounded(.up)) + 2 * (tableCellPadding + tableCellBorder)
        }
        var html =
            "<TABLE BORDER=\"0\" CELLBORDER=\"\(tableCellBorder)\" CELLSPACING=\"0\" CELLPADDING=\"\(tableCellPadding)\">"
        for (index, row) in rows.enumerated() {
            html +=
                "<TR>"
                + row.enumerated().map {
                    cell($0.element, heading: index == 0 || $0.offset == 0, width: index == 0 ? widths[$0.offset] : nil)
                }.joined() + "</TR>"
        }
        return html + "</TABLE>"
    }

    // MARK: Shared style

    private static func header(name: String, label: String) -> String {
        """
        digraph \(DOT.quoted(name)) {
          graph [label=\(DOT.quoted(label)), labelloc=t, fontname="Helvetica", fontsize=18];
          node [fontname="Helvetica", fontsize=12];
          edge [fontname="Helvetica", fontsize=10];

        """
    }

    /// A node's label and shape; a leaked object says so on a line of its own, inside its box.
    private static func nodeStyle(_ role: NodeRole, name: String, type: String?, leaked: Bool = false) -> String {
        let note = leaked ? "\n(leaked)" : ""
        switch role {
        case .participant:
            let label = (type.map { "\(shown(name))\n: \(shown($0))" } ?? shown(name)) + note
            return "label=\(DOT.quoted(label)), shape=box, style=\"rounded,filled\", fillcolor=\"#e3f2fd\""
        case .mediator:
            let label = (type.map { "\(shown(name))\n: \(shown($0))" } ?? shown(name)) + note
            return "label=\(DOT.quoted(label)), shape=hexagon, style=filled, fillcolor=\"#fff3e0\""
        case .internal:
            return
                "label=\(DOT.quoted(shown(type ?? name) + note)), shape=ellipse, style=filled, fillcolor=\"#f5f5f5\", fontsize=10"
        }
    }

    private static func edgeStyle(_ ownership: Ownership) -> String {
        switch ownership {
        case .strong: return "style=solid"
        case .weak: return "style=dashed"
        case .unowned: return "style=dotted"
        }
    }

    /// Whether a mediator's name is that of one a replacement left alive: `mediator 2`, `Hub 3`.
    static func isEarlierMediator(_ name: String) -> Bool {
        guard let space = name.lastIndex(of: " "), let number = Int(name[name.index(after: space)...]) else { return false }
        return number > 1
    }

    /// The key to a coupling or compare diagram: each mark it draws and what the mark means, at
    /// the nodes' size. The marks that only some diagrams have are listed where they appear.
    static func legend(coupling: Bool, mediators: Bool, earlierMediators: Bool, madeObjects: Bool, deallocated: Bool)
        -> String
    {
        var rows: [(mark: String, meaning: String)] = []
        if mediators { rows.append(("hexagon", "a mediator")) }
        if earlierMediators { rows.append(("mediator 2", "an earlier mediator that links keep alive")) }
        rows.append(("rounded box", "a participant"))
        if deallocated { rows.append(("dashed grey box", "a participant deallocated before the end")) }
        if madeObjects { rows.append(("ellipse", "an object the design made")) }
        rows.append(("solid arrow", "a strong reference"))
        rows.append(("dashed arrow", "a weak reference"))
        rows.append(("dotted arrow", "an unowned reference"))
        rows.append(("red", coupling ? "a strong reference cycle" : "in a strong reference cycle"))
        rows.append(("double border", "leaked: alive after the run released it"))
        let size = 12.0
        let padding = 2
        func width(_ texts: [String]) -> Int {
            Int((texts.map { FallbackTextWidth.width(of: $0, size: size) }.max() ?? 0).rounded(.up)) + 2 * padding
        }
        let widths = [width(rows.map(\.mark)), width(rows.map(\.meaning))]
        var html = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"\(padding)\">"
        for (index, row) in rows.enumerated() {
            let mark = row.mark == "red" ? "<FONT COLOR=\"#c62828\">red</FONT>" : DOT.htmlEscaped(row.mark)
            let wide = index == 0 ? widths.map { " WIDTH=\"\($0)\"" } : ["", ""]
            html +=
                "<TR><TD ALIGN=\"LEFT\"\(wide[0])>\(mark)</TD><TD ALIGN=\"LEFT\"\(wide[1])>\(DOT.htmlEscaped(row.meaning))</TD></TR>"
        }
        return "  legend [shape=note, label=<\(html)</TABLE>>];\n"
    }
}
