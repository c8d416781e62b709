import Foundation
public import MediateRuntime
import MediateSyntax

/// Draws a run as an SVG sequence diagram, laid out by `mediate` itself: no Graphviz, no Java.
///
/// Collects the run's events, then ``svg()`` writes the picture. Lifelines are the participants
/// in declaration order, with the mediator, when it took part in the run, where its arrows are
/// shortest; routes (those the design reported) and numbers are those of
/// ``SequenceDiagramWriter``. A label sits beside its arrow's start. A send that reached no one
/// (`missingReceiver`, `noMediator`) is a lost message, an arrow ending in a filled circle. A
/// reaction that sends is an activation bar on its receiver; `log` lines and other errors (`!`)
/// are notes; `leave` and
/// `release` are marks on the lifeline; leaked objects are marked under their lifelines. What a
/// reaction drew under a guard that held (`if …`) is framed as a UML `opt` fragment: a box around
/// its rows with `opt` in a tab at its top-left and the guard's condition beside it, nested as
/// the guards were (a guarded body that drew nothing gets no frame). A `together` block (language
/// 1.2) is framed as a `par` fragment around what its sends drew, labelled as its transcript line.
/// Text widths are estimated from character counts in a monospace font, so the output depends
/// on the events alone.
///
/// Element ids, for pages that highlight an element:
/// - `lifeline-NAME` (`lifeline-mediator` for the mediator);
/// - `step-N-send`: the arrow from the sender to the mediator of send `N`, its number with
///   `-` for `.` (`step-1-2-send` is send 1.2);
/// - `step-N-delivery-K`: the K-th delivery (1-based) of send `N`;
/// - `activation-step-N-delivery-K`: the reaction that delivery ran;
/// - `step-N-lost`: a lost message of send `N` (`-2`, `-3` … for its next ones);
/// - `note-K`: the K-th note (1-based), `leave-NAME`, `release-NAME`, `leaked-NAME`;
/// - `guard-K`: the K-th guard frame drawn (1-based, in the order the guards held);
/// - `together-K`: the K-th `par` frame of a `together` block drawn (1-based).
/// An id that would repeat gets `-2`, `-3` … appended. A writer made with an `idPrefix` puts it
/// before every id, and gives each row and activation a `data-step` attribute: the top-level
/// step it belongs to (`TranscriptEvent.startsStep`; 0 for the header), for a page that shows
/// several diagrams and steps through them. Its diagram has no `<style>` or marker: the page
/// writes `pageStyle` and `pageMarker` once.
public final class SequenceSVGWriter: EventSink {
    /// Labels (messages, notes, names, guard conditions) longer than this many characters are
    /// cut, as the message diagram cuts its own, with their text in a tooltip (`<title>`) of up to
    /// `DOTEmitter.longestTooltipMessage` characters; so a row's size is bounded.
    public static let longestLabel = 120
    private enum Row {
        /// `text` is cut to ``longestLabel``; `tooltip` is the text a cut label stands for.
        case arrow(id: String, from: Int, to: Int, number: String, text: String, tooltip: String?)
        case note(id: String, over: ClosedRange<Int>, text: String, tooltip: String?, style: String)
        case mark(id: String, lifeline: Int, text: String, style: String)
        /// A send that reached no one (UML's lost message): an arrow from `from` that ends in a
        /// filled circle before the receiver it missed (`to`), or a stub's length on when there
        /// is no such lifeline (`noMediator`); labelled with its message, then the error.
        case lost(id: String, from: Int, to: Int?, number: String, text: String, tooltip: String?, error: String)

        /// The row with each lifeline `k` moved to column `column[k]`.
        func moved(to column: [Int]) -> Row {
            switch self {
            case .arrow(let id, let from, let to, let number, let text, let tooltip):
                return .arrow(id: id, from: column[from], to: column[to], number: number, text: text, tooltip: tooltip)
            case .note(let id, let over, let text, let tooltip, let style):
                // A note is over one lifeline or over all of them.
                let moved = over.count == 1 ? column[over.lowerBound]...column[over.lowerBound] : over
                return .note(id: id, over: moved, text: text, tooltip: tooltip, style: style)
            case .mark(let id, let lifeline, let text, let style):
                return .mark(id: id, lifeline: column[lifeline], text: text, style: style)
            case .lost(let id, let from, let to, let number, let text, let tooltip, let error):
                return .lost(
                    id: id, from: column[from], to: to.map { column[$0] }, number: number, text: text, tooltip: tooltip,
                    error: error)
            }
        }
    }

    /// A label as drawn, cut to ``longestLabel``, and the text it stands for when it was cut.
    private struct Label {
        var text: String
        var tooltip: String?

        init(text: String, tooltip: String?) {
            self.text = text
            self.tooltip = tooltip
        }

        /// A message as the transcript writes it, cut inside its strings first (as the message
        /// diagram cuts it), then at the bound.
        init(_ message: Message) {
            text = LabelCut.clipped(DOTEmitter.shortened(message, to: longestLabel), to: longestLabel)
            let tooltip = LabelCut.clipped(
                DOTEmitter.shortened(message, to: DOTEmitter.longestTooltipMessage), to: DOTEmitter.longestTooltipMessage)
            self.tooltip = tooltip == text ? nil : tooltip
        }

        init(_ text: String) {
            self.text = LabelCut.clipped(text, to: longestLabel)
            tooltip = self.text == text ? nil : LabelCut.clipped(text, to: DOTEmitter.longestTooltipMessage)
        }
    }

    private struct Activation {
        var id: String, lifeline: Int, level: Int, depth: Int, firstRow: Int, lastRow: Int, sends: Bool, step: Int
    }

    /// The activation bars drawn on each lifeline at a row, for rows visited in order: each bar
    /// is added at its first row and taken away after its last, so that finding where an arrow
    /// meets a lifeline costs the bars open there, not every bar of the run.
    private struct BarLevels {
        private var byFirstRow: [Int: [Activation]] = [:]
        private var byLastRow: [Int: [Activation]] = [:]
        /// For each lifeline, how many open bars there are at each level.
        private var open: [[Int: Int]]
        private var row = -1

        init(_ bars: [Activation], lifelines: Int) {
            for bar in bars where bar.firstRow <= bar.lastRow {
                byFirstRow[bar.firstRow, default: []].append(bar)
                byLastRow[bar.lastRow, default: []].append(bar)
            }
            open = Array(repeating: [:], count: lifelines)
        }

