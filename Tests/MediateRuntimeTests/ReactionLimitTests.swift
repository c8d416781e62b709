import Foundation
import MediateDesigns
import MediateTestSupport
import Testing

@testable import MediateKit

/// Reactions are found by the message's name, and a run stops once it has
/// tested `RunLimits.maxReactions` of them (`! reactionLimit`, exit 3). 1,000 participants and
/// 10,000 guards that never held (a 450 KB file) ran for about 40 minutes.
@Suite("Reactions, bounded")
struct ReactionLimitTests {
    @Test func aDeliveryTestsOnlyTheReactionsOnItsMessage() throws {
        var source = "language 1.1\nparticipant A : Node\nparticipant B : Node\n"
        for index in 1...1_000 { source += "on Node receives other\(index) if false { log \"never\" }\n" }
        source += "on Node receives any { log \"any\" }\non Node receives m { log \"m\" }\nA -> B: m\nA -> B: \"text\"\n"
        let run = try runScenario(source, limits: RunLimits(maxReactions: 3))
        #expect(run.summary.stoppedBy == nil)
        // m: the reactions on any and on m; the text: the one on any.
        #expect(run.summary.reactionsTested == 3)
        #expect(run.text.contains("  B <- A m\n    log any\n    log m\n2 A -> B \"text\"\n  B <- A \"text\"\n    log any\nend:"))
    }

    /// The order reactions run in is the order written: the participant's own, then its type's,
    /// each group with `any` among the named ones where written, and a reaction `from here` in
    /// its place once reached.
    @Test func reactionsRunInTheOrderWritten() throws {
        let source = """
            language 1.1
            participant A : Node
            participant B : Node
            on Node receives any { log "1 any on Node" }
            on B receives m { log "2 m on B" }
            on Node receives m { log "3 m on Node" }
            on B receives any { log "4 any on B" }
            A -> B: m
            on Node receives m from here { log "5 m on Node, from here" }
            on Node receives any { log "6 any on Node" }
            on B receives m(x) { log "7 m(x) on B" }
            A -> B: m(x: 1)
            A -> B: other
            """
        let run = try runScenario(source)
        #expect(
            run.text.contains(
                """
                1 A -> B m
                  B <- A m
                    log 2 m on B
                    log 4 any on B
                    log 1 any on Node
                    log 3 m on Node
                    log 6 any on Node
                2 A -> B m(x: 1)
                  B <- A m(x: 1)
                    log 2 m on B
                    log 4 any on B
                    log 7 m(x) on B
                    log 1 any on Node
                    log 3 m on Node
                    log 5 m on Node, from here
                    log 6 any on Node
                3 A -> B other
                  B <- A other
                    log 4 any on B
                    log 1 any on Node
                    log 6 any on Node
                end:
                """))
    }

    @Test func theReactionLimitStopsTheRun() throws {
        let source = ScenarioSources.neverTrueGuards(participants: 3, guards: 4, sends: 2)
        let run = try runScenario(source, limits: RunLimits(maxReactions: 5))
        #expect(
            run.text.contains(
                """
                1 P1 -> * ping(n: 1)
                  P2 <- P1 ping(n: 1)
                  P3 <- P1 ping(n: 1)
                    ! reactionLimit 5 at step 1 (line 10)
                end: 1 sends, 2 deliveries, 1 errors, 0 failed expectations

                """), "\(run.text)")
        #expect(run.summary.stoppedBy == .reactionLimit(limit: 5, step: 1, line: 10))
        #expect(run.summary.reactionsTested == 5)
        #expect(run.summary.exitCode == 3)
        let json = try runScenario(source, format: .jsonl, limits: RunLimits(maxReactions: 5)).text
        #expect(json.contains(#""error":"reactionLimit","event":"error","limit":5,"line":10,"step":1"#), "\(json)")
    }

    /// A `sends` reaction is tested as a `receives` one is.
    @Test func sendsReactionsCountToo() throws {
        let source = """
            language 1.1
            participant A
            participant B
            on A sends m if false { log "never" }
            on A sends m if false { log "never" }
            A -> B: m
            """
        let run = try runScenario(source, limits: RunLimits(maxReactions: 1))
        #expect(run.summary.stoppedBy == .reactionLimit(limit: 1, step: 1, line: 6))
    }

    /// The 450 KB shape, a tenth as large, stops at once under a small limit, with the error at
    /// the step in the diagnostics' format.
    @Test func theHostileShapeStopsWithALocatedError() throws {
        let source = ScenarioSources.neverTrueGuards(participants: 100, guards: 1_000, sends: 100)
        let workspace = try Workspace()
        try workspace.write("guards.scenario", source)
        let command = RunCommand(paths: [workspace.path("guards.scenario")], designs: .reference, limits: RunLimits(maxReactions: 10_000))
        let output = StringOutput()
        let errors = StringOutput()
        let code = command.execute(standardOutput: output, standardError: errors)
        #expect(code == 3)
        #expect(output.text.contains("! reactionLimit 10000 at step 1 (line 1103)"))
        #expect(
            errors.text.hasPrefix(
                workspace.path("guards.scenario") + """
                    :1103:1: error: under protocol-extension, the run tested more than 10000 reactions against its messages; it stopped here
                    P1 -> *: ping(n: 1)
                    ^~~~~~~~~~~~~~~~~~~
                    help: look for many reactions or guards on one message
                    """), "\(errors.text)")
    }
}
