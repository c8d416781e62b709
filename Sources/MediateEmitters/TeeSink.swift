public import MediateRuntime

/// Sends every event to several sinks, in order.
public final class TeeSink: EventSink {
    private let sinks: [any EventSink]

    /// A sink passing every event to `sinks`, in order.
    public init(_ sinks: [any EventSink]) { self.sinks = sinks }

    /// Passes `event` to every sink.
    public func emit(_ event: TranscriptEvent) {
        for sink in sinks { sink.emit(event) }
    }

    /// Hands each sink the delivery as it is, so that each can take its own fast path.
    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        for sink in sinks { sink.emitDelivery(receiver: receiver, sender: sender, message: message, depth: depth) }
    }

    /// Passes the relay to the sinks that take relays.
    public func emitRelay(receiver: String, depth: Int) {
        for sink in sinks where sink.takesRelays { sink.emitRelay(receiver: receiver, depth: depth) }
    }

    /// Whether any of the sinks takes relays.
    public var takesRelays: Bool { sinks.contains { $0.takesRelays } }
}
