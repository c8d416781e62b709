import Foundation
import MediateTestSupport
import Testing

@testable import MediateKit

/// What `mediate` writes, and what it leaves alone when it cannot: run through the built binary.
///
/// Every write is atomic and stays in the chosen folder; a missing output folder is made, and an
/// output whose parent is missing, a file or unwritable, a failed Graphviz drawing and a full standard output each end in a clear error,
/// exit 3, and the files that were there before, byte for byte.
@Suite("Output files")
struct OutputFileTests {
    struct Result {
        var status: Int32
        var standardError: String
    }

    /// Runs `mediate` with `arguments` in `folder`; standard output goes to `standardOutput`
    /// (nowhere by default).
    func mediate(_ arguments: [String], in folder: URL, standardOutput: FileHandle = .nullDevice) throws -> Result {
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // Without CI, which would refuse `check --record`.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
        process.standardOutput = standardOutput
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder holding a copy of `Scenarios/chat.scenario` and `wide.scenario`, whose 15
    /// participants make a mesh coupling diagram of 210 references: more than Graphviz is given.
    func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediate-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/chat.scenario"),
            to: folder.appendingPathComponent("chat.scenario"))
        let wide = (0..<15).map { "participant P\($0)\n" }.joined() + "P0 -> *: \"hello\"\n"
        try wide.write(to: folder.appendingPathComponent("wide.scenario"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Every file under `folder`, with its contents: what must not change.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            files[relative] = isFolder.boolValue ? Data("<folder>".utf8) : try Data(contentsOf: url)
        }
        return files
    }

    /// `--output DIR` makes a missing DIR inside an existing folder, as D2 and PlantUML do.
    @Test(arguments: [["run", "chat.scenario", "--output", "out"], ["check", "chat.scenario", "--output", "out", "--record", "all"]])
    func aMissingOutputFolderIsMade(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(arguments, in: folder)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/chat/protocol-extension.transcript").path))
    }

