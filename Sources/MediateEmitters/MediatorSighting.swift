public import MediateRuntime

/// Sees whether a run's mediator took part: the design reported a message going through its
/// mediator object (`EventSink.emitRelay`), or the mediator sent one itself. A first run into it
/// tells a sequence diagram, before it draws, whether the mediator has a lifeline.
public final class MediatorSighting: EventSink {
    /// Whether the mediator took part in what the run has emitted so far.
    public private(set) var seen = false

    /// What the run calls the mediator: `mediator`, or the name the scenario gives it.
    private var name = "mediator"

    /// A sighting that has seen nothing yet.
    public init() {}

    /// Sees a delivery from or to the mediator, and learns its name from the header.
    public func emit(_ event: TranscriptEvent) {
        switch event {
        case .mediator(_, false, let name?): self.name = name
        case .delivery(let receiver, let sender, _, _): emitDelivery(receiver: receiver, sender: sender, message: .text(""), depth: 0)
        default: break
        }
    }

    /// Sees a delivery from the mediator, or one to it (a scenario's send to `mediator`).
    public func emitDelivery(receiver: String, sender: String, message: Message, depth: Int) {
        if sender == name || receiver == name { seen = true }
    }

    /// Sees a message that went through the mediator.
    public func emitRelay(receiver: String, depth: Int) {
        seen = true
    }

    /// Always: a relay is a sighting.
    public var takesRelays: Bool { true }
}
