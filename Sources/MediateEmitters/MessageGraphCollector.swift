public import MediateRuntime
import MediateSyntax

/// Gathers a run's message flow as its events stream by, in two views: ``graph``, the route
/// each message took as the design reported it (sender → mediator → receiver when the design
/// carried it through a mediator object, see `EventSink.emitRelay`), and, when asked for,
/// ``logical``, sender → receiver whatever the design did.
public final class MessageGraphCollector: EventSink {
    /// The route messages took.
    public var graph: MessageGraph { routed.graph }
    /// Who sent what to whom, whatever way it went; empty unless the collector keeps it.
    public var logical: MessageGraph { direct.graph }
    /// Whether ``logical`` is gathered too.
    private let keepsLogical: Bool
    private var routed = Links()
    private var direct = Links()
    /// The send in progress at each depth, to attribute deliveries and errors to it, with the
    /// length of its number, and whether its way to the mediator is drawn yet.
    private var sendsByDepth: [Send?] = []
    /// The parts of the number of the send in progress (`[1, 2]` for 1.2): a send's number is
    /// its first `numberLength` parts while it is in progress. Numbers are written out only when
    /// a message keeps one, so that a chain d sends deep holds d parts rather than d² characters.
    private var numberParts: [Int] = []
    /// Inside a `together` block under an asynchronous design, every send at each depth since the
    /// block began: their deliveries interleave, so each goes to the latest send with its sender
    /// and message. Nil elsewhere, where a send ends before the next at its depth begins.
    private var sideBySide: [[Send]]?
    /// The delivery the design just said went through its mediator: its receiver and depth.
    private var relay: (receiver: String, depth: Int)?
    /// The mediator's node: `mediator`, or its name.
    private var mediatorNode = "mediator"
    /// Whether ``recordedEdges`` is kept.
    package var tracksEdges = false
    /// With ``tracksEdges``, the routed edges drawn for the events so far, oldest first, each
    /// `2 × link + (1 if the delivery failed)`, where link is the index in ``graph``'s links: the
    /// edge `DOTEmitter.messages` draws for it. Whoever reads them empties them.
    package var recordedEdges: [Int] = []

    struct Send {
        var numberLength: Int
        var sender: String
        var message: Message
        var reachedMediator = false
        /// Its number, kept for a send of ``sideBySide``, whose number the next send overwrites.
        var number: [Int]?
    }

    /// `keepingLogical`: gather ``logical`` as well as ``graph``.
    public init(keepingLogical: Bool = false) {
        keepsLogical = keepingLogical
    }

    /// Records the declarations, sends, deliveries and failed deliveries of the run: a
    /// `missingReceiver` as a failed delivery to the receiver, a `noMediator` as one to the
    /// mediator.
    public func emit(_ event: TranscriptEvent) {
        switch event {
        case .mediator(_, false, let name?):
            mediatorNode = name
            routed.graph.mediator = name
            direct.graph.mediator = name
        case .participant(let name, let type, _):
            routed.declare(name, type: type)
            if keepsLogical { direct.declare(name, type: type) }
        case .together(_, let synchronous):
            sideBySide = synchronous ? nil : []
        case .send(let number, let sender, _, let message, let depth):
            if depth == 0 { sideBySide = nil }
            while sendsByDepth.count <= depth { sendsByDepth.append(nil) }
            sendsByDepth[depth] = Send(numberLength: number.count, sender: sender, message: message)
            numberParts.removeSubrange(min(numberParts.count, max(0, number.count - 1))...)
            numberParts.append(contentsOf: number[numberParts.count...])
            if sideBySide != nil {
                while sideBySide!.count <= depth { sideBySide!.append([]) }
                sideBySide![depth].append(Send(numberLength: number.count, sender: sender, message: message, number: number))
            }
        case .delivery(let receiver, let sender, let message, let depth):
            record(to: receiver, from: sender, message: message, depth: depth, failed: false)
        case .error(.delivery(.missingReceiver(let name)), let depth):
            guard depth > 0, depth - 1 < sendsByDepth.count, let send = sendsByDepth[depth - 1] else { return }
            record(to: name, from: send.sender, depth: depth, failed: true)
        case .error(.delivery(.noMediator), let depth):
            // A send no mediator carries failed on its way to the mediator: drawn from its sender
            // to the mediator's node (a loop when the mediator itself sent it).
            guard depth > 0, depth - 1 < sendsByDepth.count, let send = sendsByDepth[depth - 1] else { return }
            record(to: mediatorNode, from: send.sender, depth: depth, failed: true)
        case .end:
            sideBySide = nil
            routed.end()
            if keepsLogical { direct.end() }
        case let event where event.startsStep:
            sideBySide = nil
        default:
            break
        }
    }

    /// Notes that the next delivery to `receiver` went through the mediator.
    public func emitRelay(receiver: String, depth: Int) {
        relay = (receiver, depth)
    }

