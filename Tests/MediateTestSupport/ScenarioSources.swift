/// Scenarios written by code, for the tests of more than one target.
package enum ScenarioSources {
    /// A file of `participants` participants of type Node, `guards` reactions to `ping` whose
    /// guard never holds, and `sends` broadcasts of `ping`: the shape of the 450 KB file.
    package static func neverTrueGuards(participants: Int, guards: Int, sends: Int) -> String {
        var lines = ["language 1.1", "scenario \"Guards that never hold\""]
        for index in 1...participants { lines.append("participant P\(index) : Node") }
        for index in 1...guards { lines.append("on Node receives ping(n) if n == \(-index) { log \"never\" }") }
        for index in 1...sends { lines.append("P\((index - 1) % participants + 1) -> *: ping(n: \(index))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two participants answering each other: one line deeper each time.
    package static let pingPong = """
        scenario "deep"
        participant A : Node
        participant B : Node
        on Node receives any { self -> sender: ping }
        A -> B: ping

        """

    /// Two players who return the ball until it has gone `length` times: a chain `length` sends deep.
    package static func chain(_ length: Int) -> String {
        """
        language 1.1
        participant A : Player
        participant B : Player
        on Player receives ball(n) if n < \(length) { self -> sender: ball(n: n + 1) }
        A -> B: ball(n: 1)

        """
    }
}
