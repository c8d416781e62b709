import Foundation
import MediateKit
import Testing

@testable import MediateDesigns
@testable import MediateTesting

/// The issues Swift Testing recorded while `body` ran, each with its text and line, every one
/// taken as known. With none, `withKnownIssue` records "Known issue was not recorded" and the
/// test fails at the caller's line: an assertion that should have failed and did not cannot pass.
func recordedIssues(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () -> Void) -> [(text: String, line: Int)] {
    let recorded = Recorded()
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        recorded.append((issue.comments.map(\.rawValue).joined(separator: "\n"), issue.sourceLocation?.line ?? 0))
        return true
    }
    return recorded.issues
}

final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(text: String, line: Int)] = []
    var issues: [(text: String, line: Int)] { lock.withLock { list } }
    func append(_ issue: (text: String, line: Int)) { lock.withLock { list.append(issue) } }
}

/// A temporary folder, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-testing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: (file(relative) as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try text.write(toFile: file(relative), atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: file(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: file(relative)) }

    /// Copies the repository's goldens of `stem` under `kind` into `Output/stem/`.
    func copyGoldens(of stem: String, kind: MediatorKind) throws {
        for name in ["transcript", "messages.dot", "coupling.dot"] {
            let text = try String(contentsOfFile: repository("Output/\(stem)/\(kind).\(name)"), encoding: .utf8)
            try write("Output/\(stem)/\(kind).\(name)", text)
        }
    }
}

