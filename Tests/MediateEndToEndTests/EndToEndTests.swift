import Foundation
import MediateKit
import MediateTestSupport
import Testing

/// Runs the built `mediate` binary, as a user would, and checks its output and exit code.
@Suite("End to end")
struct EndToEndTests {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `mediate` executable beside the test bundle in the build folder.
    static let binary = BuiltProducts.mediate

    func mediate(_ arguments: String..., in folder: URL = packageRoot) throws -> Result {
        try mediate(arguments, in: folder)
    }

    /// Runs `mediate` with the test's environment less `CI`: a CI job sets it, and `check` then
    /// refuses to record; a test that wants it passes it in `environment`.
    func mediate(_ arguments: [String], in folder: URL = packageRoot, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.merging(environment) { $1 }
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func runPrintsTheCommittedTranscript() throws {
        let result = try mediate("run", "Scenarios/musketeers.scenario")
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("Output/musketeers/wrapper.transcript"), encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.standardOutput == golden)
        #expect(result.standardError.isEmpty)
    }

    /// `explore` exits 1 on a race that `run` misses, and the command it prints writes the failing
    /// transcript its JSON carries, byte for byte, in another process.
    @Test func exploreFindsARaceAndItsPrintedReplayWritesTheFailingTranscript() throws {
        let path = "Tests/Fixtures/lamp-race.scenario"
        #expect(try mediate("run", path).status == 0)
        let explored = try mediate("explore", path, "--schedules", "100", "--format", "json")
        #expect(explored.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(explored.standardOutput.utf8)) as? [String: Any])
        let failure = try #require((object["failures"] as? [[String: Any]])?.first)
        let shortest = try #require(failure["shortest"] as? [String: Any])
        let command = try #require(shortest["command"] as? String)
        #expect(command.hasPrefix("mediate run \(path) --mediator actor --schedule replay:"))
        let replayed = try mediate(Array(command.split(separator: " ").dropFirst().map(String.init)))
        #expect(replayed.status == 1)
        #expect(replayed.standardOutput == failure["transcript"] as? String)
    }