    /// Always: the routed graph is drawn from them.
    public var takesRelays: Bool { true }

    private func record(to receiver: String, from sender: String, message: Message? = nil, depth: Int, failed: Bool) {
        defer { relay = nil }
        guard depth > 0, depth - 1 < sendsByDepth.count, let latest = sendsByDepth[depth - 1] else { return }
        let chosen = sideBySideSend(from: sender, message: message, depth: depth)
        let send = chosen.map { sideBySide![$0.depth][$0.index] } ?? latest
        let number = { send.number.map { $0.map(String.init).joined(separator: ".") } ?? self.written(send.numberLength) }
        if keepsLogical { direct.record(send, to: receiver, from: sender, failed: failed, number: number) }
        guard let relay, relay.receiver == receiver, relay.depth == depth else {
            return recordRouted(send, to: receiver, from: sender, failed: failed, number: number)
        }
        if sender != mediatorNode, !send.reachedMediator {
            if let chosen {
                sideBySide![chosen.depth][chosen.index].reachedMediator = true
            } else {
                sendsByDepth[depth - 1]?.reachedMediator = true
            }
            recordRouted(send, to: mediatorNode, from: sender, failed: false, number: number)
        }
        recordRouted(send, to: receiver, from: mediatorNode, failed: failed, number: number)
    }

    /// Where in ``sideBySide`` the send is that a delivery at `depth` from `sender` with `message`
    /// belongs to: the latest one level up from `sender` with `message`, else from `sender`, else
    /// the latest from `sender` with `message` at any depth (an asynchronous design may write a
    /// reply's delivery beside the message it answers). Nil outside a block, or when none is.
    private func sideBySideSend(from sender: String, message: Message?, depth: Int) -> (depth: Int, index: Int)? {
        guard let levels = sideBySide else { return nil }
        func find(_ level: Int, _ matches: (Send) -> Bool) -> (depth: Int, index: Int)? {
            guard level < levels.count, let index = levels[level].lastIndex(where: matches) else { return nil }
            return (level, index)
        }
        return find(depth - 1) { $0.sender == sender && $0.message == message }
            ?? find(depth - 1) { $0.sender == sender }
            ?? levels.indices.reversed().lazy.compactMap { level in
                find(level) { $0.sender == sender && $0.message == message }
            }.first
    }

    private func recordRouted(_ send: Send, to receiver: String, from sender: String, failed: Bool, number: () -> String) {
        let link = routed.record(send, to: receiver, from: sender, failed: failed, number: number)
        if tracksEdges, let link { recordedEdges.append(2 * link + (failed ? 1 : 0)) }
    }

    /// One view's links, and where each is.
    private struct Links {
        var graph = MessageGraph()
        var index: [String: [String: Int]] = [:]
        var usesMediator = false

        /// Adds a participant as a node, once.
        mutating func declare(_ name: String, type: String) {
            guard graph.types[name] == nil else { return }
            graph.nodes.append(name)
            graph.types[name] = type
        }

        /// Adds the mediator as the last node when a message went to or from it.
        mutating func end() {
            if usesMediator && !graph.nodes.contains(graph.mediator) { graph.nodes.append(graph.mediator) }
        }

        /// Counts `send`'s message on the link from `sender` to `receiver`, keeping its number
        /// (made by `number`) while the link keeps few. Returns the link's index; nil past ``MessageGraph/maxLinks``.
        @discardableResult
        mutating func record(_ send: Send, to receiver: String, from sender: String, failed: Bool, number: () -> String) -> Int? {
            if receiver == graph.mediator || sender == graph.mediator { usesMediator = true }
            let link: Int
            if let known = index[sender]?[receiver] {
                link = known
            } else {
                guard graph.links.count < MessageGraph.maxLinks else {
                    graph.unlinkedMessages += 1
                    return nil
                }
                link = graph.links.count
                index[sender, default: [:]][receiver] = link
                graph.links.append(MessageGraph.Link(from: sender, to: receiver, messages: [], uncounted: 0, total: 0))
            }
            graph.links[link].total += 1
            if let known = graph.links[link].messages.firstIndex(where: { $0.failed == failed && $0.message == send.message }) {
                graph.links[link].messages[known].count += 1
                if graph.links[link].messages[known].numbers.count < 3 {
                    graph.links[link].messages[known].numbers.append(number())
                }
            } else if graph.links[link].messages.count < MessageGraph.distinctMessagesPerLink {
                graph.links[link].messages.append(
                    MessageGraph.Message(message: send.message, failed: failed, count: 1, numbers: [number()]))
            } else {
                graph.links[link].uncounted += 1
            }
            return link
        }
    }
}

extension MessageGraphCollector {
    /// The number of a send in progress whose number has `length` parts, as the transcript
    /// writes it (`1.2.1`).
    fileprivate func written(_ length: Int) -> String {
        numberParts.prefix(length).map(String.init).joined(separator: ".")
    }
}