/// A path in this repository.
func repository(_ relative: String) -> String {
    (packageRoot(above: #filePath) as NSString).appendingPathComponent(relative)
}

/// The files one case writes, relative to the goldens folder.
func goldenNames(_ stem: String, _ kind: MediatorKind) -> [String] {
    ["\(stem)/\(kind).transcript", "\(stem)/\(kind).messages.dot", "\(stem)/\(kind).coupling.dot"]
}

private let pingPong = """
    participant A
    participant B
    on A receives ping { self -> B: ping }
    on B receives ping { self -> A: ping }
    A -> B: ping
    """

@Suite("assertScenario")
struct AssertScenarioTests {
    static let scenarios = try! FileManager.default.contentsOfDirectory(atPath: repository("Scenarios"))
        .filter { $0.hasSuffix(".scenario") }.sorted()

    @Test func theRepositorysScenariosMatchTheirGoldensUnderEveryReferenceDesign() {
        #expect(Self.scenarios.count >= 8)
        for scenario in Self.scenarios {
            for kind in DesignRegistry.reference.kinds {
                // Any issue here fails the test.
                assertScenario("Scenarios/\(scenario)", under: DesignRegistry.reference.design(kind)!, record: .never)
            }
        }
    }

    @Test func theDefaultsFindTheGoldensFromThePackageRoot() {
        // Record mode .missing, environment as given: the goldens all exist, so nothing is written.
        assertScenario("Scenarios/musketeers.scenario", under: WrapperDesign.self, environment: [:])
        assertScenario("Scenarios/musketeers.scenario", under: WrapperDesign.self, environment: ["CI": "1"])
    }

    @Test func aMismatchIsOneIssueAtTheCallersLineWithTheUnifiedDiff() throws {
        let folder = try TemporaryFolder()
        try folder.copyGoldens(of: "musketeers", kind: .wrapper)
        let golden = try #require(folder.read("Output/musketeers/wrapper.transcript"))
        try folder.write(
            "Output/musketeers/wrapper.transcript",
            golden.replacingOccurrences(of: "log Porthos received: One for all...!", with: "log Porthos received: nothing"))
        var line = 0
        let issues = recordedIssues {
            line = #line + 1  // the call's own line, below
            assertScenario(
                "Scenarios/musketeers.scenario", under: WrapperDesign.self, goldens: folder.file("Output"),
                record: .never, environment: [:])
        }
        try #require(issues.count == 1)
        let text = issues[0].text
        #expect(issues[0].line == line)
        #expect(
            text.hasPrefix(
                "\(folder.file("Output/musketeers/wrapper.transcript")) does not match what "
                    + "Scenarios/musketeers.scenario wrote under wrapper:\n--- expected\n+++ actual\n@@ "))
        #expect(text.contains("\n-    log Porthos received: nothing\n"))
        #expect(text.contains("\n+    log Porthos received: One for all...!\n"))
        // The same diff `mediate check` prints, and nothing was written.
        let check = CheckCommand(
            paths: [repository("Scenarios/musketeers.scenario")], outputFolder: folder.file("Output"),
            designs: .reference, environment: [:])
        let diff = try check.check(path: repository("Scenarios/musketeers.scenario"), kind: .wrapper).get().failures[0].diff
        #expect(text.hasSuffix(":\n" + diff.dropLast()))
        #expect(folder.read("Output/musketeers/wrapper.transcript") != golden)
    }

    /// Language 1.1: an `expect` line that says `FAILED` is an issue even when every golden
    /// matches; one written `expect … fails` says `ok` and is none.
    @Test func anUnintendedFailedExpectationIsAnIssueEvenWhenTheGoldensMatch() throws {
        let folder = try TemporaryFolder()
        try folder.write("Scenarios/one.scenario", "participant A\nparticipant B\nA -> B: hi\nexpect B received 2\n")
        // Recording writes the goldens; the failed expectation is an issue all the same.
        let recording = recordedIssues {
            assertScenario(folder.file("Scenarios/one.scenario"), under: MeshDesign.self, goldens: folder.file("Output"), environment: [:])
        }
        #expect(recording.count == 4)
        let issues = recordedIssues {
            assertScenario(
                folder.file("Scenarios/one.scenario"), under: MeshDesign.self, goldens: folder.file("Output"),
                record: .never, environment: [:])
        }
        #expect(
            issues.map(\.text) == [
                "\(folder.file("Scenarios/one.scenario")):4: error: under mesh, the expectation failed (got 1)\n"
                    + "help: update the expected value to what it got: write 'expect B received 1'\n"
                    + "help: or, if this failure is intended, write 'expect B received 2 fails' (or 'fails under mesh')"
            ])
        try folder.write("Scenarios/one.scenario", "participant A\nparticipant B\nA -> B: hi\nexpect B received 2 fails under mesh\n")
        _ = recordedIssues {
            assertScenario(
                folder.file("Scenarios/one.scenario"), under: MeshDesign.self, goldens: folder.file("Output"), record: .failed,
                environment: [:])
        }
        assertScenario(
            folder.file("Scenarios/one.scenario"), under: MeshDesign.self, goldens: folder.file("Output"), record: .never,
            environment: [:])
    }

    @Test func aMissingGoldenIsRecordedByDefaultAndStillAnIssue() throws {
        let folder = try TemporaryFolder()
        let issues = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: folder.file("Output"), environment: [:])
        }
        #expect(issues.map(\.text) == goldenNames("chat", .mesh).map { "recorded \(folder.file("Output/\($0)")); run again to compare" })
        for name in goldenNames("chat", .mesh) {
            #expect(folder.read("Output/\(name)") == (try? String(contentsOfFile: repository("Output/\(name)"), encoding: .utf8)))
        }
        #expect(folder.exists("Output/chat/mesh.messages.svg"))
        #expect(folder.exists("Output/chat/mesh.coupling.svg"))
        // Run again: it compares, and passes.
        assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: folder.file("Output"), environment: [:])
    }

    @Test func theRecordModeIsTheArgumentThenMediateRecordThenMissing() throws {
        let folder = try TemporaryFolder()
        let output = folder.file("Output")
        // MEDIATE_RECORD=never: nothing is written, each missing golden is an issue.
        let never = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, environment: ["MEDIATE_RECORD": "never"])
        }
        #expect(never.count == 3)
        #expect(never.allSatisfy { $0.text.hasPrefix("missing golden ") && $0.text.contains("MEDIATE_RECORD=missing") })
        #expect(!folder.exists("Output/chat"))
        // The argument wins over the environment.
        let recorded = recordedIssues {
            assertScenario(
                "Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, record: .missing,
                environment: ["MEDIATE_RECORD": "never"])
        }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0.text.hasPrefix("recorded ") })
        // MEDIATE_RECORD=failed rewrites a golden that differs.
        try folder.write("Output/chat/mesh.transcript", "stale\n")
        let rewritten = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, environment: ["MEDIATE_RECORD": "failed"])
        }
        #expect(rewritten.map(\.text) == ["recorded \(folder.file("Output/chat/mesh.transcript")); run again to compare"])
        assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, environment: ["MEDIATE_RECORD": "never"])
        // MEDIATE_RECORD=all writes every golden.
        let all = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, environment: ["MEDIATE_RECORD": "all"])
        }
        #expect(all.count == 3)
        // A value that is no mode is one issue, and nothing runs.
        let wrong = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, environment: ["MEDIATE_RECORD": "yes"])
        }
        #expect(wrong.map(\.text) == ["MEDIATE_RECORD=yes is not a record mode; use never, missing, failed or all"])
    }

    @Test func recordingIsRefusedUnderCI() throws {
        let folder = try TemporaryFolder()
        let output = folder.file("Output")
        let missing = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, environment: ["CI": "1"])
        }
        #expect(missing.count == 3)
        #expect(
            missing.allSatisfy { $0.text.hasPrefix("missing golden ") && $0.text.contains("recording is refused because CI is set (CI=1)") }
        )
        #expect(!folder.exists("Output/chat"))
        // A mismatch under .failed shows its diff and is not rewritten.
        try folder.copyGoldens(of: "chat", kind: .mesh)
        try folder.write("Output/chat/mesh.transcript", "stale\n")
        let failed = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, record: .failed, environment: ["CI": "true"])
        }
        try #require(failed.count == 1)
        #expect(
            failed[0].text.contains(
                "does not match what Scenarios/chat.scenario wrote under mesh, and recording is refused because CI is set (CI=true)"))
        #expect(failed[0].text.contains("\n-stale\n"))
        #expect(folder.read("Output/chat/mesh.transcript") == "stale\n")
        // .all would rewrite the goldens that match too.
        let all = recordedIssues {
            assertScenario("Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, record: .all, environment: ["CI": "true"])
        }
        #expect(all.count == 3)
        #expect(all.allSatisfy { $0.text.contains("recording is refused because CI is set") })
        #expect(all.filter { $0.text.hasPrefix("record mode all would rewrite \(output)/chat/mesh.") }.count == 2)
        #expect(folder.read("Output/chat/mesh.transcript") == "stale\n")
        #expect(!folder.exists("Output/chat/mesh.messages.svg"))
        // CI empty, 0 or false is not CI.
        for value in ["", "0", "false", "False"] {
            try folder.write("Output/chat/mesh.transcript", "stale\n")
            let recorded = recordedIssues {
                assertScenario(
                    "Scenarios/chat.scenario", under: MeshDesign.self, goldens: output, record: .failed, environment: ["CI": value])
            }
            #expect(recorded.map(\.text) == ["recorded \(folder.file("Output/chat/mesh.transcript")); run again to compare"])
        }
    }

    @Test func anUnreadableScenarioIsOneIssue() {
        let issues = recordedIssues {
            assertScenario("Scenarios/no-such.scenario", under: WrapperDesign.self, environment: [:])
        }
        #expect(
            issues.map(\.text) == [
                "\(repository("Scenarios/no-such.scenario")): error: cannot read the scenario: no such file\n"
                    + "help: give the path of a readable .scenario file"
            ])
    }

    @Test func aScenarioWithStaticErrorsIsOneIssueWithItsDiagnostics() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.scenario", "participant Athos\nparticipant Porthos\nPorthso -> Athos: \"hi\"\nAthos -> Aramis: \"hi\"\n")
        let issues = recordedIssues {
            assertScenario(folder.file("bad.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"), environment: [:])
        }
        try #require(issues.count == 1)
        #expect(issues[0].text.hasPrefix("\(folder.file("bad.scenario")):3:1: error: unknown participant 'Porthso'\n"))
        #expect(issues[0].text.contains("help: did you mean 'Porthos'?"))
        #expect(issues[0].text.contains(":4:10: error: unknown participant 'Aramis'"))
        #expect(!folder.exists("Output"))
    }

    @Test func aReplacementByYourOwnDesignNeedsItRegistered() throws {
        let folder = try TemporaryFolder()
        try folder.write("Scenarios/switch.scenario", "participant A\nparticipant B\nA -> B: one\nmediator hub\nA -> B: two\n")
        let unknown = recordedIssues {
            assertScenario(
                folder.file("Scenarios/switch.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"),
                environment: [:])
        }
        try #require(unknown.count == 1)
        #expect(unknown[0].text.hasPrefix("\(folder.file("Scenarios/switch.scenario")):4:10: error: unknown mediator kind 'hub'\n"))
        #expect(
            unknown[0].text.hasSuffix(
                "help: the kinds are 'protocol-extension', 'wrapper', 'direct-delegate', 'mesh', 'actor', 'async-stream', 'notification-center', 'combine'"
            ))
        #expect(!folder.exists("Output"))
        let recorded = recordedIssues {
            assertScenario(
                folder.file("Scenarios/switch.scenario"), under: WrapperDesign.self, registering: [HubDesign.self],
                goldens: folder.file("Output"), environment: [:])
        }
        #expect(recorded.count == 3)
        #expect(folder.read("Output/switch/wrapper.transcript")?.contains("mediator hub") == true)
        // Under your own design, listed again or not.
        assertScenario(
            folder.file("Scenarios/switch.scenario"), under: WrapperDesign.self, registering: [HubDesign.self, HubDesign.self],
            goldens: folder.file("Output"), environment: ["CI": "1"])
        let own = recordedIssues {
            assertScenario(
                folder.file("Scenarios/switch.scenario"), under: HubDesign.self, registering: [HubDesign.self],
                goldens: folder.file("Output"), environment: [:])
        }
        #expect(
            own.map(\.text)
                == goldenNames("switch", MediatorKind("hub")).map {
                    "recorded \(folder.file("Output/\($0)")); run again to compare"
                })
        assertScenario(folder.file("Scenarios/switch.scenario"), under: HubDesign.self, goldens: folder.file("Output"), environment: [:])
    }

    @Test func designsThatCannotBeRegisteredTogetherAreOneIssue() {
        let issues = recordedIssues {
            assertScenario("Scenarios/musketeers.scenario", under: ImpostorDesign.self, environment: [:])
        }
        #expect(
            issues.map(\.text) == [
                "cannot register the designs: two designs are registered as 'wrapper': "
                    + "MediateDesigns.WrapperDesign and MediateTestingTests.ImpostorDesign"
            ])
    }

    @Test func aRunStoppedByALimitIsComparedAndTheStopMentioned() throws {
        let folder = try TemporaryFolder()
        try folder.write("Scenarios/ping.scenario", pingPong)
        let recorded = recordedIssues {
            assertScenario(
                folder.file("Scenarios/ping.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"),
                environment: [:])
        }
        #expect(recorded.count == 3)
        #expect(
            recorded.allSatisfy {
                $0.text.hasSuffix(
                    "\nnote: the run under wrapper stopped early (! depthLimit 64 at step 1 (line 5)), as its transcript says")
            })
        #expect(folder.read("Output/ping/wrapper.transcript")?.contains("! depthLimit 64 at step 1 (line 5)") == true)
        // The goldens hold the stop: the next run compares and passes.
        assertScenario(
            folder.file("Scenarios/ping.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"),
            environment: [:])
        let transcript = try #require(folder.read("Output/ping/wrapper.transcript"))
        try folder.write("Output/ping/wrapper.transcript", transcript.replacingOccurrences(of: "leaked: none", with: "leaked: A"))
        let mismatch = recordedIssues {
            assertScenario(
                folder.file("Scenarios/ping.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"),
                environment: [:])
        }
        try #require(mismatch.count == 1)
        #expect(mismatch[0].text.contains("\n-leaked: A\n+leaked: none"))
        #expect(mismatch[0].text.contains("note: the run under wrapper stopped early"))
    }

    /// The limits `mediate check` takes, `assertScenario` takes too.
    @Test func theLimitsAreTakenAsCheckTakesThem() throws {
        let folder = try TemporaryFolder()
        try folder.write("Scenarios/ping.scenario", pingPong)
        _ = recordedIssues {
            assertScenario(
                folder.file("Scenarios/ping.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"),
                limits: RunLimits(maxDepth: 3), environment: [:])
        }
        #expect(folder.read("Output/ping/wrapper.transcript")?.contains("! depthLimit 3 at step 1 (line 5)") == true)
        // The same limits compare and pass; the default's are another run.
        assertScenario(
            folder.file("Scenarios/ping.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"), record: .never,
            limits: RunLimits(maxDepth: 3), environment: [:])
        let other = recordedIssues {
            assertScenario(
                folder.file("Scenarios/ping.scenario"), under: WrapperDesign.self, goldens: folder.file("Output"), record: .never,
                environment: [:])
        }
        #expect(other.contains { $0.text.contains("-            ! depthLimit 3 at step 1 (line 5)") })
    }

    /// `schedules:` explores the run as `mediate explore` does, each expectation
    /// some schedule breaks an issue at the caller's line with a replay that reproduces it.
    @Test func anExploredRaceIsAnIssueAtTheCallersLineWithAReplayThatReproducesIt() throws {
        let race = "Tests/Fixtures/lamp-race.scenario"
        let folder = try TemporaryFolder()
        let output = folder.file("Output")
        _ = recordedIssues { assertScenario(race, under: ActorDesign.self, goldens: output, environment: [:]) }
        // The default run keeps the fixed order, in which the race never shows.
        assertScenario(race, under: ActorDesign.self, goldens: output, record: .never, environment: [:])
        var line = 0
        let issues = recordedIssues {
            line = #line + 1  // the call's own line, below
            assertScenario(race, under: ActorDesign.self, goldens: output, record: .never, schedules: 100, environment: [:])
        }
        try #require(issues.count == 1)
        #expect(issues[0].line == line)
        let text = issues[0].text
        #expect(text.hasPrefix("\(race):18:1: error: under actor, the expectation failed under "))
        #expect(text.contains(" of 100 schedules (got 1)\nexpect Lamp.level == 2\n"))
        #expect(text.contains("\nhelp: replay it: mediate run \(race) --mediator actor --schedule replay:"))
        #expect(text.hasSuffix("at line 9:\n  passing:       Lamp <- Hub dim(to: 1)\n  failing:       Lamp <- Hub dim(to: 2)"))

        // The replay, pasted: `mediate run PATH --mediator KIND --schedule S` from the package root.
        let help = try #require(text.split(separator: "\n").first { $0.hasPrefix("help: replay it: ") })
        let words = help.dropFirst("help: replay it: ".count).split(separator: " ").map(String.init)
        try #require(words.count == 7 && words[0...1] == ["mediate", "run"] && words[3] == "--mediator" && words[5] == "--schedule")
        var run = RunCommand(paths: [repository(words[2])], mediator: .kind(MediatorKind(words[4])), designs: .reference)
        run.schedule = try #require(SchedulePolicy(words[6]))
        let (out, err) = (StringOutput(), StringOutput())
        #expect(run.execute(standardOutput: out, standardError: err) == 1)
        #expect(out.text.contains("\n      Lamp <- Hub dim(to: 2)\n        set Lamp.level = 2\n      Lamp <- Hub dim(to: 1)\n"))
        #expect(out.text.contains("\nexpect Lamp.level == 2 FAILED (got 1)\n"))

        // A package with designs of its own runs them in its designs tool, through the plugin.
        let own = explorationIssues(
            race, under: ActorDesign.self, registering: [HubDesign.self], schedules: 100, strategy: .random, seed: 0,
            root: repository(""))
        #expect(own.count == 1)
        #expect(own.first?.contains("\nhelp: replay it: swift package mediate run \(race) --mediator actor --schedule replay:") == true)
    }

    @Test func pctFindsTheRaceAndARaceFreeScenarioGivesNoIssue() throws {
        let pct = recordedIssues {
            assertScenario(
                "Tests/Fixtures/lamp-race.scenario", under: ActorDesign.self, goldens: try! TemporaryFolder().file("Output"),
                record: .never, schedules: 40, strategy: .pct(depth: 2), seed: 7, environment: [:])
        }
        #expect(pct.filter { $0.text.hasPrefix("missing golden ") }.count == 3)
        #expect(pct.filter { $0.text.contains("error: under actor, the expectation failed under ") }.count == 1)
        // Any issue here fails the test.
        assertScenario("Scenarios/smart-home.scenario", under: ActorDesign.self, record: .never, schedules: 40, environment: [:])
        assertScenario(
            "Scenarios/last-lamp.scenario", under: StreamBusDesign.self, record: .never, schedules: 40, strategy: .pct(depth: 2),
            environment: [:])
    }

    @Test func aSynchronousDesignExploresOnlyWhenTheScenarioSwitchesToAnAsynchronousOne() throws {
        let folder = try TemporaryFolder()
        let race = try String(contentsOfFile: repository("Tests/Fixtures/lamp-race.scenario"), encoding: .utf8)
        try folder.write("race.scenario", race)
        // The sends deliver in written order: no schedule can break it.
        #expect(
            explorationIssues(
                folder.file("race.scenario"), under: WrapperDesign.self, registering: [], schedules: 100, strategy: .random, seed: 0,
                root: folder.path
            ).isEmpty)
        // Under wrapper until its first step, then the actor design's race.
        try folder.write(
            "switch.scenario",
            race.replacingOccurrences(of: "mediator actor as Hub\n", with: "mediator wrapper as Hub\n")
                .replacingOccurrences(of: "Switch -> Hub: press", with: "Switch -> Lamp: dim(to: 0)\nmediator actor\nSwitch -> Hub: press"))
        let issues = explorationIssues(
            folder.file("switch.scenario"), under: WrapperDesign.self, registering: [], schedules: 100, strategy: .random, seed: 0,
            root: folder.path)
        #expect(issues.count == 1)
        #expect(issues.first?.hasPrefix("switch.scenario:20:1: error: under wrapper, the expectation failed under ") == true)
    }

    @Test func schedulesStoppedByALimitAreOneIssueNamingTheFirst() throws {
        let folder = try TemporaryFolder()
        // Under the fixed order dim(to: 1) comes first and does nothing; after dim(to: 2) it
        // sends itself again, without end.
        try folder.write(
            "loop.scenario",
            """
            language 1.1
            mediator actor as Hub
            participant Switch : Button
            participant Lamp : Light { level = 0 }
            on Hub receives press { self -> Lamp: dim(to: 1); self -> Lamp: dim(to: 2) }
            on Light receives dim(to) if to == 2 { set level = 2 }
            on Light receives dim(to) if to == 1 and self.level == 2 { self -> Lamp: dim(to: 1) }
            Switch -> Hub: press
            expect Lamp.level == 2

            """)
        let issues = explorationIssues(
            folder.file("loop.scenario"), under: ActorDesign.self, registering: [], schedules: 30, strategy: .random, seed: 0,
            root: folder.path)
        try #require(issues.count == 1)
        #expect(issues[0].hasPrefix("loop.scenario:8:1: error: under actor, a reaction chain went deeper than 64 sends"))
        #expect(issues[0].contains("\nnote: 15 of 30 schedules stopped at a limit; the first, random:3 (schedule 5), stopped here"))
        #expect(issues[0].hasSuffix("\nhelp: replay it: mediate run loop.scenario --mediator actor --schedule random:3"))
    }

    @Test func explorationSettingsThatExploreNothingAreAnIssue() {
        let issues = recordedIssues {
            assertScenario("Scenarios/smart-home.scenario", under: ActorDesign.self, record: .never, schedules: 0, environment: [:])
            assertScenario(
                "Scenarios/smart-home.scenario", under: ActorDesign.self, record: .never, schedules: 5, strategy: .pct(depth: 0),
                environment: [:])
        }
        #expect(
            issues.map(\.text) == [
                "schedules: 0 explores nothing; give at least 1",
                "strategy: .pct(depth: 0) has no such depth; give one from 1 to 1000",
            ])
    }

    @Test func thePackageRootIsTheNearestFolderHoldingPackageSwift() throws {
        #expect(FileManager.default.fileExists(atPath: (packageRoot(above: #filePath) as NSString).appendingPathComponent("Package.swift")))
        #expect(#filePath.hasPrefix(packageRoot(above: #filePath) + "/Tests/"))
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", "")
        try folder.write("Tests/Suite/Check.swift", "")
        #expect(packageRoot(above: folder.file("Tests/Suite/Check.swift")) == folder.path)
    }
}