        /// Makes `row` (at or after the last one) the row the levels are for.
        mutating func advance(to row: Int) {
            while self.row < row {
                for bar in byLastRow.removeValue(forKey: self.row) ?? [] {
                    open[bar.lifeline][bar.level, default: 0] -= 1
                    if open[bar.lifeline][bar.level] == 0 { open[bar.lifeline][bar.level] = nil }
                }
                self.row += 1
                for bar in byFirstRow.removeValue(forKey: self.row) ?? [] { open[bar.lifeline][bar.level, default: 0] += 1 }
            }
        }

        /// The level of the innermost bar open on `lifeline` at the current row, if any.
        func innermost(on lifeline: Int) -> Int? { open[lifeline].keys.max() }
    }

    /// A guard that held (`opt`) or a `together` block (`par`): its condition or label, depth and
    /// reaction's lifeline, the rows its body drew (none when `lastRow < firstRow`), its step, and
    /// the frame it is inside.
    private struct Frame {
        var condition: String, depth: Int, lifeline: Int?, firstRow: Int, lastRow: Int, step: Int, parent: Int?
        var operatorName = "opt"

        /// The text beside the tab: a guard's condition in brackets, a `together`'s label as it is;
        /// still to be escaped for XML.
        var label: String {
            operatorName == "opt" ? SequenceSVGWriter.bracketed(condition) : Label(SequenceSVGWriter.visible(condition)).text
        }
    }

    private let title: String
    private let idPrefix: String?
    /// The top-level step of the events so far, and of each row.
    private var step = 0
    private var rowSteps: [Int] = []
    /// The kind the run started under, which the title names.
    private let startKind: MediatorKind
    private let mediatorLifeline: Bool
    private let names: [String]
    private var index: [String: Int] = [:]
    /// The mediator's name when the scenario gives it one: its lifeline's label (its id stays
    /// `lifeline-mediator`).
    private var mediatorLabel: String?
    private var rows: [Row] = []
    private var activations: [Activation] = []
    private var open: [Int] = []
    private var usedIds: Set<String> = []
    private var notes = 0
    private var leaked: [Int] = []
    /// The row where each lifeline that joined mid-run joined: its head is drawn there.
    private var joinRows: [Int: Int] = [:]
    /// The row of each lifeline's latest `leave` or `release` mark, and the row its lifeline ends
    /// at: that mark, once the participant is deallocated.
    private var markRows: [Int: Int] = [:]
    private var endRows: [Int: Int] = [:]
    /// The number, sender, message (as written, and as drawn) and deliveries so far of the sends
    /// in progress at each depth, latest last, and the row of each one's arrow to the mediator once
    /// drawn. Several under an asynchronous design, whose deliveries may come after later sends'
    /// lines: see ``position(under:from:message:)``.
    private var sends: [[SendInProgress]] = []
    private typealias SendInProgress = (
        number: String, sender: String, written: String, message: Label, deliveries: Int, mediatorRow: Int?
    )
    /// The delivery the design just said went through its mediator: its receiver and depth.
    private var relay: (receiver: String, depth: Int)?
    /// The receiver whose reaction runs at each depth, for `log` notes.
    private var receivers: [String?] = []
    /// Every guard that held, in order, and those whose bodies are still running, outermost first.
    private var frames: [Frame] = []
    private var openFrames: [Int] = []

    /// The most rows (arrows, notes and marks) and lifelines `render --graph sequence` draws:
    /// past them the picture is too tall (10,000 rows is about 280,000 px) or too wide to read.
    package static let readableRows = 10_000, readableLifelines = 500

    /// The most rows this writer keeps, if any: past it, it drops what it had and draws nothing.
    private let rowLimit: Int?
    /// Whether the run drew more rows than `rowLimit`: ``svg()`` then draws no rows.
    package private(set) var pastRowLimit = false

    /// A writer of one run's sequence diagram, to be given every event of the run.
    ///
    /// - Parameters:
    ///   - title: The scenario's title.
    ///   - kind: The design it runs under.
    ///   - participants: Every participant, in declaration order.
    ///   - mediatorLifeline: Whether the mediator took part in the run (``MediatorSighting``).
    ///   - idPrefix: The ids' prefix on a page of several diagrams; with it, each row carries
    ///     its step as `data-step`.
    ///   - rowLimit: The most rows to keep; past it the writer lets go of them and draws none,
    ///     so that a run too large to draw costs no memory for its picture.
    public init(
        title: String, kind: MediatorKind, participants: [String], mediatorLifeline: Bool, idPrefix: String? = nil,
        rowLimit: Int? = nil
    ) {
        self.title = title
        self.idPrefix = idPrefix
        self.rowLimit = rowLimit
        startKind = kind
        self.mediatorLifeline = mediatorLifeline
        names = participants + (mediatorLifeline ? ["mediator"] : [])
        for (position, name) in names.enumerated() { index[name] = position }
    }

    private var everyone: ClosedRange<Int> { 0...max(0, names.count - 1) }

