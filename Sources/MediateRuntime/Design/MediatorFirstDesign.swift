/// A design whose colleagues take your mediator when they are made: a colleague class with
/// `init(mediator:)` and a `let mediator`.
///
/// The run builds such a design with no participant (``init(courier:)``) when the scenario
/// declares its first participant, and asks it for each colleague (``newColleague(for:)``) as
/// the participant is declared. At the first step it registers every participant declared
/// so far with ``Design/register(_:)``, in order, and writes each error as a `!` line, as it
/// does for those declared later. A run-time replacement (`mediator NAME` after the first step)
/// builds it with ``Design/init(participants:courier:)``, which here builds it empty and
/// registers each participant.
///
/// The static ``Design/makeColleague(for:)`` is not called for such a design; its default
/// implementation here stops the process, so that no one calls it by mistake.
public protocol MediatorFirstDesign: Design {
    /// Builds your mediator with no participant yet. Deliver nothing here: no step is running.
    ///
    /// - Parameter courier: Where your code reports each delivery and failure.
    init(courier: Courier)

    /// Makes the object that stands for `member` in your code, with the mediator this design
    /// built, when the scenario declares it. The run holds the object strongly until the
    /// scenario releases it, and the coupling analysis walks it as it walks any colleague.
    ///
    /// - Parameter member: The participant: its name, type and properties.
    /// - Returns: Your colleague object, holding your mediator.
    func newColleague(for member: Member) -> AnyObject
}

extension MediatorFirstDesign {
    /// Builds the design with ``init(courier:)``, then registers each participant in order and
    /// reports each refusal to `courier`.
    public init(participants: [Registration], courier: Courier) {
        self.init(courier: courier)
        for registration in participants {
            if let error = register(registration) { courier.fail(error) }
        }
    }

    /// Never called by a run, which asks the design instance instead (``newColleague(for:)``):
    /// stops the process.
    public static func makeColleague(for member: Member) -> AnyObject {
        preconditionFailure("\(Self.self) makes its colleagues with its mediator: call newColleague(for:)")
    }
}

extension MediatorFirstDesign {
    /// Registers `participants` in order, reporting each refusal to `courier`: what the run's
    /// first step does with a design built early.
    func registering(_ participants: [Registration], courier: Courier) -> Self {
        for registration in participants {
            if let error = register(registration) { courier.fail(error) }
        }
        return self
    }
}
