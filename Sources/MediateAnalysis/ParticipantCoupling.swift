/// One participant's coupling to the other participants and mediators.
public struct ParticipantCoupling: Hashable, Sendable, Codable {
    /// The participant's name.
    public var name: String
    /// Afferent coupling (Ca): how many other participants and mediators reference it.
    public var fanIn: Int
    /// Efferent coupling (Ce): how many other participants and mediators it references.
    public var fanOut: Int
    /// How many of those it references strongly: what it keeps alive. 0 under a design whose
    /// colleagues hold their mediator weakly, 1 under direct-delegate, the peers under the mesh.
    ///
    /// It replaces instability, Ce / (Ca + Ce), which was 0.50 for every participant under
    /// every design in Scenarios/: each reference there is paired with one back, so Ca = Ce.
    public var strongFanOut: Int

    /// The coupling of the participant `name`.
    public init(name: String, fanIn: Int, fanOut: Int, strongFanOut: Int) {
        self.name = name
        self.fanIn = fanIn
        self.fanOut = fanOut
        self.strongFanOut = strongFanOut
    }
}
