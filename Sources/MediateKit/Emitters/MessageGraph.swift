/// The message flow of a run, gathered from its events: who sent what to whom, numbered as the
/// transcript numbers sends (1, 1.1, 2 …), as a UML communication diagram shows it.
///
/// Memory stays bounded however long the run: each link keeps its first few distinct messages
/// with their counts, and only counts the rest.
public struct MessageGraph: Hashable, Sendable {
    /// The most distinct messages a link keeps; later ones are only counted.
    public static let distinctMessagesPerLink = 8

    /// A distinct message on a link: its text, whether its delivery failed, how often it went,
    /// and the send numbers of its first occurrences.
    public struct Message: Hashable, Sendable {
        public var text: String
        public var failed: Bool
        public var count: Int
        public var numbers: [String]
    }

    /// A link between two nodes, with its messages in the order they first happened.
    public struct Link: Hashable, Sendable {
        public var from: String
        public var to: String
        public var messages: [Message]
        /// Messages beyond the distinct ones kept.
        public var uncounted: Int
        /// Every message on the link.
        public var total: Int
    }

    /// Participants in declaration order, then `mediator` if it sent or was sent to.
    public var nodes: [String] = []
    /// Participant types, by name.
    public var types: [String: String] = [:]
    /// Links in the order their first message happened.
    public var links: [Link] = []

    /// The total number of messages on all links.
    public var messageCount: Int { links.reduce(0) { $0 + $1.total } }
}

/// Gathers a `MessageGraph` from a run's events as they stream by.
public final class MessageGraphCollector: EventSink {
    public private(set) var graph = MessageGraph()
    /// The send in progress at each depth, to attribute deliveries and errors to it.
    private var sendsByDepth: [(number: String, sender: String, message: String)?] = []
    /// A link's position in `graph.links`, by its two ends.
    private var linkIndex: [LinkKey: Int] = [:]
    private struct LinkKey: Hashable {
        var from: String
        var to: String
    }
    private var usesMediator = false

    public init() {}

    public func emit(_ event: TranscriptEvent) {
        switch event {
        case .participant(let name, let type, _):
            if graph.types[name] == nil {
                graph.nodes.append(name)
                graph.types[name] = type
            }
        case .send(let number, let sender, _, let message, let depth):
            while sendsByDepth.count <= depth { sendsByDepth.append(nil) }
            sendsByDepth[depth] = (number.map(String.init).joined(separator: "."), sender, message.written)
        case .delivery(let receiver, let sender, let message, let depth):
            emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth)
        case .error(.delivery(.missingReceiver(let name)), let depth):
            guard depth > 0, depth - 1 < sendsByDepth.count, let send = sendsByDepth[depth - 1] else { return }
            record(to: name, from: send.sender, depth: depth, failed: true)
        case .end:
            if usesMediator && !graph.nodes.contains("mediator") { graph.nodes.append("mediator") }
        default:
            break
        }
    }

    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        record(to: receiver, from: sender, depth: depth, failed: false)
    }

    private func record(to receiver: String, from sender: String, depth: Int, failed: Bool) {
        guard depth > 0, depth - 1 < sendsByDepth.count, let send = sendsByDepth[depth - 1] else { return }
        if receiver == "mediator" || sender == "mediator" { usesMediator = true }
        let key = LinkKey(from: sender, to: receiver)
        let index: Int
        if let known = linkIndex[key] {
            index = known
        } else {
            index = graph.links.count
            linkIndex[key] = index
            graph.links.append(MessageGraph.Link(from: sender, to: receiver, messages: [], uncounted: 0, total: 0))
        }
        graph.links[index].add(send.message, number: send.number, failed: failed)
    }
}

extension MessageGraph.Link {
    /// Counts one more message on the link, keeping it if it is one of the first distinct ones.
    mutating func add(_ text: String, number: String, failed: Bool) {
        total += 1
        if let known = messages.firstIndex(where: { $0.text == text && $0.failed == failed }) {
            messages[known].count += 1
            if messages[known].numbers.count < 3 { messages[known].numbers.append(number) }
        } else if messages.count < MessageGraph.distinctMessagesPerLink {
            messages.append(MessageGraph.Message(text: text, failed: failed, count: 1, numbers: [number]))
        } else {
            uncounted += 1
        }
    }
}

/// Sends every event to several sinks, in order.
public final class TeeSink: EventSink {
    private let sinks: [any EventSink]

    public init(_ sinks: [any EventSink]) { self.sinks = sinks }

    public func emit(_ event: TranscriptEvent) {
        for sink in sinks { sink.emit(event) }
    }

    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        for sink in sinks { sink.emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth) }
    }
}