    /// Lays out the arrows, notes and activations `event` makes; ``svg()`` draws them.
    public func emit(_ event: TranscriptEvent) {
        guard !pastRowLimit else { return }
        defer { if let rowLimit, rows.count > rowLimit { dropEverything() } }
        if event.startsStep {
            step += 1
            // A send's errors belong to it; a later statement's errors (a `leave` refused) do not.
            if case .send = event {} else { sends.removeAll() }
        }
        closeActivations(atOrBelow: event.depth)
        if !openFrames.isEmpty { closeFrames(atOrBelow: event.depth) }
        switch event {
        case .mediator(let newKind, let replacement, let name):
            if replacement { note(over: everyone, "mediator replaced: \(newKind.rawValue)", style: "info") }
            if !replacement, let name, let lifeline = index["mediator"] {
                index[name] = lifeline
                mediatorLabel = name
            }
        case .send(let number, let sender, _, let message, let depth):
            while sends.count <= depth { sends.append([]) }
            if sends[depth].count == SequenceDiagramWriter.sendsKept { sends[depth].removeFirst() }
            sends[depth].append((number.map(String.init).joined(separator: "."), sender, message.written, Label(message), 0, nil))
            if let innermost = open.last, activations[innermost].depth == depth - 1 || inGuardedBody(of: innermost, at: depth) {
                activations[innermost].sends = true
            }
        case .delivery(let receiver, let sender, let message, let depth):
            defer { relay = nil }
            setReceiver(receiver, at: depth)
            guard let (sendDepth, position) = position(under: depth, from: sender, message: message.written) else { return }
            let throughMediator = relay.map { $0.receiver == receiver && $0.depth == depth } ?? false
            if throughMediator { arrowToMediator(sendDepth, position) }
            guard let to = index[receiver] else { return }
            sends[sendDepth][position].deliveries += 1
            let send = sends[sendDepth][position]
            guard let from = throughMediator ? index["mediator"] : index[sender] else { return }
            let id = "step-\(send.number.replacingOccurrences(of: ".", with: "-"))-delivery-\(send.deliveries)"
            // A send reaches the mediator by one arrow, whether the mediator carries it on or is
            // one of its targets (language 1.1): a delivery to it after that arrow draws no other.
            let toMediator = !throughMediator && to == index["mediator"] && from != to
            let row: Int
            if toMediator, let drawn = send.mediatorRow {
                row = drawn
            } else {
                let label = Label(message)
                rows.append(.arrow(id: unique(id), from: from, to: to, number: send.number, text: label.text, tooltip: label.tooltip))
                row = rows.count - 1
                if toMediator { sends[sendDepth][position].mediatorRow = row }
            }
            let level = open.filter { activations[$0].lifeline == to }.count
            activations.append(
                Activation(
                    id: unique("activation-" + id), lifeline: to, level: level, depth: depth,
                    firstRow: row, lastRow: rows.count - 1, sends: false, step: step))
            open.append(activations.count - 1)
        case .log(let text, let depth):
            let receiver = depth > 0 && depth - 1 < receivers.count ? receivers[depth - 1] : nil
            note(over: receiver.flatMap { index[$0] }.map { $0...$0 } ?? everyone, text, style: "log")
        case .error(.evaluation(let error), _):
            // An expression's error belongs to the statement, not to a send.
            note(over: everyone, "! \(error.written)", style: "error")
        case .error(let error, let depth):
            let throughMediator = relay?.depth == depth
            if throughMediator, let (level, position) = position(under: depth) { arrowToMediator(level, position) }
            relay = nil
            if case .delivery(let failure) = error, let (level, position) = position(under: depth),
                lost(failure, of: sends[level][position], throughMediator: throughMediator)
            {
                break
            }
            let send = position(under: depth).map { sends[$0.0][$0.1] }
            let named = send.map { " (send \($0.number) \($0.message.text))" } ?? ""
            note(over: send.flatMap { index[$0.sender] }.map { $0...$0 } ?? everyone, "! \(error.written)\(named)", style: "error")
        case .participant(let name, _, _):
            if !rows.isEmpty, let lifeline = index[name] {
                note(over: lifeline...lifeline, "joins", style: "join")
                if joinRows[lifeline] == nil { joinRows[lifeline] = rows.count - 1 }
            }
        case .leave(let name, let depth):
            // Its errors (`! fixedColleagues`) are its own, not those of a send before it.
            if depth < sends.count { sends.removeSubrange(depth...) }
            if let lifeline = index[name] {
                rows.append(.mark(id: unique("leave-\(idName(name, lifeline))"), lifeline: lifeline, text: "leave", style: "leave"))
                markRows[lifeline] = rows.count - 1
            }
        case .release(let name, let depth):
            if depth < sends.count { sends.removeSubrange(depth...) }
            if let lifeline = index[name] {
                rows.append(.mark(id: unique("release-\(idName(name, lifeline))"), lifeline: lifeline, text: "release", style: "release"))
                markRows[lifeline] = rows.count - 1
            }
        case .lifetime(let name, let deallocated, _):
            if let lifeline = index[name] {
                note(over: lifeline...lifeline, deallocated ? "deallocated" : "still alive", style: "info")
                if deallocated { endRows[lifeline] = markRows[lifeline] ?? rows.count - 1 }
            }
        case .expectation(let text, let got, let intended):
            let failed = got != nil && !intended
            note(over: everyone, text + TranscriptEvent.outcome(got: got, intended: intended), style: failed ? "error" : "info")
        case .leaked(let leakedNames):
            leaked = leakedNames.compactMap { index[$0] }
            note(
                over: everyone, "leaked: " + (leakedNames.isEmpty ? "none" : leakedNames.joined(separator: ", ")),
                style: leakedNames.isEmpty ? "info" : "error")
        case .guardPassed(let text, let depth):
            // The guarded body's lines are one level deeper: they are still the receiver's.
            let receiver = depth > 0 && depth - 1 < receivers.count ? receivers[depth - 1] : nil
            if let receiver { setReceiver(receiver, at: depth) }
            frames.append(
                Frame(
                    condition: text.hasPrefix("if ") ? String(text.dropFirst(3)) : text, depth: depth,
                    lifeline: receiver.flatMap { index[$0] }, firstRow: rows.count, lastRow: rows.count - 1, step: step,
                    parent: openFrames.last))
            openFrames.append(frames.count - 1)
        case .together(let kind, let synchronous):
            frames.append(
                Frame(
                    condition: TranscriptEvent.togetherText(kind: kind, synchronous: synchronous), depth: 0, lifeline: nil,
                    firstRow: rows.count, lastRow: rows.count - 1, step: step, parent: openFrames.last, operatorName: "par"))
            openFrames.append(frames.count - 1)
        case .scenario, .set, .end:
            break
        }
        extendOpenSpans()
        while rowSteps.count < rows.count { rowSteps.append(step) }
    }

    /// Lets go of every row, bar and frame once the run is past `rowLimit`.
    private func dropEverything() {
        pastRowLimit = true
        rows = []
        rowSteps = []
        activations = []
        open = []
        frames = []
        openFrames = []
        sends = []
        joinRows = [:]
        markRows = [:]
        endRows = [:]
        leaked = []
    }

    /// Extends the open activations and guard frames over the rows drawn so far.
    private func extendOpenSpans() {
        for position in open { activations[position].lastRow = max(activations[position].lastRow, rows.count - 1) }
        for position in openFrames { frames[position].lastRow = rows.count - 1 }
    }

