/// A participant to register: who it is, the object ``Design/makeColleague(for:)`` made for it,
/// and whether the scenario asked for it to be held weakly (`participant X weak`).
public struct Registration {
    /// The participant.
    public let member: Member
    /// The colleague object. After a run-time replacement it may have been made by another design;
    /// a design that cannot take it reports ``DeliveryError/foreignColleague(_:)``.
    public let colleague: AnyObject
    /// Whether the scenario declared it `weak`: hold the colleague weakly if the design can.
    public let weakly: Bool

    init(member: Member, colleague: AnyObject, weakly: Bool) {
        self.member = member
        self.colleague = colleague
        self.weakly = weakly
    }
}
