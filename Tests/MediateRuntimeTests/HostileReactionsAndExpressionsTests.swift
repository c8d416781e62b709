import Foundation
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

/// Hostile inputs in language 1.1, written by hand (Fuzz/FINDINGS.md):
/// sizes and shapes a fuzzer's few kilobytes do not reach. Each ends in a clean error (a
/// diagnostic with its caret, or a `!` line) or runs within bounded time; never a trap or a hang.
@Suite("Hostile reactions and expressions")
struct HostileReactionsAndExpressionsTests {
    /// Seconds `body` took, on the suspending clock.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    // MARK: Found by hand

    /// The hoisting warning compared each reaction with the targets of every send above it,
    /// outside its budget: one send to 100,000 targets and 50,000 reactions that could match it
    /// took minutes (5·10⁹ comparisons). The targets count against the budget now.
    @Test func aSendToThousandsOfTargetsChecksWithinTheHoistingBudget() throws {
        let targets = Array(repeating: "B", count: 100_000).joined(separator: ",")
        let reactions = String(repeating: "on C receives m { log \"x\" }\n", count: 50_000)
        let text = "participant A\nparticipant B\nparticipant C\nA -> \(targets): m\n" + reactions
        let work = Checker.HoistingWork()
        let loaded = try Checker.$hoistingWork.withValue(work) {
            try ScenarioLoader.load(SourceFile(path: "wide.scenario", text: text)).get()
        }
        // Counted, not timed: at most the budget, and the targets of the one send that passes it.
        #expect(work.comparisons <= Checker.hoistingBudget + 100_000, "\(work.comparisons) comparisons")
        #expect(loaded.warnings.isEmpty)
    }

    /// Each reaction `from here` coming into force copied its whole group (the participants
    /// shared its storage) and scanned it: 20,000 of them took about 25 s a design in a debug
    /// build. They are inserted in place, found by a binary search.
    @Test func twentyThousandReactionsFromHereComeIntoForceFast() throws {
        let count = 20_000
        let text =
            "participant A\nparticipant B : T\n"
            + String(repeating: "on B receives m from here { set n = self.n + 1 }\n", count: count)
            + "set B.n = 0\nA -> B: m\nexpect B.n == \(count)\n"
        for kind in [MediatorKind.protocolExtension, .wrapper, .directDelegate, .mesh] {
            var summary: RunSummary?
            let took = try seconds { summary = try runScenario(text, kind: kind).summary }
            #expect(took < 15, "\(kind): \(took) s")
            #expect(summary?.errors == 0)
            #expect(summary?.failedExpectations == 0)
        }
    }