    /// Whether a send at `depth` is in the body of a guard that held in the reaction `activation` ran.
    private func inGuardedBody(of activation: Int, at depth: Int) -> Bool {
        guard let last = openFrames.last else { return false }
        return frames[last].depth == depth - 1 && activations[activation].depth == depth - 2
    }

    /// Ends the guard frames whose bodies an event at `depth` is not part of.
    private func closeFrames(atOrBelow depth: Int) {
        while let last = openFrames.last, frames[last].depth >= depth { openFrames.removeLast() }
    }

    /// ` id="…"` for an element, with the writer's prefix, and its step when the writer has a prefix.
    private func attributes(id: String, step: Int) -> String {
        guard let idPrefix else { return " id=\"\(XML.escaped(id))\"" }
        return " id=\"\(XML.escaped(idPrefix + id))\" data-step=\"\(step)\""
    }

    /// Notes that the next delivery (or error) to `receiver` went through the mediator: it draws
    /// the arrow from the sender to the mediator first, once per send.
    public func emitRelay(receiver: String, depth: Int) {
        closeActivations(atOrBelow: depth)
        if !openFrames.isEmpty { closeFrames(atOrBelow: depth) }
        relay = (receiver, depth)
    }

    /// Where the send that a delivery at `depth` of `message` from `sender` belongs to is in
    /// ``sends``: the latest at `depth - 1` with that sender and message, else the latest there.
    private func position(under depth: Int, from sender: String? = nil, message: String? = nil) -> (Int, Int)? {
        guard depth > 0, depth - 1 < sends.count, let latest = sends[depth - 1].indices.last else { return nil }
        if let sender, let message, sends[depth - 1][latest].sender != sender || sends[depth - 1][latest].written != message,
            let match = sends[depth - 1].lastIndex(where: { $0.sender == sender && $0.written == message })
        {
            return (depth - 1, match)
        }
        return (depth - 1, latest)
    }

    /// Draws the arrow from the sender of `sends[level][position]` to the mediator, once per send.
    private func arrowToMediator(_ level: Int, _ position: Int) {
        guard sends[level][position].mediatorRow == nil, let to = index["mediator"], let from = index[sends[level][position].sender],
            from != to
        else { return }
        sends[level][position].mediatorRow = rows.count
        let send = sends[level][position]
        rows.append(
            .arrow(
                id: unique("step-\(send.number.replacingOccurrences(of: ".", with: "-"))-send"), from: from, to: to,
                number: send.number, text: send.message.text, tooltip: send.message.tooltip))
        extendOpenSpans()
    }

    /// Draws a send that reached no receiver as a lost message: a `missingReceiver` from the
    /// mediator (or the sender) towards the receiver it missed, a `noMediator` from the sender
    /// towards no one. False for the other errors, which are notes.
    private func lost(_ failure: DeliveryError, of send: SendInProgress, throughMediator: Bool) -> Bool {
        let missed: Int?
        switch failure {
        case .missingReceiver(let name): missed = index[name]
        case .noMediator: missed = nil
        case .refused, .foreignColleague, .other: return false
        }
        guard let from = throughMediator ? index["mediator"] : index[send.sender] else { return false }
        let id = unique("step-\(send.number.replacingOccurrences(of: ".", with: "-"))-lost")
        rows.append(
            .lost(
                id: id, from: from, to: missed == from ? nil : missed, number: send.number, text: send.message.text,
                tooltip: send.message.tooltip, error: "! " + failure.written))
        return true
    }

    /// Always: routes are drawn from them.
    public var takesRelays: Bool { true }

    private func setReceiver(_ receiver: String, at depth: Int) {
        while receivers.count <= depth { receivers.append(nil) }
        receivers[depth] = receiver
    }

    /// Ends the reactions that an event at `depth` is not part of.
    private func closeActivations(atOrBelow depth: Int) {
        while let last = open.last, activations[last].depth >= depth { open.removeLast() }
    }

    private func note(over lifelines: ClosedRange<Int>, _ text: String, style: String) {
        notes += 1
        let label = Label(text)
        rows.append(.note(id: unique("note-\(notes)"), over: lifelines, text: label.text, tooltip: label.tooltip, style: style))
    }

    private func unique(_ id: String) -> String {
        var candidate = id, count = 1
        while usedIds.contains(candidate) {
            count += 1
            candidate = "\(id)-\(count)"
        }
        usedIds.insert(candidate)
        return candidate
    }

    // MARK: Layout

    /// Pixels: the margin, a character's width in tenths (12 px monospace), box and row sizes.
    private enum Size {
        static let margin = 16, charTenths = 72, boxHeight = 30, rowHeight = 28, selfRowHeight = 40
        static let top = 44, activationWidth = 10, selfLoop = 30
        /// A guard frame: the room above its first row for its tab, the room below it, the
        /// frame's distance from what it holds and how much more for each frame nested in it.
        static let frameHeader = 24, frameGap = 8, framePad = 12, frameNest = 8
        /// The width of a guard frame's tab, which holds `opt`.
        static let frameTab = 36
        /// How far a lost message that missed no lifeline reaches past its sender.
        static let lostStub = 48
    }

    /// A lost message's label as drawn: its number, message and error.
    private static func lostLabel(number: String, text: String, error: String) -> String {
        number + " " + visible(text) + " " + visible(error)
    }

    /// An arrow's label beside its start, on a background that hides the lifelines it crosses:
    /// after the start going right, before it going left.
    private static func arrowLabel(_ label: String, width: Int, from x: Int, rightward: Bool, y: Int) -> String {
        let start = rightward ? x + 8 : x - 8 - width
        return "<rect class=\"label-background\" x=\"\(start - 2)\" y=\"\(y + 2)\" width=\"\(width + 4)\" height=\"14\"/>"
            + "<text x=\"\(start)\" y=\"\(y + 13)\">\(label)</text>"
    }

    /// The width of `text` in pixels at 12 px monospace; East Asian wide characters count twice.
    static func width(_ text: String) -> Int {
        // Below U+231A no scalar is wide, so most text never looks up a Unicode property (the
        // lookup was an eighth of drawing a large run).
        let columns = text.unicodeScalars.reduce(0) { sum, scalar in
            sum + (scalar.value >= 0x231A && (scalar.properties.isEmojiPresentation || (0x2E80...0xFFDC).contains(scalar.value)) ? 2 : 1)
        }
        return (columns * Size.charTenths + 9) / 10
    }

