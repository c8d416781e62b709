/// Where a send comes from: the mediator itself (`mediator -> …`), or a participant, with its colleague object.
public enum Origin {
    /// The mediator itself: `mediator -> …`.
    case mediator
    /// A participant, with the colleague object made for it.
    case participant(Member, colleague: AnyObject)

    /// The sending participant, or nil for the mediator.
    public var member: Member? {
        if case .participant(let member, _) = self { return member }
        return nil
    }
}