    @Test func runWritesOneTranscriptPerKind() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(
            "run", packageRoot.appendingPathComponent("Scenarios/chat.scenario").path,
            "--mediator", "all", "--output", folder.path)
        #expect(result.status == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("chat").path)
        #expect(
            written.filter { $0.hasSuffix(".transcript") }.sorted()
                == [
                    "actor.transcript", "async-stream.transcript", "combine.transcript", "direct-delegate.transcript", "mesh.transcript",
                    "notification-center.transcript", "protocol-extension.transcript", "wrapper.transcript",
                ])
    }

    @Test func logFormatPrintsOnlyTheLogLines() throws {
        let result = try mediate("run", "Scenarios/price-summary.scenario", "--format", "log")
        #expect(result.status == 0)
        #expect(result.standardOutput == "999.99\n1099.99\n")
    }

    @Test func jsonLinesAreOneObjectPerEvent() throws {
        let result = try mediate("run", "Scenarios/musketeers.scenario", "--format", "jsonl")
        let transcript = try mediate("run", "Scenarios/musketeers.scenario")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == transcript.standardOutput.split(separator: "\n").count)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String)
        }
        #expect(lines.first == #"{"depth":0,"event":"scenario","title":"Musketeers"}"#)
    }

    @Test func aFailedExpectationExitsOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let office = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/office.scenario"), encoding: .utf8)
        // Its last expectation fails on purpose, and says so: without `fails`, it is a failure.
        try office.replacingOccurrences(of: "\"engineer\" fails", with: "\"engineer\"")
            .write(to: folder.appendingPathComponent("office.scenario"), atomically: true, encoding: .utf8)
        let result = try mediate("run", "office.scenario", in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("expect Dave.role == \"engineer\" FAILED (got \"intern\")"))
        let intended = try mediate("run", "Scenarios/office.scenario")
        #expect(intended.status == 0)
        #expect(intended.standardOutput.contains("expect Dave.role == \"engineer\" fails ok (got \"intern\")"))
    }

    @Test func staticErrorsExitTwoAndWriteNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.scenario")
        try "participant Athos\nparticipant Porthos\nPorthso -> Athos: \"hi\"\nmediator swarm\n".write(
            to: file, atomically: true, encoding: .utf8)
        let result = try mediate("run", "bad.scenario", "--output", "out", in: folder)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("bad.scenario:3:1: error: "))
        #expect(result.standardError.contains("Porthso -> Athos: \"hi\"\n^~~~~~~\n"))
        #expect(result.standardError.contains("help: did you mean 'Porthos'?"))
        #expect(result.standardError.contains("bad.scenario:4:"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let validate = try mediate("validate", "bad.scenario", in: folder)
        #expect(validate.status == 2)
        #expect(validate.standardError == result.standardError)
    }

    @Test func aLimitExitsThreeAndSaysWhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("loop.scenario")
        try "participant A\nparticipant B\non Participant receives any { self -> sender: \"again\" }\nA -> B: \"go\"\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try mediate("run", "loop.scenario", "--max-depth", "5", in: folder)
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("! depthLimit 5 at step 1 (line 4)"))
        #expect(result.standardError.hasPrefix("loop.scenario:4:1: error: "))
        #expect(result.standardError.contains("--max-depth"))
    }

    @Test func validateSaysOk() throws {
        let result = try mediate("validate", "Scenarios/chat.scenario", "Scenarios/musketeers.scenario")
        #expect(result.status == 0)
        #expect(result.standardOutput == "Scenarios/chat.scenario: ok\nScenarios/musketeers.scenario: ok\n")
    }

    @Test func helpExplainsItselfWithExamples() throws {
        let root = try mediate("--help")
        #expect(root.status == 0)
        #expect(root.standardOutput.contains("mediate run Scenarios/musketeers.scenario"))
        let run = try mediate("run", "--help")
        #expect(run.standardOutput.contains("--mediator"))
        #expect(run.standardOutput.contains("protocol-extension"))
        #expect(run.standardOutput.contains("Examples:"))
        let validate = try mediate("validate", "--help")
        #expect(validate.standardOutput.contains("Example:"))
    }

    /// One version, `mediateVersion`, printed by `--version` and recorded in the JUnit
    /// report and the report page; CHANGELOG.md's newest release is that version.
    @Test func theVersionIsKeptInOnePlace() throws {
        #expect(mediateVersion.wholeMatch(of: /(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)/) != nil)
        let version = try mediate("--version")
        #expect(version.status == 0)
        #expect(version.standardOutput == mediateVersion + "\n")
        let report = try mediate("report", "Scenarios/chat.scenario")
        #expect(report.standardOutput.contains("<meta name=\"generator\" content=\"mediate \(mediateVersion)\">\n"))
        let junit = try mediate("check", "Scenarios/chat.scenario", "--junit", "-")
        #expect(junit.standardOutput.contains("<property name=\"mediate.version\" value=\"\(mediateVersion)\"/>"))
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(releases.first?.hasPrefix("## [\(mediateVersion)] - ") == true)
    }

    @Test func usageErrorsAreReportedByTheArgumentParser() throws {
        let result = try mediate("run", "Scenarios/chat.scenario", "--max-depth", "0")
        #expect(result.status == 64)
        #expect(result.standardError.contains("--max-depth"))
    }

    /// An unknown `--mediator` is a usage error (exit 64, as the README's table says),
    /// at the option, listing the values it takes: `all` too where it is one.
    @Test func aMistypedDesignNameIsAUsageErrorListingTheValues() throws {
        let designs = MediatorKind.allCases.map(\.rawValue)
        for (arguments, option, values) in [
            (["run", "Scenarios/chat.scenario", "--mediator", "wraper"], "--mediator", designs + ["all"]),
            (["watch", "Scenarios/chat.scenario", "--mediator", "wraper"], "--mediator", designs + ["all"]),
            (["check", "Scenarios/chat.scenario", "--mediator", "wraper"], "--mediator", designs + ["all"]),
            (["render", "Scenarios/chat.scenario", "--mediator", "wraper"], "--mediator", designs),
            (["diff", "Scenarios/chat.scenario", "--mediator", "mesh", "--against", "wraper"], "--against", designs),
        ] {
            let result = try mediate(arguments)
            #expect(result.status == 64)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("Error: The value 'wraper' is invalid for '\(option) <"), "\(result.standardError)")
            // The argument parser lists up to five values in a sentence, more as a list.
            let sentence =
                "Please provide one of "
                + values.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(values.last!)'.\n"
            let list = "Please provide one of the following:\n" + values.map { "  - \($0)\n" }.joined()
            #expect(result.standardError.contains(values.count > 5 ? list : sentence), "\(result.standardError)")
        }
    }

    /// `diff A.scenario B.scenario` diffed the source text as if it were transcripts.
    @Test func diffRefusesScenariosForTranscripts() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Named .scenario, or a scenario by its first statement whatever its name.
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"), to: folder.appendingPathComponent("chat.txt"))
        for operands in [
            ["Scenarios/chat.scenario", "Scenarios/office.scenario"],
            ["Output/chat/wrapper.transcript", folder.appendingPathComponent("chat.txt").path],
        ] {
            let result = try mediate(["diff"] + operands)
            #expect(result.status == 64)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains("and diff compares transcripts"), "\(result.standardError)")
            #expect(result.standardError.contains("mediate diff FILE --mediator KIND --against KIND"))
        }
        // Two transcripts are diffed, as before.
        let transcripts = try mediate("diff", "Output/chat/wrapper.transcript", "Output/chat/mesh.transcript")
        #expect(transcripts.status == 1)
        #expect(transcripts.standardOutput.hasPrefix("--- Output/chat/wrapper.transcript\n+++ Output/chat/mesh.transcript\n"))
    }

    /// Run where there is no `Scenarios/`, `check` and `report` called the default
    /// folder "the scenario", and never said it was a default.
    @Test(arguments: [["check"], ["report", "-o", "page.html"]])
    func theDefaultFolderIsNamedAsADefault(arguments: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(arguments, in: folder)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                Scenarios: error: no folder 'Scenarios' here, where `mediate \(arguments[0])` looks when given no path
                help: run it in the folder that holds Scenarios/, or give the scenario files or folders: `mediate \(arguments[0]) PATH…`

                """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
    }

    /// Help examples wrapped at the terminal's width lost their indentation and broke
    /// when copied; at 60 columns each is still one line, with plain spaces.
    @Test func helpExamplesStayWholeAtSixtyColumns() throws {
        for command in ["run", "check", "render", "report", "watch", "export"] {
            let wide = try mediate(["help", command], environment: ["COLUMNS": "1000"])
            let narrow = try mediate([command, "--help"], environment: ["COLUMNS": "60"])
            #expect(narrow.status == 0)
            let examples = wide.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  mediate ") }
            #expect(!examples.isEmpty)
            let lines = Set(narrow.standardOutput.split(separator: "\n"))
            for example in examples { #expect(lines.contains(example), "cut: \(example)") }
            #expect(!narrow.standardOutput.contains("\u{A0}"))
        }
    }

    /// `docs/CLI.md` is the help as the binary prints it today.
    @Test func theCLIReferenceIsTheHelpOfToday() throws {
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("Scripts/cli-reference")
        process.environment = ProcessInfo.processInfo.environment.merging(["MEDIATE": Self.binary.path]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let generated = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        #expect(generated.contains("## mediate watch\n"))
        #expect(
            generated == committed, "docs/CLI.md is not what the help prints: run `Scripts/cli-reference > docs/CLI.md`")
    }

    @Test func aPathAfterDoubleDashIsAlwaysAPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-dash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
            to: folder.appendingPathComponent("-h.scenario"))
        let validate = try mediate(["validate", "--", "-h.scenario"], in: folder)
        #expect(validate.status == 0)
        #expect(validate.standardOutput == "-h.scenario: ok\n")
        let run = try mediate(["run", "--mediator", "mesh", "--", "-h.scenario"], in: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("scenario Chat\nmediator mesh\n"))
    }

    @Test func aMissingFileIsAClearError() throws {
        let result = try mediate("run", "Scenarios/nope.scenario")
        #expect(result.status == 2)
        #expect(result.standardError.contains("Scenarios/nope.scenario: error: cannot read the scenario: no such file"))
    }

    @Test func renderWritesSVGAndPNG() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgPath = folder.appendingPathComponent("m.svg").path
        let svg = try mediate("render", "Scenarios/musketeers.scenario", "--graph", "compare", "-o", svgPath)
        #expect(svg.status == 0)
        let texts = try SVGText.texts(of: try String(contentsOfFile: svgPath, encoding: .utf8))
        #expect(texts.contains("Athos") && texts.contains("mesh"))
        let pngPath = folder.appendingPathComponent("m.png").path
        let png = try mediate("render", "Scenarios/musketeers.scenario", "--graph", "coupling", "--mediator", "mesh", "-o", pngPath)
        #expect(png.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pngPath))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let dot = try mediate("render", "Scenarios/chat.scenario", "--format", "dot")
        #expect(dot.standardOutput.hasPrefix("digraph \"messages\" {"))
    }

    @Test func compareJSONHasTheDocumentedShape() throws {
        let result = try mediate("compare", "Scenarios/musketeers.scenario", "--format", "json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == "Musketeers")
        let implementations = try #require(object["implementations"] as? [[String: Any]])
        #expect(implementations.map { $0["kind"] as? String } == MediatorKind.allCases.map(\.rawValue))
        let wrapper = implementations[1]
        #expect(wrapper["firstDifference"] is NSNull)
        #expect(
            Set(wrapper.keys) == [
                "kind", "references", "strong", "weak", "unowned", "participantToParticipant",
                "cycles", "leaked", "participants", "firstDifference",
            ])
        let mesh = implementations[3]
        #expect(mesh["leaked"] as? [String] == ["Athos", "Porthos", "Aramis"])
        let difference = try #require(mesh["firstDifference"] as? [String: Any])
        #expect(Set(difference.keys) == ["line", "expected", "actual"])
    }

    @Test func runWritesDiagramsAndTheComparison() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(
            "run", packageRoot.appendingPathComponent("Scenarios/musketeers.scenario").path,
            "--mediator", "all", "--output", folder.path)
        #expect(result.status == 0)
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("musketeers").path))
        var expected: Set<String> = ["compare.dot", "compare.svg", "compare.json"]
        for kind in MediatorKind.allCases.map(\.rawValue) {
            expected.formUnion([
                "\(kind).transcript", "\(kind).messages.dot", "\(kind).messages.svg",
                "\(kind).coupling.dot", "\(kind).coupling.svg",
            ])
        }
        #expect(written == expected)
    }

    @Test func checkPassesOnTheCommittedOutput() throws {
        let result = try mediate("check", "--jobs", "2")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix(" passed, 0 failed\n"))
    }

    /// Weak participants give a coupling diagram of labelled edges that do not rank it: Graphviz
    /// 2.42 then freed a moved node list twice, and `render` aborted from 15 participants on
    /// (shim.h, `mediate_repair_rank_lists`). Each count, under a design whose mediator holds
    /// its colleagues weakly and one that holds them through wrappers, draws every participant.
    @Test(arguments: [4, 15, 40])
    func weakParticipantsDrawWithoutCorruptingTheHeap(count: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let participants = (1...count).map { "participant P\($0) weak" }.joined(separator: "\n")
        try "scenario \"Weak\"\n\(participants)\nP1 -> *: hi\n".write(
            to: folder.appendingPathComponent("weak.scenario"), atomically: true, encoding: .utf8)
        for design in ["wrapper", "actor"] {
            let result = try mediate(
                ["render", "weak.scenario", "--mediator", design, "--graph", "coupling", "-o", "\(design).svg"], in: folder)
            #expect(result.status == 0, "\(design): \(result.standardError)")
            let svg = try String(contentsOf: folder.appendingPathComponent("\(design).svg"), encoding: .utf8)
            #expect(svg.contains(">P\(count)</text>"), "\(design)")
        }
    }

    /// `--schedule random:SEED` runs an asynchronous design's jobs in another order, the same one
    /// on every run with that seed; `fixed` is the default order, the goldens'. A synchronous
    /// design runs the same under any schedule.
    @Test func scheduleReordersAnAsynchronousDesignReproducibly() throws {
        let scenario = "Scenarios/smart-home.scenario"
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("Output/smart-home/actor.transcript"), encoding: .utf8)
        #expect(try mediate("run", scenario, "--mediator", "actor", "--schedule", "fixed").standardOutput == golden)
        var reordered: Set<String> = []
        for seed in 1...8 {
            let first = try mediate("run", scenario, "--mediator", "actor", "--schedule", "random:\(seed)")
            #expect(first.status == 0, "\(first.standardError)")
            let again = try mediate("run", scenario, "--mediator", "actor", "--schedule", "random:\(seed)")
            #expect(again.standardOutput == first.standardOutput)
            if first.standardOutput != golden { reordered.insert(first.standardOutput) }
        }
        #expect(reordered.count >= 2, "eight seeds gave \(reordered.count) orders other than the fixed one")
        let wrapper = try mediate("run", scenario, "--mediator", "wrapper")
        #expect(try mediate("run", scenario, "--mediator", "wrapper", "--schedule", "random:2").standardOutput == wrapper.standardOutput)
    }

    /// A schedule that is not one is a usage error, and goldens are recorded in the fixed order only.
    @Test func scheduleIsRefusedWhereItCannotApply() throws {
        let bad = try mediate("run", "Scenarios/chat.scenario", "--schedule", "random:x")
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("The value 'random:x' is invalid for '--schedule <SCHEDULE>'"))
        let record = try mediate("check", "Scenarios/chat.scenario", "--schedule", "random:1", "--record", "all")
        #expect(record.status == 64)
        #expect(record.standardError.contains("--record writes goldens in the fixed schedule only"))
    }

    /// `check --schedule` compares another order with the goldens: the order that moves a delivery fails.
    @Test func checkUnderAnotherScheduleComparesItsOrderWithTheGoldens() throws {
        let passes = try mediate("check", "Scenarios/smart-home.scenario", "--mediator", "actor", "--schedule", "replay:")
        #expect(passes.status == 0, "\(passes.standardOutput)")
        let moved = try mediate("check", "Scenarios/smart-home.scenario", "--mediator", "actor", "--schedule", "random:2")
        #expect(moved.status == 1)
        #expect(moved.standardOutput.contains("Output/smart-home/actor.transcript"), "\(moved.standardOutput)")
    }

    @Test func diffExitsZeroWhenEqualAndOneWhenNot() throws {
        let same = try mediate("diff", "Output/chat/wrapper.transcript", "Output/chat/wrapper.transcript")
        #expect(same.status == 0)
        #expect(same.standardOutput.isEmpty)
        let kinds = try mediate("diff", "Scenarios/chat.scenario", "--mediator", "mesh", "--against", "protocol-extension")
        #expect(kinds.status == 1)
        #expect(kinds.standardOutput.hasPrefix("--- protocol-extension\n+++ mesh\n@@ -1,"))
        let usage = try mediate("diff", "Scenarios/chat.scenario")
        #expect(usage.status == 64)
    }

    @Test(arguments: [("bash", "Shell/mediate.bash"), ("zsh", "Shell/_mediate"), ("fish", "Shell/mediate.fish")])
    func committedCompletionScriptsAreCurrent(shell: String, file: String) throws {
        let result = try mediate("--generate-completion-script", shell)
        #expect(result.status == 0)
        let committed = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        #expect(result.standardOutput == committed, "\(file) is stale: run `make shell`")
        for subcommand in ["run", "validate", "check", "diff", "render", "compare", "export", "report", "fmt", "init"] {
            #expect(committed.contains(subcommand))
        }
    }

    /// What bash's completion, from the script `mediate` generates, offers after `words` (the
    /// word being completed last), in `folder`.
    func bashCompletions(_ words: [String], in folder: URL) throws -> [String] {
        let script = try mediate("--generate-completion-script", "bash").standardOutput
        try script.write(to: folder.appendingPathComponent("mediate.bash"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let line = words.joined(separator: " ")
        process.arguments = [
            "-c",
            "source ./mediate.bash; COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); "
                + "COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count); "
                + "_mediate mediate '\(words.last!)' '\(words.dropLast().last!)'; printf '%s\\n' \"${COMPREPLY[@]}\"",
        ]
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    /// Completion offers each option's values (the registered designs for
    /// `--mediator`), and scenario files and folders where scenarios go.
    @Test func completionOffersValuesAndScenarioFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["a.scenario", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        let designs = [
            "actor", "async-stream", "combine", "direct-delegate", "mesh", "notification-center", "protocol-extension", "wrapper",
        ]
        #expect(try bashCompletions(["mediate", "run", "--mediator", ""], in: folder) == (designs + ["all"]).sorted())
        #expect(try bashCompletions(["mediate", "render", "a.scenario", "--mediator", ""], in: folder) == designs)
        #expect(try bashCompletions(["mediate", "run", "--format", ""], in: folder) == ["jsonl", "log", "transcript"])
        #expect(
            try bashCompletions(["mediate", "render", "--graph", ""], in: folder) == [
                "compare", "coupling", "logical", "messages", "sequence",
            ])
        #expect(try bashCompletions(["mediate", "check", "--record", ""], in: folder) == ["all", "failed", "missing", "never"])
        #expect(try bashCompletions(["mediate", "run", "--output", ""], in: folder) == ["sub"])
        for command in ["run", "validate", "check", "render", "fmt"] {
            #expect(
                try bashCompletions(["mediate", command, ""], in: folder).filter { !$0.hasPrefix("-") } == ["a.scenario", "sub"],
                "\(command)")
        }
    }

    @Test func theManPageDescribesEverySubcommand() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Shell/mediate.1"), encoding: .utf8)
        #expect(page.hasPrefix(".\\\" \"Generated by swift-argument-parser\""))
        for subcommand in ["run", "validate", "check", "diff", "render", "compare", "export", "report", "fmt", "init"] {
            #expect(page.contains(".It Em \(subcommand)"), "the man page lacks \(subcommand): run `make shell`")
        }
    }
}