    /// A one-letter folder name: Foundation's `deletingLastPathComponent` crashed on it (SIGILL).
    @Test(arguments: [
        ["run", "chat.scenario", "--output", "o"],
        ["run", "chat.scenario", "--output", "o/"],
        ["check", "chat.scenario", "--output", "o", "--record", "all"],
    ])
    func aOneLetterOutputFolderIsMade(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(arguments, in: folder)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("o/chat/protocol-extension.transcript").path))
    }

    @Test func theParentOfAPathIsWhatDirnameGivesButEmptyForABareName() {
        let cases = ["o": "", "a/": "", "out": "", "o/x": "o", "x/y/": "x", "/o": "/", "a//b": "a", "/": "/", "": ""]
        for (path, parent) in cases { #expect(OutputFolder.parent(of: path) == parent, "\(path)") }
    }

    /// Only the last folder of the path is made: a missing parent is more likely a typing mistake.
    @Test(arguments: [
        ["run", "chat.scenario", "--output", "out/nested"],
        ["check", "chat.scenario", "--output", "out/nested", "--record", "all"],
    ])
    func aMissingParentOfTheOutputFolderIsRefused(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try snapshot(folder)
        let result = try mediate(arguments, in: folder)
        #expect(result.status == 3)
        #expect(
            result.standardError == "error: cannot make the output folder 'out/nested': 'out' does not exist\n"
                + "help: mediate makes only the last folder of --output: create 'out' first, or give another folder\n")
        #expect(try snapshot(folder) == before)
    }

    /// A file where the new folder's parent should be, and a symbolic link leading nowhere where
    /// the folder should be, are refused, and left as they were.
    @Test func whatStandsInTheWayOfANewOutputFolderIsLeftAlone() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "keep me\n".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        let before = try snapshot(folder)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "nowhere")
        let underFile = try mediate(["run", "chat.scenario", "--output", "file/out"], in: folder)
        #expect(underFile.status == 3)
        #expect(
            underFile.standardError == "error: cannot make the output folder 'file/out': 'file' is a file, not a folder\n"
                + "help: give an --output folder inside a folder\n")
        let linked = try mediate(["run", "chat.scenario", "--output", "link"], in: folder)
        #expect(linked.status == 3)
        #expect(linked.standardError == "error: the output 'link' is a symbolic link to nothing\nhelp: give a folder to --output\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "nowhere")
        try FileManager.default.removeItem(atPath: link)
        #expect(try snapshot(folder) == before)
    }

    /// A run that writes nothing removes the folder it made: here its files may hold 512 bytes
    /// at most (`ulimit -f 1`; SIGXFSZ ignored, so a write past it fails with EFBIG).
    @Test func aFailedRunLeavesNoNewOutputFolder() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" run chat.scenario --output out 2>/dev/null", EndToEndTests.binary.path,
        ]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func anOutputThatIsAFileIsLeftAlone() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "keep me\n".write(to: folder.appendingPathComponent("out"), atomically: true, encoding: .utf8)
        let before = try snapshot(folder)
        let result = try mediate(["run", "chat.scenario", "--output", "out"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError == "error: the output 'out' is a file, not a folder\nhelp: give a folder to --output\n")
        #expect(try snapshot(folder) == before)
    }

    /// `/proc` is a folder that not even root can make a folder in.
    @Test(.linuxOnly("needs /proc")) func anUnwritableOutputIsAClearError() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(["run", "chat.scenario", "--output", "/proc"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("error: cannot write under '/proc/chat': "))
        #expect(result.standardError.hasSuffix("help: check that --output names a folder you can write to\n"))
    }

    /// A diagram over the layout limit (the mesh's coupling diagram) has its
    /// DOT written and its SVG skipped, with a warning; an old SVG of it is removed, since it no
    /// longer matches. Everything else is written as usual.
    @Test func aDiagramOverTheLayoutLimitIsWrittenAsDOTOnly() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out/wide")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "old diagram\n".write(to: out.appendingPathComponent("mesh.coupling.svg"), atomically: true, encoding: .utf8)
        let result = try mediate(["run", "wide.scenario", "--mediator", "all", "--output", "out"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "warning: out/wide/mesh.coupling.svg was not drawn: the diagram has 210 edges (210 labelled), more than "
                + "mediate asks Graphviz to lay out (200 labelled, 5000 in all; layout time grows steeply with edges)\n"
                + "help: its DOT source is out/wide/mesh.coupling.dot\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names.count == MediatorKind.allCases.count * 5 + 3 - 1)
        #expect(names.contains("mesh.coupling.dot") && !names.contains("mesh.coupling.svg"))
        #expect(!names.contains { $0.hasPrefix(".") })
    }

    /// `check` says which SVGs are not drawn, and that is no failure, whether
    /// it records the goldens or compares them.
    @Test func checkReportsASkippedSVGWithoutFailing() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let skipped =
            "skipped out/wide/mesh.coupling.svg: the diagram has 210 edges (210 labelled), more than mediate asks Graphviz "
            + "to lay out (200 labelled, 5000 in all; layout time grows steeply with edges)\n"
        for arguments in [["--record", "all"], []] {
            let output = Pipe()
            let result = try mediate(
                ["check", "wide.scenario", "--output", "out"] + arguments, in: folder, standardOutput: output.fileHandleForWriting)
            try output.fileHandleForWriting.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty)
            #expect(text.contains(skipped))
            #expect(text.hasSuffix("\(MediatorKind.allCases.count) passed, 0 failed\n"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/wide").path)
        #expect(names.contains("mesh.coupling.dot") && !names.contains("mesh.coupling.svg"))
    }

    /// `run --output` that exits 1 names, on standard error, each scenario and
    /// design whose expectations failed, and the file that shows them.
    @Test func aFailedExpectationIsNamedOnStandardError() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The office's intended failures, written as unintended ones.
        let office = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/office.scenario"), encoding: .utf8)
        try office.replacingOccurrences(of: #" fails( under [a-z, -]+)?\n"#, with: "\n", options: .regularExpression)
            .write(to: folder.appendingPathComponent("office.scenario"), atomically: true, encoding: .utf8)
        let result = try mediate(["run", "chat.scenario", "office.scenario", "--mediator", "all", "--output", "out"], in: folder)
        #expect(result.status == 1)
        // The office's Carol leaves and is then sent a memo: each design that writes its `!` line says why.
        let carol = { (kind: String) in
            """
            office.scenario:41:14: note: under \(kind), the run wrote '! missingReceiver Carol' here: Carol left the mediator on line 36
            Reception -> Carol, Dave: memo(text: "Lunch at one")
                         ^~~~~

            """
        }
        // validate's warning at that send comes first, once.
        let warning = """
            office.scenario:41:14: warning: this send goes to 'Carol', who left the mediator on line 36
            Reception -> Carol, Dave: memo(text: "Lunch at one")
                         ^~~~~
            note: a design holds no participant that left, so the run writes '! missingReceiver Carol' here; \
            direct-delegate, which refuses 'leave', still delivers
            help: send to 'Carol' above line 36, or take it out of the targets

            """
        #expect(
            result.standardError == warning + carol("protocol-extension") + carol("wrapper") + carol("mesh") + carol("actor")
                + carol("async-stream") + carol("notification-center") + carol("combine") + """
                    office.scenario: 2 expectations failed under protocol-extension; see out/office/protocol-extension.transcript
                    office.scenario: 1 expectation failed under wrapper; see out/office/wrapper.transcript
                    office.scenario: 3 expectations failed under direct-delegate; see out/office/direct-delegate.transcript
                    office.scenario: 2 expectations failed under mesh; see out/office/mesh.transcript
                    office.scenario: 1 expectation failed under actor; see out/office/actor.transcript
                    office.scenario: 1 expectation failed under async-stream; see out/office/async-stream.transcript
                    office.scenario: 1 expectation failed under notification-center; see out/office/notification-center.transcript
                    office.scenario: 1 expectation failed under combine; see out/office/combine.transcript

                    """)
        let log = try mediate(["run", "office.scenario", "--format", "log", "--output", "out"], in: folder)
        #expect(log.status == 1)
        #expect(
            log.standardError == warning + carol("wrapper")
                + "office.scenario: 1 expectation failed under wrapper; see out/office/wrapper.log\n")
    }

    @Test func aRunReplacesItsFilesAndLeavesNoTemporaryOnes() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out/chat")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "old\n".write(to: out.appendingPathComponent("mesh.transcript"), atomically: true, encoding: .utf8)
        let result = try mediate(["run", "chat.scenario", "--mediator", "all", "--output", "out"], in: folder)
        #expect(result.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names.count == MediatorKind.allCases.count * 5 + 3)
        #expect(!names.contains { $0.hasPrefix(".") })
        let mesh = try String(contentsOf: out.appendingPathComponent("mesh.transcript"), encoding: .utf8)
        #expect(mesh.hasPrefix("scenario Chat"))
    }

    /// A file named `..scenario` would have `.` for a folder: the output folder itself.
    @Test func aScenarioWithoutANameHasNoOutputFolder() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("chat.scenario"),
            to: folder.appendingPathComponent("..scenario"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let before = try snapshot(folder)
        let result = try mediate(["run", "..scenario", "--output", "out"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError == "error: ..scenario has no name to give its output folder\nhelp: rename it to NAME.scenario\n")
        #expect(try snapshot(folder) == before)
    }

    /// A symbolic link where the scenario's folder goes could lead anywhere: nothing is written through it.
    @Test func aLinkedScenarioFolderIsNotFollowed() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out/chat").path,
            withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        let result = try mediate(["run", "chat.scenario", "--output", "out"], in: folder)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "error: 'out/chat' is a symbolic link; mediate writes chat.scenario's files only into a folder of its own there\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("elsewhere").path).isEmpty)
    }

    @Test func renderIntoAMissingFolderWritesNothing() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try snapshot(folder)
        let result = try mediate(["render", "chat.scenario", "-o", "missing/chat.svg"], in: folder)
        #expect(result.status == 3)
        #expect(
            result.standardError
                == "error: cannot draw the messages diagram of chat.scenario to 'missing/chat.svg': No such file or directory\n")
        #expect(try snapshot(folder) == before)
    }

    @Test func renderOverAFolderLeavesItAlone() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("chat.svg"), withIntermediateDirectories: true)
        let before = try snapshot(folder)
        let result = try mediate(["render", "chat.scenario", "-o", "chat.svg"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("error: cannot draw the messages diagram of chat.scenario to 'chat.svg': "))
        #expect(try snapshot(folder) == before)
    }

    @Test func aDiagramTooLargeForGraphvizLeavesTheOldFile() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "old\n".write(to: folder.appendingPathComponent("wide.svg"), atomically: true, encoding: .utf8)
        let before = try snapshot(folder)
        let result = try mediate(["render", "wide.scenario", "--graph", "coupling", "--mediator", "mesh", "-o", "wide.svg"], in: folder)
        #expect(result.status == 3)
        #expect(result.standardError.contains("the diagram has 210 edges"))
        #expect(try snapshot(folder) == before)
        let dot = try mediate(["render", "wide.scenario", "--graph", "coupling", "--mediator", "mesh", "-o", "wide.dot"], in: folder)
        #expect(dot.status == 0)
    }

    @Test(
        .linuxOnly("needs /dev/full"),
        arguments: [["run", "chat.scenario"], ["render", "chat.scenario"], ["compare", "chat.scenario"]])
    func aFullStandardOutputExitsThree(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try mediate(arguments, in: folder, standardOutput: full)
        #expect(result.status == 3)
        #expect(result.standardError.hasSuffix("error: cannot write to standard output: No space left on device\n"))
    }

    @Test func anEndlessOrHugeInputExitsThree() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let endless = try mediate(["validate", "/dev/zero"], in: folder)
        #expect(endless.status == 3)
        #expect(endless.standardError.hasPrefix("/dev/zero: error: the scenario is longer than 8388608 bytes"))
        let huge = folder.appendingPathComponent("huge.scenario")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = try mediate(["run", "huge.scenario", "chat.scenario"], in: folder)
        #expect(result.status == 3)
        #expect(
            result.standardError
                == "huge.scenario: error: the scenario is 1073741824 bytes long; mediate reads at most 8 MiB (8388608 bytes)\n"
                + "help: split it into several scenarios\n")
    }
}
