import Foundation
import GraphvizRendering
import MediateTestSupport
import Testing

@testable import MediateDesigns
@testable import MediateKit
@testable import MediateSyntax

/// Hostile sizes and shapes of input: each works within bounded time and memory, or stops with
/// one clear error and exit 3 (SourceLimits, RunLimits, the diagnostics limit, the diagram limit).
@Suite("Limits")
struct LimitTests {
    /// A file of `count` bytes in a fresh temporary folder, made of `pattern` repeated.
    func temporaryFile(_ name: String, bytes count: Int, pattern: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unit = Array(pattern.utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count { bytes.append(contentsOf: unit.prefix(count - bytes.count)) }
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    // MARK: Files and lines

    @Test func aFileOverEightMebibytesIsRefusedFromItsSize() throws {
        let url = try temporaryFile("big.scenario", bytes: SourceLimits.maxFileBytes + 1, pattern: "# x\n")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let failure = try #require(ScenarioLoader.load(path: url.path).failure)
        #expect(failure.exitCode == 3)
        #expect(
            failure.rendered() == "\(url.path): error: the scenario is 8388609 bytes long; mediate reads at most 8 MiB (8388608 bytes)\n"
                + "help: split it into several scenarios\n")
    }

    @Test func aFileOfExactlyEightMebibytesIsRead() throws {
        let line = "# " + String(repeating: "x", count: 1021) + "\n"
        let url = try temporaryFile("full.scenario", bytes: SourceLimits.maxFileBytes, pattern: line)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let scenario = try ScenarioLoader.load(path: url.path).get()
        #expect(scenario.file.bytes.count == SourceLimits.maxFileBytes)
    }

    /// A stream has no size to refuse it by: reading stops one byte past the limit.
    @Test func anEndlessStreamStopsAtTheLimit() throws {
        let failure = try #require(ScenarioLoader.load(path: "/dev/zero").failure)
        #expect(failure.exitCode == 3)
        #expect(failure.rendered().hasPrefix("/dev/zero: error: the scenario is longer than 8388608 bytes"))
    }

    @Test func aFolderOrAMissingFileIsAStaticError() throws {
        let folder = try #require(ScenarioLoader.load(path: "/tmp").failure)
        #expect(folder.exitCode == 2)
        #expect(
            folder.rendered() == "/tmp: error: cannot read the scenario: it is a folder\nhelp: give the path of a readable .scenario file\n"
        )
        let missing = try #require(ScenarioLoader.load(path: "/no/such/file.scenario").failure)
        #expect(missing.exitCode == 2)
        #expect(missing.rendered().contains("no such file"))
    }

