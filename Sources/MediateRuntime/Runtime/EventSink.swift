/// Where a run's events go as they happen; the run is streamed, never built in memory.
public protocol EventSink: AnyObject {
    /// Takes one event of the run, in order.
    func emit(_ event: TranscriptEvent)
    /// `.delivery`, the event a run makes millions of, given without building the event: a sink
    /// may write it straight away. It must have the same effect as `emit(.delivery(…))`.
    func emitDelivery(receiver: String, sender: String, message: Message, depth: Int)
    /// Comes just before the delivery to `receiver`, or the `missingReceiver` error for it, at
    /// `depth`, when the design carried the message through its mediator object (see
    /// ``Courier/deliver(_:to:from:throughMediator:)``). Not a transcript line: the message
    /// diagram draws the route from it. Made only when ``takesRelays`` says so.
    func emitRelay(receiver: String, depth: Int)
    /// Whether the sink wants ``emitRelay(receiver:depth:)``: asked once, when a run starts.
    var takesRelays: Bool { get }
}

extension EventSink {
    /// Emits the delivery as a `TranscriptEvent.delivery`.
    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        emit(.delivery(receiver: receiver, sender: sender, message: message, depth: depth))
    }

    /// Ignores the relay.
    public func emitRelay(receiver: String, depth: Int) {}

    /// No relays, unless the sink says otherwise.
    public var takesRelays: Bool { false }
}
