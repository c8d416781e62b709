import Foundation
import MediateTestSupport
import Testing

/// The guide's "Finding a race in an actor mediator" shows real output: each of its
/// `swift run mediate-seeded-bugs …` commands, run with the built designs tool from the
/// repository's root, prints exactly the block under it and exits as its comment says. Its
/// scenario is the fixture, and its Swift lines, but for a package's `assertScenario` call, are
/// the bank's own.
@Suite("The race tutorial")
struct RaceTutorialTests {
    static let tool = BuiltProducts.executable("mediate-seeded-bugs")
    static let command = "swift run mediate-seeded-bugs "

    /// A fenced block of the tutorial: its info string and its text.
    struct Block {
        var info: String
        var text: String
    }

    /// The fenced blocks of the guide's section with the tutorial, in order.
    static func blocks() throws -> [Block] {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "\n## Finding a race in an actor mediator\n"))
        let section = guide[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var blocks: [Block] = []
        var open: Block?
        for line in section[..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(info: String(line.dropFirst(3)), text: "")
                }
            } else if open != nil {
                open!.text += line + "\n"
            }
        }
        return blocks
    }

    @Test func everyCommandPrintsTheBlockUnderIt() throws {
        let blocks = try Self.blocks()
        var ran = 0
        for (index, block) in blocks.enumerated() where block.info == "sh" && block.text.hasPrefix(Self.command) {
            let line = block.text.trimmingCharacters(in: .newlines)
            let parts = line.components(separatedBy: "  # exits ")
            let expectedStatus = parts.count == 2 ? Int32(parts[1]) : 0
            let arguments = parts[0].dropFirst(Self.command.count).split(separator: " ").map(String.init)
            let expected = try #require(blocks.indices.contains(index + 1) ? blocks[index + 1] : nil, "no output under \(line)")
            #expect(expected.info == "", "the block under \(line) is not plain output")

            let process = Process()
            process.executableURL = Self.tool
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
            process.currentDirectoryURL = packageRoot
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == expectedStatus, "\(line)")
            #expect(printed == expected.text, "\(line)")
            ran += 1
        }
        // run, explore, the replay, and explore of the fixed design.
        #expect(ran == 4)
    }

    @Test func theScenarioIsTheFixture() throws {
        let fixture = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/reentrant-actor.scenario"), encoding: .utf8)
        #expect(try Self.blocks().contains { $0.info == "" && $0.text == fixture })
    }

    @Test func theSwiftLinesAreTheBanksOwn() throws {
        let bank = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SeededBugDesigns/Bank.swift"), encoding: .utf8)
        let lines = Set(bank.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        // The bank's lines, not the closing call of a package's own test.
        let shown = try Self.blocks().filter { $0.info == "swift" && !$0.text.hasPrefix("assertScenario(") }
        #expect(shown.count == 2)
        for block in shown {
            for line in block.text.split(separator: "\n") {
                let known = lines.contains(String(line))
                #expect(known, "\(line) is not a line of Bank.swift")
            }
        }
    }
}
