#if Combine
    import Foundation
    import MediateTestSupport
    import Testing

    /// The combine design through the built binary.
    @Suite("The combine design, end to end")
    struct CombineDesignEndToEndTests {
        /// The transcript is the same in new processes, each with its own hash seed and addresses:
        /// no order comes from a `Set` of subscriptions.
        @Test(arguments: ["auction", "smart-home", "game-lobby", "office"])
        func theTranscriptIsTheSameInEveryProcess(name: String) throws {
            let golden = try String(contentsOf: packageRoot.appendingPathComponent("Output/\(name)/combine.transcript"), encoding: .utf8)
            for _ in 1...3 {
                let result = try EndToEndTests().mediate("run", "Scenarios/\(name).scenario", "--mediator", "combine")
                #expect(result.standardOutput == golden)
            }
        }
    }
#endif