    @Test func aLineOverOneMebibyteStopsWithoutBeingParsed() throws {
        let text = "participant A\n# " + String(repeating: "@", count: SourceLimits.maxLineBytes) + "\nparticipant B\n"
        let failure = try #require(ScenarioLoader.load(SourceFile(path: "long.scenario", text: text)).failure)
        #expect(failure.exitCode == 3)
        #expect(
            failure.rendered()
                == "long.scenario:2:1: error: line 2 is 1048578 bytes long; mediate reads lines of at most 1 MiB (1048576 bytes)\n"
                + "help: break the line up: one statement a line, and a '{ … }' block may span lines\n")
    }

    @Test func aLineOfExactlyOneMebibyteIsRead() throws {
        let text = "participant A\n#x" + String(repeating: "é", count: (SourceLimits.maxLineBytes - 2) / 2) + "\n"
        #expect(SourceFile(path: "t", text: text).byteRange(ofLine: 2).count == SourceLimits.maxLineBytes)
        #expect(throws: Never.self) { try ScenarioLoader.load(SourceFile(path: "t", text: text)).get() }
    }

    // MARK: Errors

    /// A megabyte of errors on one line (the second: a file that does not parse on its first
    /// shows only that error): at most `Diagnostics.limit` are kept, each shows a window of its
    /// line rather than the whole line, and a last line says the list was cut.
    @Test func errorsStopAtTheLimitAndLongLinesShowAWindow() throws {
        let text = "participant A\n" + String(repeating: "é@", count: SourceLimits.maxLineBytes / 3) + "\n"
        let failure = try #require(ScenarioLoader.load(SourceFile(path: "noise.scenario", text: text)).failure)
        #expect(failure.exitCode == 2)
        let lines = failure.rendered().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains(": error: ") }.count == Diagnostics.limit)
        #expect(failure.rendered().hasSuffix("noise.scenario: note: stopped after the first 1000 errors\n"))
        #expect(lines.allSatisfy { $0.utf8.count < 400 })
        // The 500th error: 'é' at column 999, '@' at column 1000, shown in a window cut on both sides.
        let header = "noise.scenario:2:1000: error: unexpected character '@'"
        let index = try #require(lines.firstIndex(of: Substring(header)))
        #expect(lines[index + 1].hasPrefix("…") && lines[index + 1].hasSuffix("…"))
        let caret = lines[index + 2]
        #expect(caret.hasSuffix("^"))
        let shown = Array(lines[index + 1])
        #expect(shown[caret.count - 1] == "@")
    }

    @Test func thousandsOfUnknownNamesCheckWithinTheSuggestionBudget() throws {
        // Suggestions cost at most the budget, however many candidates and misspellings.
        var budget = 1_000
        let candidates = (0..<10_000).map { "participant\($0)" }
        #expect(EditDistance.closest(to: "participant9999x", among: candidates, budget: &budget) == nil)
        #expect(budget <= 0)
        var enough = Int.max
        #expect(EditDistance.closest(to: "participant9999x", among: candidates, budget: &enough) == "participant9999")
        let longName = String(repeating: "a", count: EditDistance.longestName + 1)
        #expect(EditDistance.closest(to: longName, among: [longName + "b"]) == nil)
    }

    // MARK: Participants

    @Test func aThousandParticipantsRunAndOneMoreStops() throws {
        let declarations = (0..<SourceLimits.maxParticipants).map { "participant P\($0)\n" }.joined()
        let scenario = try ScenarioLoader.load(SourceFile(path: "many.scenario", text: declarations + "P0 -> *: \"hi\"\n")).get()
        let mesh = KindRun.run(scenario, kind: .mesh, analyze: false, output: nil)
        #expect(mesh.summary.deliveries == SourceLimits.maxParticipants - 1)
        #expect(mesh.summary.leaked.count == SourceLimits.maxParticipants)
        let wrapper = KindRun.run(scenario, kind: .wrapper, output: nil)
        #expect(wrapper.metrics.strong == SourceLimits.maxParticipants)
        #expect(wrapper.metrics.weak == SourceLimits.maxParticipants)

        let failure = try #require(
            ScenarioLoader.load(SourceFile(path: "many.scenario", text: declarations + "participant Extra\n")).failure)
        #expect(failure.exitCode == 3)
        #expect(
            failure.rendered() == """
                many.scenario:1001:13: error: more than 1000 participants; mediate runs scenarios of at most 1000
                participant Extra
                            ^~~~~
                note: the mesh alone would hold N(N-1) references between them
                help: split the scenario, or model groups of participants by type

                """)
    }

    @Test func aHundredThousandParticipantsStopAtOnce() throws {
        let text = (0..<100_000).map { "participant P\($0)\n" }.joined()
        let failure = try #require(ScenarioLoader.load(SourceFile(path: "crowd.scenario", text: text)).failure)
        #expect(failure.exitCode == 3)
        #expect(failure.rendered().hasPrefix("crowd.scenario:1001:13: error: more than 1000 participants"))
    }

    // MARK: Nesting and recursion

    @Test(arguments: [
        "participant A " + String(repeating: "{", count: 200_000),
        "participant A\nparticipant B\nA -> B: m" + String(repeating: "(", count: 200_000),
        "participant A\non A receives x {" + String(repeating: "{ ", count: 200_000),
        String(repeating: "}", count: 200_000),
        "log \"" + String(repeating: "{", count: 200_000) + "\"",
    ])
    func deeplyNestedInputEndsInErrors(text: String) throws {
        let failure = try #require(ScenarioLoader.load(SourceFile(path: "nested.scenario", text: text)).failure)
        #expect(failure.exitCode == 2)
        #expect(
            failure.rendered().hasPrefix("nested.scenario:1:") || failure.rendered().hasPrefix("nested.scenario:2:")
                || failure.rendered().hasPrefix("nested.scenario:3:"))
    }

    /// A reaction chain 10,000 sends deep, the most `--max-depth` allows, runs on a stack sized
    /// for it (800 sends overflowed the 8 MiB main thread of a debug build).
    ///
    /// Under ThreadSanitizer the chain is 500 deep: its shadow call stack holds 65,536 frames,
    /// fewer than 10,000 sends need, and it records the whole stack at every allocation.
    @Test func aReactionChainTenThousandSendsDeepRuns() throws {
        let depth = threadSanitizerIsOn ? 500 : 10_000
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "deep.scenario",
                text: """
                    participant A
                    participant B
                    on A receives ping { self -> B: ping }
                    on B receives ping { self -> A: ping }
                    A -> B: ping
                    """)
        ).get()
        let counter = CountingSink()
        let summary = Interpreter(
            script: scenario.script, title: "deep", kind: .wrapper,
            limits: RunLimits(maxDepth: depth), sink: counter
        ).run()
        #expect(summary.sends == depth)
        #expect(summary.stoppedBy == .depthLimit(limit: depth, step: 1, line: 5))
        #expect(counter.deepestSend == depth)
    }

    /// Tarjan's algorithm on a chain of 200,000 objects closed into one cycle: no recursion.
    @Test func strongCyclesOfALongChainNeedNoDeepStack() {
        let count = 200_000
        let nodes = (0..<count).map { ReferenceGraph.Node(id: "n\($0)", typeName: "N", role: .participant) }
        let edges = (0..<count).map { ReferenceGraph.Edge(from: "n\($0)", to: "n\(($0 + 1) % count)", label: "next", ownership: .strong) }
        let cycles = ReferenceGraph(nodes: nodes, edges: edges).strongCycles()
        #expect(cycles.count == 1)
        #expect(cycles.first?.count == count)
    }

    /// The release probe's result is on record before the cycles are broken: the transcript
    /// names what leaked, and nothing of the run outlives it in the process.
    @Test(arguments: [MediatorKind.directDelegate, .mesh])
    func leakedCyclesAreFreedOnceReported(kind: MediatorKind) throws {
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "c.scenario",
                text: """
                    participant A
                    participant B
                    A -> B: "hi"
                    mediator wrapper
                    """)
        ).get()
        var alive: [WeakBox] = []
        let interpreter = Interpreter(script: scenario.script, title: "c", kind: kind, sink: CountingSink())
        interpreter.inspect = { roots in alive = roots.map { WeakBox($0.object) } }
        let summary = interpreter.run()
        #expect(summary.leaked.starts(with: ["A", "B"]))
        #expect(alive.count >= 2)
        #expect(alive.allSatisfy { $0.object == nil })
    }

    // MARK: Columns

    /// Columns the lexer counts along a line agree with counting the decoded line from its
    /// start, on lines of random ASCII, accents, combining marks, emoji, flags and bad UTF-8.
    @Test func columnsAgreeWithTheDecodedLine() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("@".utf8), Array("\"".utf8), Array("{".utf8), Array("é".utf8),
            Array("e\u{301}".utf8), Array("\u{301}".utf8), Array("🇫🇷".utf8), Array("🇫".utf8), Array("👩‍👩‍👧".utf8),
            Array("\u{200D}".utf8), Array("\u{600}".utf8), [0xFF], [0xE2, 0x82], [0xF0, 0x9F], [0xC3], [0x80],
            Array("# c".utf8), Array("\n".utf8), Array("10".utf8), Array("\\".utf8),
        ]
        var generator = SplitMix(seed: 5)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 40) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let file = SourceFile(path: "t", bytes: bytes)
            let (tokens, _) = Lexer.tokenize(file)
            for token in tokens where token.kind != .newline {
                #expect(token.range.lowerBound == file.location(ofOffset: token.range.lowerBound.offset), "\(bytes)")
                #expect(token.range.upperBound == file.location(ofOffset: token.range.upperBound.offset), "\(bytes)")
            }
        }
    }

    // MARK: Diagrams and message graphs

    @Test func aDiagramOverTheEdgeLimitIsRefusedBeforeGraphviz() throws {
        let participants = (0..<15).map { "participant P\($0)\n" }.joined()
        let scenario = try ScenarioLoader.load(SourceFile(path: "m.scenario", text: "mediator mesh\n" + participants + "P0 -> *: \"x\"\n"))
            .get()
        let run = KindRun.run(scenario, kind: .mesh, output: nil)
        let dot = DOTEmitter.coupling(run.references, metrics: run.metrics, participants: scenario.participants, title: "m", kind: .mesh)
        #expect(throws: GraphvizError.self) { try render(dot, format: .svg, layout: .dot) }
        #expect(try render(dot, format: .dot, layout: .dot) == Array(dot.utf8))
    }

    @Test func theMessageGraphKeepsBoundedLinks() {
        let collector = MessageGraphCollector()
        collector.emit(.participant(name: "A", type: "T", weak: false))
        collector.emit(.send(number: [1], sender: "A", targets: "*", message: .text("x"), depth: 0))
        for receiver in 0..<(MessageGraph.maxLinks + 5) {
            collector.emit(.delivery(receiver: "R\(receiver)", sender: "A", message: .text("x"), depth: 1))
        }
        #expect(collector.graph.links.count == MessageGraph.maxLinks)
        #expect(collector.graph.unlinkedMessages == 5)
        #expect(collector.graph.messageCount == MessageGraph.maxLinks + 5)
    }

    /// Numbers in the message graph follow the chain, not the depth: a `sends` reaction's send
    /// (1.1) and a reply during the deliveries (1.2) keep their own numbers.
    @Test func messageNumbersFollowTheirChain() throws {
        let scenario = try ScenarioLoader.load(
            SourceFile(
                path: "n.scenario",
                text: """
                    participant A
                    participant B
                    on A sends ping { self -> B: note }
                    on B receives ping { self -> sender: pong }
                    A -> B: ping
                    A -> B: ping
                    """)
        ).get()
        let run = KindRun.run(scenario, kind: .wrapper, output: nil, collectingLogicalMessages: true)
        func numbers(_ graph: MessageGraph) -> [String] {
            graph.links.flatMap { link in link.messages.map { "\(link.from)>\(link.to) \($0.message.written) \($0.numbers)" } }
        }
        #expect(numbers(run.logicalMessages) == [#"A>B note ["1.1", "2.1"]"#, #"A>B ping ["1", "2"]"#, #"B>A pong ["1.2", "2.2"]"#])
        // The route the wrapper reported: every message by way of its mediator, numbers kept.
        #expect(
            numbers(run.messages) == [
                #"A>mediator note ["1.1", "2.1"]"#, #"A>mediator ping ["1", "2"]"#, #"mediator>B note ["1.1", "2.1"]"#,
                #"mediator>B ping ["1", "2"]"#, #"B>mediator pong ["1.2", "2.2"]"#, #"mediator>A pong ["1.2", "2.2"]"#,
            ])
    }

    @Test func aGraphvizSyntaxErrorNamesItsOwnLineAfterOtherGraphs() throws {
        _ = try Graphviz.render("digraph g {\n a\n ->\n b\n}\n", layout: .dot, format: .svg)
        #expect {
            try Graphviz.render("digraph { a -> }", layout: .dot, format: .svg)
        } throws: { error in
            (error as? GraphvizError)?.message == "syntax error in line 1 near '}'"
        }
    }
}

/// Counts events without keeping them, and notes the deepest send number.
final class CountingSink: EventSink {
    private(set) var events = 0
    private(set) var deepestSend = 0

    func emit(_ event: TranscriptEvent) {
        events += 1
        if case .send(let number, _, _, _, _) = event { deepestSend = max(deepestSend, number.count) }
    }
}

/// Whether this process runs under ThreadSanitizer (its runtime is linked in).
let threadSanitizerIsOn = dlsym(nil, "__tsan_init") != nil  // nil: RTLD_DEFAULT on glibc

/// A weak reference, to see whether an object outlived something.
final class WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}

/// A small seeded generator, so that a randomised test is the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