    /// Reactions `from here` take their place among those in force in the order written, on a
    /// name, on a type and on the mediator, however they interleave with the others.
    @Test func reactionsFromHereKeepTheOrderWritten() throws {
        let text = """
            participant A
            participant B : T
            on B receives m from here { log "1" }
            on B receives m { log "2" }
            on T receives m { log "3" }
            on T receives m from here { log "4" }
            on B receives m from here { log "5" }
            on mediator receives m from here { log "m1" }
            on mediator receives m { log "m2" }
            on B receives m { log "6" }
            on mediator receives m from here { log "m3" }
            A -> B: m
            A -> mediator: m
            """
        let lines = try transcript(text, kind: .wrapper).split(separator: "\n").filter { $0.contains("log ") }
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "log 1", "log 2", "log 5", "log 6", "log 3", "log 4", "log m1", "log m2", "log m3",
            ])
    }

    // MARK: Checked, found nothing

    /// Expressions past the parser's bound of 256 operators and parentheses: one error, with its
    /// caret on the operator that went past it.
    @Test(arguments: [
        String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300),
        String(repeating: "(", count: 100_000) + "1",
        String(repeating: "not ", count: 100_000) + "true",
        String(repeating: "-", count: 100_000) + "1",
        String(repeating: "- ", count: 100_000) + "x",
        Array(repeating: "1", count: 10_000).joined(separator: " + "),
    ])
    func expressionsPastTheBoundEndInOneError(expression: String) throws {
        let text = "participant A\nset A.x = \(expression)\n"
        let failure = try #require(ScenarioLoader.load(SourceFile(path: "big.scenario", text: text)).failure)
        #expect(failure.exitCode == 2)
        let rendered = failure.rendered()
        #expect(rendered.hasPrefix("big.scenario:2:"))
        #expect(rendered.contains("error: this expression has more than 256 operators and parentheses\n"))
        #expect(rendered.contains("^"))
    }

    /// Arithmetic past what doubles hold exactly, and numbers of hundreds of digits: `!` lines
    /// or values, never a trap.
    @Test func arithmeticAtTheEdgesWritesErrorLines() throws {
        let text = """
            participant A
            set A.a = 1/0
            set A.b = 0 / 0
            set A.c = 9007199254740993 + 1
            set A.d = 9007199254740992 * 9007199254740992
            set A.e = -9007199254740992 - 1
            set A.f = \("1" + String(repeating: "0", count: 308)) * 10
            set A.g = 0.\(String(repeating: "0", count: 322))5 / 2
            set A.h = \(String(repeating: "9", count: 300)).\(String(repeating: "9", count: 300)) - 1
            """
        let (text2, summary) = try runScenario(text, kind: .wrapper)
        let steps = text2.split(separator: "\n").dropFirst(3).prefix(8).map(String.init)
        #expect(steps.prefix(6) == ["! divisionByZero", "! divisionByZero", "! overflow", "! overflow", "! overflow", "! overflow"])
        // 5·10⁻³²³ / 2 is a subnormal double, written out in full.
        #expect(steps[6] == "set A.g = 0." + String(repeating: "0", count: 322) + "25")
        // A whole number past 2^53 minus 1: the result of two whole operands is past 2^53.
        #expect(steps[7] == "! overflow")
        #expect(summary.errors == 7)
    }

    /// A guard that answers through the mediator, which answers back: the depth limit stops it
    /// under every design with a mediator; the mesh has none to send to.
    @Test(arguments: [MediatorKind.protocolExtension, .wrapper, .directDelegate, .mesh])
    func guardsRecursingThroughTheMediatorStopAtTheDepthLimit(kind: MediatorKind) throws {
        let text = """
            mediator as M
            participant A
            on M receives x if true { self -> sender: x }
            on A receives x if not false { self -> M: x }
            A -> M: x
            """
        let summary = try runScenario(text, kind: kind, limits: RunLimits(maxDepth: 64)).summary
        if kind == .mesh {
            #expect(summary.stoppedBy == nil)
            #expect(summary.errors == 1)
        } else {
            #expect(summary.stoppedBy == .depthLimit(limit: 64, step: 1, line: 5))
        }
    }

    /// A reaction that releases and unregisters every participant, itself and the sender
    /// included, in the middle of a broadcast, then broadcasts again: under every design the
    /// broadcast ends, the run ends with its `leaked:` line, and a later send from a participant
    /// gone runs.
    @Test(arguments: [MediatorKind.protocolExtension, .wrapper, .directDelegate, .mesh])
    func aReactionReleasingEveryoneDuringABroadcastEnds(kind: MediatorKind) throws {
        let names = (0..<6).map { "P\($0)" }
        let body = names.map { "  release \($0)\n  leave \($0)\n" }.joined()
        let text =
            names.map { "participant \($0)\n" }.joined() + "participant W weak\n"
            + "on P3 receives go {\n\(body)  leave W\n  release W\n  self -> *: again\n  leave self\n  release sender\n}\n"
            + "on Participant receives go { log \"{self} got go\" }\n"
            + "on Participant receives again { leave sender\n release self }\n"
            + "P0 -> *: go\nP1 -> *: go\nW -> *: go\n"
        let (output, summary) = try runScenario(text, kind: kind, limits: RunLimits(maxDepth: 16))
        #expect(summary.stoppedBy == nil)
        #expect(output.split(separator: "\n").last?.hasPrefix("leaked: ") == true)
    }

    /// 100,000 reactions, each a candidate for the hoisting warning: one warning each up to the
    /// diagnostics limit, in work that grows with the reactions.
    @Test func aHundredThousandHoistingCandidatesWarnFast() throws {
        let text = "participant A\nparticipant B\nA -> B: m\n" + String(repeating: "on B receives m { }\n", count: 100_000)
        let work = Checker.HoistingWork()
        let loaded = try Checker.$hoistingWork.withValue(work) {
            try ScenarioLoader.load(SourceFile(path: "w.scenario", text: text)).get()
        }
        // Counted, not timed: two comparisons a reaction (the pair, and the send's one target),
        // each matching the first send.
        #expect(work.comparisons == 200_000)
        #expect(loaded.warnings.count == Diagnostics.limit)
    }

    /// `language` lines where they do not belong end in errors with a caret.
    @Test(arguments: [
        ("scenario \"x\"\nlanguage 1.1\n", "2:1: error: 'language' must come before every other statement"),
        ("language 1.1\nlanguage 1.1\n", "2:1: error: 'language' is given twice"),
        ("language\n", "1:9: error: expected a language version after 'language'"),
        ("language 1.\n", "1:11: error: expected end of line after the language version"),
        ("language 1.10\n", "1:10: error: unknown language version '1.10'"),
        ("language -1\n", "1:10: error: unknown language version '-1'"),
        ("language \"1.1\"\n", "1:10: error: expected a language version after 'language'"),
        ("participant A\non A receives m {\nlanguage 1.1\n}\n", "3:10: error: expected '->' after the sender"),
    ])
    func languageLinesInOddPlacesEndInErrors(text: String, error: String) throws {
        let failure = try #require(ScenarioLoader.load(SourceFile(path: "l.scenario", text: text)).failure)
        #expect(failure.rendered().hasPrefix("l.scenario:" + error))
    }
}