/// A design written against the public API only, as a package of your own would: a hub holding
/// each node strongly, each node holding the hub weakly.
class HubDesign: Design {
    class var name: String { "hub" }

    final class Hub {
        var nodes: [Node] = []
    }

    final class Node {
        let member: Member
        weak var hub: Hub?

        init(member: Member) { self.member = member }
    }

    static func makeColleague(for member: Member) -> AnyObject { Node(member: member) }

    let hub = Hub()
    let courier: Courier

    required init(participants: [Registration], courier: Courier) {
        self.courier = courier
        for registration in participants { _ = register(registration) }
    }

    func register(_ registration: Registration) -> DeliveryError? {
        guard let node = registration.colleague as? Node else { return .foreignColleague(registration.member.name) }
        node.hub = hub
        hub.nodes.append(node)
        return nil
    }

    func unregister(_ registration: Registration) -> DeliveryError? {
        hub.nodes.removeAll { $0.member == registration.member }
        return nil
    }

    func broadcast(_ message: Message, from sender: Origin, toType type: String?) {
        for node in hub.nodes where node.member != sender.member && node.member.matches(type: type) {
            courier.deliver(message, to: node.member, from: sender.member)
        }
    }

    func send(_ message: Message, from sender: Origin, to target: String) {
        guard let node = hub.nodes.first(where: { $0.member.name == target }) else { return courier.fail(.missingReceiver(target)) }
        courier.deliver(message, to: node.member, from: sender.member)
    }

    var registered: [Member] { hub.nodes.map(\.member) }
    var mediator: AnyObject? { hub }
}

/// A design that takes the wrapper's name.
final class ImpostorDesign: HubDesign {
    override class var name: String { "wrapper" }
}