    /// The column each lifeline is drawn in: the participants in declaration order, and the
    /// mediator where the arrows to and from it are shortest in all (the weighted median of the
    /// participants it exchanges arrows with; the rightmost of equal places, so a mediator that
    /// no arrow pulls left stays last).
    private func columns() -> [Int] {
        guard mediatorLifeline, let mediator = index["mediator"], mediator > 0 else { return Array(names.indices) }
        var weight = Array(repeating: 0, count: mediator)
        func count(_ from: Int, _ to: Int?) {
            guard let to, from != to else { return }
            if from == mediator, to < mediator { weight[to] += 1 }
            if to == mediator, from < mediator { weight[from] += 1 }
        }
        for row in rows {
            switch row {
            case .arrow(_, let from, let to, _, _, _): count(from, to)
            case .lost(_, let from, let to, _, _, _, _): count(from, to)
            case .note, .mark: break
            }
        }
        // The arrows' length in columns with the mediator in column 0, then in each next column:
        // the participants left of it are one column further, those right of it one nearer.
        var cost = weight.enumerated().reduce(0) { $0 + $1.element * ($1.offset + 1) }
        var best = (column: 0, cost: cost)
        var leftOf = 0
        let total = weight.reduce(0, +)
        for participant in 0..<mediator {
            cost += leftOf - (total - leftOf - weight[participant])
            leftOf += weight[participant]
            if cost <= best.cost { best = (participant + 1, cost) }
        }
        return names.indices.map { $0 == mediator ? best.column : $0 < best.column ? $0 : $0 + 1 }
    }

