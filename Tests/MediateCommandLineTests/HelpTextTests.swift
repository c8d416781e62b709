import ArgumentParser
import Foundation
import MediateDesigns
import MediateKit
import MediateWatch
import Testing

@testable import MediateCommandLine

/// The help texts: examples that work, kept whole at any width, each default
/// said once, and what the report page really holds.
@Suite("Help texts", .serialized)
struct HelpTextTests {
    /// `mediate` and every subcommand its help lists.
    static let commands: [any ParsableCommand.Type] =
        [Mediate.self] + Mediate.configuration.subcommands.filter { $0.configuration.shouldDisplay }

    /// A report server that is never started: `watch --serve` validates only when there is one.
    final class UnusedServer: WatchReportServer {
        static func start(host: String, port: Int) throws -> Self { fatalError("not started by parsing") }
        var url: String { "" }
        func publish(_ page: String) {}
    }

    /// The arguments of each command of an example: `&&` separates commands, and a redirection
    /// (`> FILE`) or a comment (`# exits 1`) ends one.
    static func commandLines(of example: String) -> [[String]] {
        example.components(separatedBy: " && ").map { command in
            let words = command.split(separator: " ").map(String.init)
            return Array(words.prefix { $0 != ">" && $0 != "#" }.dropFirst())
        }
    }

    @Test(arguments: commands.indices)
    func everyExampleParsesAndValidates(index: Int) throws {
        let command = Self.commands[index]
        let examples = HelpExamples.examples(in: command.configuration.discussion)
        #expect(!examples.isEmpty, "\(command.configuration.commandName ?? "?") has no example")
        Mediate.reportServer = UnusedServer.self
        defer { Mediate.reportServer = nil }
        for example in examples {
            #expect(example.hasPrefix("mediate "))
            for arguments in Self.commandLines(of: example) {
                do {
                    _ = try Mediate.parseAsRoot(arguments)
                } catch {
                    Issue.record("`\(example)` exits \(Mediate.exitCode(for: error).rawValue): \(Mediate.message(for: error))")
                }
            }
        }
    }

    @Test(arguments: commands.indices)
    func examplesStayWholeOnANarrowTerminal(index: Int) {
        let command = Self.commands[index]
        let help = HelpExamples.printable(Mediate.helpMessage(for: command, columns: 60))
        let lines = Set(help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        for example in HelpExamples.examples(in: command.configuration.discussion) {
            #expect(lines.contains("  " + example), "cut at 60 columns: \(example)")
        }
        #expect(!help.contains(HelpExamples.space))
    }

    /// `check --help` said `(default: the number of cores). (default: 2)`: this machine's count.
    @Test(arguments: commands.indices)
    func eachOptionSaysItsDefaultOnce(index: Int) {
        let help = Mediate.helpMessage(for: Self.commands[index], columns: 10_000)
        for line in help.split(separator: "\n") {
            #expect(line.components(separatedBy: "default:").count <= 2, "\(line)")
        }
        #expect(!help.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"))
    }

    /// `report --help` said "no script"; the page has a player, and its help names each key the
    /// page's script handles.
    @Test func reportHelpDescribesThePlayerAndItsKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-help-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("a.scenario").path
        try "participant A\nparticipant B\nA -> B: \"hi\"\n".write(toFile: scenario, atomically: true, encoding: .utf8)
        let page = StringOutput()
        #expect(ReportCommand(paths: [scenario], designs: .reference).execute(standardOutput: page, standardError: StringOutput()) == 0)
        let keys = try #require(page.text.firstMatch(of: /const keys = \{([^}]*)\}/)?.1)
        let names = keys.matches(of: /(\w+|" "): "/).map { String($0.1) }
        #expect(names.count >= 6)
        let spoken = ["ArrowLeft": "Left", "ArrowRight": "Right", "\" \"": "Space"]
        let discussion = Mediate.Report.configuration.discussion
        for name in names {
            #expect(discussion.contains(spoken[name] ?? name), "report --help does not name the key \(name)")
        }
        #expect(discussion.contains("player"))
        #expect(!discussion.contains("no script"))
    }
}