    /// The SVG: the title, the lifelines, activation bars, then every row in run order.
    public func svg() -> String {
        // Everything below is drawn by column (`order` gives each column's lifeline).
        let column = columns()
        var order = Array(names.indices)
        for (lifeline, place) in column.enumerated() { order[place] = lifeline }
        let names = order.map { self.names[$0] }
        let rows = column == Array(names.indices) ? self.rows : self.rows.map { $0.moved(to: column) }
        let activations = self.activations.map { activation in
            var moved = activation
            moved.lifeline = column[activation.lifeline]
            return moved
        }
        let frames = self.frames.map { frame in
            var moved = frame
            moved.lifeline = frame.lifeline.map { column[$0] }
            return moved
        }
        let joinRows = Dictionary(uniqueKeysWithValues: self.joinRows.map { (column[$0.key], $0.value) })
        let endRows = Dictionary(uniqueKeysWithValues: self.endRows.map { (column[$0.key], $0.value) })
        let leaked = self.leaked.map { column[$0] }
        let mediatorColumn = mediatorLifeline ? index["mediator"].map { column[$0] } : nil

        let count = max(names.count, 1)
        var fullLabels = names.map(Self.visible)
        if let mediatorColumn, let mediatorLabel { fullLabels[mediatorColumn] = Self.visible(mediatorLabel) }
        let labels = fullLabels.map { Label($0) }.map(\.text)
        let boxWidths = labels.map { max(60, Self.width($0) + 20) }
        // need[i][j]: the least distance from lifeline i to lifeline j > i; edge[k]: room either side.
        var need = Array(repeating: Array(repeating: 0, count: count), count: count)
        var left = boxWidths.map { $0 / 2 }, right = left
        for k in 1..<max(count, 1) where k < names.count { need[k - 1][k] = (boxWidths[k - 1] + boxWidths[k]) / 2 + 24 }
        func require(_ i: Int, _ j: Int, _ distance: Int) { need[i][j] = max(need[i][j], distance) }
        for row in rows {
            switch row {
            case .arrow(_, let from, let to, let number, let text, _):
                let label = Self.width(number + " " + Self.visible(text)) + 24
                if from == to {
                    if to + 1 < names.count { require(to, to + 1, label + Size.selfLoop + 8) }
                    right[to] = max(right[to], label + Size.selfLoop + 8)
                } else {
                    require(min(from, to), max(from, to), label)
                }
            case .note(_, let over, let text, _, _):
                let width = Self.width(Self.visible(text)) + 16
                if over.count == 1 {
                    let k = over.lowerBound
                    left[k] = max(left[k], width / 2)
                    right[k] = max(right[k], (width + 1) / 2)
                    if k > 0 { require(k - 1, k, width / 2 + 8) }
                    if k + 1 < names.count { require(k, k + 1, width / 2 + 8) }
                } else {
                    left[over.lowerBound] = max(left[over.lowerBound], 20)
                    // The span between them is wide enough for the text (below), so the note
                    // ends 20 px past the last lifeline.
                    right[over.upperBound] = max(right[over.upperBound], 20)
                    require(over.lowerBound, over.upperBound, width - 40)
                }
            case .mark(_, let lifeline, let text, _):
                let width = Self.width(text) + 20
                right[lifeline] = max(right[lifeline], width)
                if lifeline + 1 < names.count { require(lifeline, lifeline + 1, width + 8) }
            case .lost(_, let from, let to, let number, let text, _, let error):
                let label = Self.width(Self.lostLabel(number: number, text: text, error: error)) + 24
                if let to {
                    require(min(from, to), max(from, to), label)
                } else {
                    right[from] = max(right[from], max(label, Size.lostStub + 8))
                }
            }
        }
        // Guard frames: the room around what they hold, nested ones inside the others.
        let frameLayout = FrameLayout(frames: frames, drawn: frames.indices.filter { frames[$0].lastRow >= frames[$0].firstRow })
        for position in frameLayout.drawn {
            let pad = frameLayout.pad(position)
            for row in rows[frames[position].firstRow...frames[position].lastRow] {
                let reach = Self.reach(of: row)
                left[reach.left] = max(left[reach.left], reach.leftOffset + pad)
                right[reach.right] = max(right[reach.right], reach.rightOffset + pad)
            }
            var ancestor: Int? = position
            while let outer = ancestor {
                if let lifeline = frames[position].lifeline {
                    left[lifeline] = max(left[lifeline], frameLayout.pad(outer))
                    right[lifeline] = max(right[lifeline], frameLayout.pad(outer))
                }
                ancestor = frames[outer].parent
            }
        }
        var xs: [Int] = []
        for k in 0..<names.count {
            var x = Size.margin + left[k]
            for i in 0..<k { x = max(x, xs[i] + need[i][k]) }
            xs.append(x)
        }
        let titleText = Label(Self.visible(title)).text + " (\(startKind.rawValue))"
        var width = Self.width(titleText) + 2 * Size.margin
        for k in 0..<names.count { width = max(width, xs[k] + right[k] + Size.margin) }
        // Rows top to bottom.
        var ys: [Int] = []
        var y = Size.top + Size.boxHeight + 16
        var boxes = frameLayout.horizontal(frames: frames, rows: rows, xs: xs)
        for (position, row) in rows.enumerated() {
            for frame in frameLayout.starting[position] ?? [] {
                boxes[frame]?.top = y
                y += Size.frameHeader
            }
            ys.append(y)
            if case .arrow(_, let from, let to, _, _, _) = row, from == to {
                y += Size.selfRowHeight
            } else if case .note(_, _, _, _, "join") = row {
                y += Size.boxHeight + 8
            } else {
                y += Size.rowHeight
            }
            for frame in (frameLayout.ending[position] ?? []).reversed() {
                boxes[frame]?.bottom = y + 2
                y += Size.frameGap
            }
        }
        for box in boxes.values { width = max(width, box.x1 + Size.margin) }
        let bottom = y + 12
        let height = bottom + Size.boxHeight + (leaked.isEmpty ? 0 : 20) + Size.margin

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="DejaVu Sans Mono, monospace" font-size="12">
            <title>\(XML.escaped(LabelCut.clipped(Self.visible(title), to: DOTEmitter.longestTooltipMessage) + " (\(startKind.rawValue))"))</title>

            """
        // A page's diagrams (made with an idPrefix) take their look from the page (`pageStyle`).
        if idPrefix == nil {
            out += Self.style(marker: "arrowhead", frames: !frameLayout.drawn.isEmpty) + "\n" + Self.marker(id: "arrowhead") + "\n"
        }
        out += """
            <rect width="\(width)" height="\(height)" fill="#fff"/>
            <text class="title" x="\(width / 2)" y="26" text-anchor="middle">\(XML.escaped(titleText))</text>

            """
        for (k, label) in labels.enumerated() {
            let x = xs[k], half = boxWidths[k] / 2
            var classes = "lifeline"
            if k == mediatorColumn { classes += " mediator" }
            if leaked.contains(k) { classes += " leaked" }
            out += "<g id=\"\(XML.escaped((idPrefix ?? "") + "lifeline-" + idName(names[k], order[k])))\" class=\"\(classes)\">"
            out += Self.tooltip(label == fullLabels[k] ? nil : LabelCut.clipped(fullLabels[k], to: DOTEmitter.longestTooltipMessage))
            // A lifeline starts at its head (where it joined, for one that joined mid-run) and ends
            // at its foot, or at the mark after which it was deallocated.
            let head = joinRows[k].map { ys[$0] + 4 } ?? Size.top
            let end = endRows[k].map { ys[$0] + 14 } ?? bottom
            out += "<line class=\"line\" x1=\"\(x)\" y1=\"\(head + Size.boxHeight)\" x2=\"\(x)\" y2=\"\(end)\"/>"
            if joinRows[k] == nil { out += Self.box(x: x, half: half, top: Size.top, label: label) }
            if endRows[k] == nil { out += Self.box(x: x, half: half, top: bottom, label: label) }
            if leaked.contains(k) {
                out +=
                    "<text\(attributes(id: "leaked-" + idName(names[k], order[k]), step: step)) class=\"leaked-label\" x=\"\(x)\" "
                    + "y=\"\(bottom + Size.boxHeight + 16)\" text-anchor=\"middle\">leaked</text>"
            }
            out += "</g>\n"
        }
        for activation in activations where activation.sends {
            let x = xs[activation.lifeline] - Size.activationWidth / 2 + activation.level * Size.activationWidth / 2
            let top = ys[activation.firstRow] + 18
            let end = activation.lastRow + 1 < ys.count ? ys[activation.lastRow + 1] : bottom - 4
            out +=
                "<rect\(attributes(id: activation.id, step: activation.step)) class=\"activation\" x=\"\(x)\" y=\"\(top)\" "
                + "width=\"\(Size.activationWidth)\" height=\"\(max(8, end - top - 4))\"/>\n"
        }
        // Over the activation bars, so that a bar does not hide a tab; under the rows.
        var drawnCounts: [String: Int] = [:]
        for position in frameLayout.drawn {
            guard let box = boxes[position] else { continue }
            let frame = frames[position]
            let condition = frame.label
            let tab = Size.frameTab, top = box.top
            let full = Self.visible(frame.condition)
            let name = frame.operatorName == "opt" ? "guard" : "together"
            drawnCounts[name, default: 0] += 1
            out += "<g\(attributes(id: "\(name)-\(drawnCounts[name]!)", step: frame.step)) class=\"guard\">"
            out += Self.tooltip(Label(full).tooltip)
            out += "<rect class=\"guard-frame\" x=\"\(box.x0)\" y=\"\(top)\" width=\"\(box.x1 - box.x0)\" height=\"\(box.bottom - top)\"/>"
            out +=
                "<path class=\"guard-tab\" d=\"M\(box.x0),\(top) H\(box.x0 + tab) V\(top + 12) L\(box.x0 + tab - 6),\(top + 18) H\(box.x0) Z\"/>"
            out += "<text class=\"guard-operator\" x=\"\(box.x0 + 7)\" y=\"\(top + 13)\">\(frame.operatorName)</text>"
            out += "<text class=\"guard-condition\" x=\"\(box.x0 + tab + 8)\" y=\"\(top + 13)\">\(XML.escaped(condition))</text></g>\n"
        }
        var bars = BarLevels(activations.filter(\.sends), lifelines: names.count)
        for (position, row) in rows.enumerated() {
            let y = ys[position]
            bars.advance(to: position)
            switch row {
            case .arrow(let id, let from, let to, let number, let text, let tooltip):
                let kind = id.hasSuffix("-send") ? "send" : "delivery"
                let label = "<tspan class=\"number\">\(XML.escaped(number))</tspan> \(XML.escaped(Self.visible(text)))"
                out += "<g\(attributes(id: id, step: rowSteps[position])) class=\"\(kind)\">"
                out += Self.tooltip(tooltip.map { number + " " + $0 })
                if from == to {
                    let x = xs[from], loop = Size.selfLoop
                    out += "<path class=\"arrow\" d=\"M\(x),\(y + 18) H\(x + loop) V\(y + 32) H\(x + 2)\"/>"
                    out += "<text x=\"\(x + loop + 6)\" y=\"\(y + 27)\">\(label)</text>"
                } else {
                    let rightward = from < to
                    let x1 = edge(of: from, level: bars.innermost(on: from), xs: xs, right: rightward)
                    let x2 = edge(of: to, level: bars.innermost(on: to), xs: xs, right: !rightward) + (rightward ? -1 : 1)
                    out += "<line class=\"arrow\" x1=\"\(x1)\" y1=\"\(y + 18)\" x2=\"\(x2)\" y2=\"\(y + 18)\"/>"
                    out += Self.arrowLabel(
                        label, width: Self.width(number + " " + Self.visible(text)), from: x1, rightward: rightward, y: y)
                }
                out += "</g>\n"
            case .lost(let id, let from, let to, let number, let text, let tooltip, let error):
                let rightward = to.map { from < $0 } ?? true
                let x1 = edge(of: from, level: bars.innermost(on: from), xs: xs, right: rightward)
                let end =
                    to.map { edge(of: $0, level: bars.innermost(on: $0), xs: xs, right: !rightward) }
                    ?? x1 + Size.lostStub + 6
                // The circle stands just before the lifeline it missed; the arrow points at it.
                let circle = end + (rightward ? -6 : 6)
                let full = Self.lostLabel(number: number, text: text, error: error)
                out += "<g\(attributes(id: id, step: rowSteps[position])) class=\"lost\">"
                out += Self.tooltip(tooltip.map { number + " " + $0 + " " + error })
                out += "<line class=\"arrow\" x1=\"\(x1)\" y1=\"\(y + 18)\" x2=\"\(circle + (rightward ? -5 : 5))\" y2=\"\(y + 18)\"/>"
                out += "<circle class=\"lost-mark\" cx=\"\(circle)\" cy=\"\(y + 18)\" r=\"4\"/>"
                out += Self.arrowLabel(
                    "<tspan class=\"number\">\(XML.escaped(number))</tspan> \(XML.escaped(Self.visible(text))) "
                        + "<tspan class=\"lost-error\">\(XML.escaped(Self.visible(error)))</tspan>",
                    width: Self.width(full), from: x1, rightward: rightward, y: y)
                out += "</g>\n"
            case .note(let id, let over, _, _, "join"):
                let k = over.lowerBound
                out += "<g\(attributes(id: id, step: rowSteps[position])) class=\"join\">"
                out += Self.box(x: xs[k], half: boxWidths[k] / 2, top: y + 4, label: labels[k]) + "</g>\n"
            case .note(let id, let over, let text, let tooltip, let style):
                let visible = Self.visible(text)
                let textWidth = Self.width(visible) + 16
                let (x0, x1): (Int, Int)
                if over.count == 1 {
                    (x0, x1) = (xs[over.lowerBound] - textWidth / 2, xs[over.lowerBound] + (textWidth + 1) / 2)
                } else {
                    (x0, x1) = (xs[over.lowerBound] - 20, max(xs[over.upperBound] + 20, xs[over.lowerBound] - 20 + textWidth))
                }
                out += "<g\(attributes(id: id, step: rowSteps[position])) class=\"note \(style)\">\(Self.tooltip(tooltip))"
                out += "<rect x=\"\(x0)\" y=\"\(y + 4)\" width=\"\(x1 - x0)\" height=\"20\"/>"
                out += "<text x=\"\((x0 + x1) / 2)\" y=\"\(y + 18)\" text-anchor=\"middle\">\(XML.escaped(visible))</text></g>\n"
            case .mark(let id, let lifeline, let text, let style):
                let x = xs[lifeline], mid = y + 14
                out += "<g\(attributes(id: id, step: rowSteps[position])) class=\"\(style)\">"
                out +=
                    style == "release"
                    ? "<path class=\"mark\" d=\"M\(x - 7),\(mid - 7) L\(x + 7),\(mid + 7) M\(x - 7),\(mid + 7) L\(x + 7),\(mid - 7)\"/>"
                    : "<path class=\"mark\" d=\"M\(x - 9),\(mid) H\(x + 9)\"/>"
                out += "<text x=\"\(x + 12)\" y=\"\(mid + 4)\" font-style=\"italic\">\(text)</text></g>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    /// A lifeline's head or foot: its name in a box centred on `x`, `half` wide either side.
    private static func box(x: Int, half: Int, top: Int, label: String) -> String {
        "<rect class=\"box\" x=\"\(x - half)\" y=\"\(top)\" width=\"\(2 * half)\" height=\"\(Size.boxHeight)\" rx=\"3\"/>"
            + "<text x=\"\(x)\" y=\"\(top + 19)\" text-anchor=\"middle\">\(XML.escaped(label))</text>"
    }

    /// The diagram's `<style>`, arrows ending in the marker `marker`; the guard frames' look only
    /// when `frames`.
    private static func style(marker: String, frames: Bool) -> String {
        """
        <style>
        .box { fill: #eef2fb; stroke: #4a5a7a; } .mediator .box { fill: #e6f2e6; stroke: #3f6f3f; }
        .line { stroke: #6a7a9a; stroke-dasharray: 5 4; } .arrow { stroke: #222; fill: none; }
        .send .arrow, .delivery .arrow { marker-end: url(#\(marker)); } .number { font-weight: bold; }
        .activation { fill: #fff; stroke: #4a5a7a; } .note rect { stroke: #a89a3a; fill: #fdf7c3; }
        .error rect { stroke: #b03a3a; fill: #fde2e2; } .info rect { stroke: #8a8a8a; fill: #f2f2f2; }
        .mark { stroke: #b03a3a; stroke-width: 2; } .leaked .box { stroke: #b03a3a; stroke-width: 2; }
        .leaked-label { fill: #b03a3a; font-weight: bold; } .title { font-size: 14px; font-weight: bold; }
        .label-background { fill: #fff; fill-opacity: 0.85; } .lost .arrow { stroke: #b03a3a; marker-end: none; }
        .lost-mark { fill: #b03a3a; } .lost-error { fill: #b03a3a; font-weight: bold; }\(frames ? "\n" + frameStyle : "")
        </style>
        """
    }

    /// The arrowhead, a marker with the id `id`.
    private static func marker(id: String) -> String {
        """
        <defs><marker id="\(id)" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" \
        orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#222"/></marker></defs>
        """
    }

    /// The guard frames' look, written only when a frame is drawn.
    private static let frameStyle =
        ".guard-frame { fill: none; stroke: #6a4c93; } .guard-tab { fill: #efe8f7; stroke: #6a4c93; } "
        + ".guard text { fill: #4a2f73; } .guard-operator { font-weight: bold; }"

    /// The look of a page's diagrams (each made with an `idPrefix`), for the page to write once:
    /// a `<style>` in an HTML page applies to all of it, and one in each of a hundred diagrams
    /// made the report's page spend seconds on styles. Then ``pageMarker``, in the page's body.
    package static let pageStyle = style(marker: "sequence-arrowhead", frames: true)

    /// The arrowhead the page's diagrams share, in an SVG of no size.
    package static let pageMarker =
        "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">"
        + marker(id: "sequence-arrowhead") + "</svg>"

    /// How far a row reaches either side of the lifelines it is drawn on: from `leftOffset` left of
    /// lifeline `left` to `rightOffset` right of lifeline `right`.
    private static func reach(of row: Row) -> (left: Int, leftOffset: Int, right: Int, rightOffset: Int) {
        switch row {
        case .arrow(_, let from, let to, let number, let text, _):
            guard from == to else { return (min(from, to), 0, max(from, to), 0) }
            return (to, 0, to, Size.selfLoop + 6 + width(number + " " + visible(text)))
        case .note(_, let over, let text, _, _):
            let textWidth = width(visible(text)) + 16
            guard over.count == 1 else { return (over.lowerBound, 20, over.upperBound, 20) }
            return (over.lowerBound, textWidth / 2, over.lowerBound, (textWidth + 1) / 2)
        case .mark(_, let lifeline, let text, _):
            return (lifeline, 9, lifeline, 12 + width(text))
        case .lost(_, let from, let to, let number, let text, _, let error):
            if let to { return (min(from, to), 0, max(from, to), 0) }
            return (from, 0, from, max(Size.lostStub + 8, width(lostLabel(number: number, text: text, error: error)) + 16))
        }
    }

    /// Where the guard frames go: which are drawn, how far each stands from what it holds, and
    /// the rows they start and end at.
    private struct FrameLayout {
        /// The frames that hold a row, in order (outer before inner).
        let drawn: [Int]
        /// How many levels of drawn frames each drawn frame holds.
        private var nested: [Int: Int] = [:]
        /// The drawn frames starting and ending at each row, outer first.
        var starting: [Int: [Int]] = [:], ending: [Int: [Int]] = [:]

        init(frames: [Frame], drawn: [Int]) {
            self.drawn = drawn
            for position in drawn.reversed() {
                if let parent = frames[position].parent {
                    nested[parent] = max(nested[parent] ?? 0, (nested[position] ?? 0) + 1)
                }
            }
            for position in drawn {
                starting[frames[position].firstRow, default: []].append(position)
                ending[frames[position].lastRow, default: []].append(position)
            }
        }

        /// The room between a frame and what it holds.
        func pad(_ position: Int) -> Int {
            Size.framePad + Size.frameNest * (nested[position] ?? 0)
        }

        /// Each drawn frame's left and right edges: around its rows and its reaction's lifeline,
        /// wide enough for its tab and condition, and around the frames inside it.
        func horizontal(frames: [Frame], rows: [Row], xs: [Int]) -> [Int: (x0: Int, x1: Int, top: Int, bottom: Int)] {
            // What each frame holds reaches from low to high (the frames inside it included), and
            // its right edge must pass the right edges of the frames inside it.
            var content: [Int: (low: Int, high: Int)] = [:], rightmost: [Int: Int] = [:]
            var boxes: [Int: (x0: Int, x1: Int, top: Int, bottom: Int)] = [:]
            for position in drawn.reversed() {
                let frame = frames[position]
                var (low, high) = content[position] ?? (Int.max, Int.min)
                if let lifeline = frame.lifeline { (low, high) = (min(low, xs[lifeline]), max(high, xs[lifeline])) }
                for row in rows[frame.firstRow...frame.lastRow] {
                    let reach = SequenceSVGWriter.reach(of: row)
                    low = min(low, xs[reach.left] - reach.leftOffset)
                    high = max(high, xs[reach.right] + reach.rightOffset)
                }
                let x0 = low - pad(position)
                let header = Size.frameTab + 8 + SequenceSVGWriter.width(frame.label) + 8
                let x1 = max(high + pad(position), x0 + header, rightmost[position] ?? Int.min)
                boxes[position] = (x0, x1, 0, 0)
                if let parent = frame.parent {
                    let outer = content[parent] ?? (low, high)
                    content[parent] = (min(outer.low, low), max(outer.high, high))
                    rightmost[parent] = max(rightmost[parent] ?? Int.min, x1 + Size.frameNest)
                }
            }
            return boxes
        }
    }

    /// A guard's condition as its frame writes it: `[CONDITION]`, still to be escaped for XML.
    static func bracketed(_ condition: String) -> String {
        "[" + Label(visible(condition)).text + "]"
    }

    /// A `<title>` holding `text`, the tooltip of the element it opens; nothing for nil.
    private static func tooltip(_ text: String?) -> String {
        text.map { "<title>\(XML.escaped(visible($0)))</title>" } ?? ""
    }

    /// `name` as element ids write it: itself, or `#K` for a name longer than ``longestLabel``,
    /// K being its lifeline counted from 1 (a name never holds `#`).
    private func idName(_ name: String, _ lifeline: Int) -> String {
        name.unicodeScalars.count <= Self.longestLabel ? name : "#\(lifeline + 1)"
    }

    /// Where an arrow meets `lifeline`: the side of its innermost activation bar there (at
    /// `level`), else the lifeline.
    private func edge(of lifeline: Int, level: Int?, xs: [Int], right: Bool) -> Int {
        guard let level else { return xs[lifeline] }
        let left = xs[lifeline] - Size.activationWidth / 2 + level * Size.activationWidth / 2
        return right ? left + Size.activationWidth : left
    }

    /// `text` on one line, with control and bidirectional characters, U+2028, U+2029 and what XML
    /// cannot hold written `\u{X}`; still to be escaped for XML.
    static func visible(_ text: String) -> String {
        text.visible(hiding: \.isHiddenInPicture)
    }
}
