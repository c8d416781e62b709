import Foundation

/// A scenario file read and checked, ready to run.
public struct LoadedScenario: Sendable {
    public var file: SourceFile
    public var script: Script

    /// The file name without its folder and `.scenario`: the default title and the output folder.
    public var stem: String {
        let name = (file.path as NSString).lastPathComponent
        return name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    }

    public var title: String { Interpreter.title(of: script, fallback: stem) }

    /// Every participant the file declares, in order, with its type.
    public var participants: [(name: String, type: String)] {
        script.statements.compactMap { statement in
            guard case .participant(let declaration) = statement else { return nil }
            return (declaration.name.text, declaration.typeName)
        }
    }
    public var declaredKind: MediatorKind { Interpreter.declaredKind(of: script) }
}

/// Reads scenario files and reports what keeps them from running.
public enum ScenarioLoader {
    /// A file that could not be read, did not check, or went past a limit, as text ready for
    /// standard error, with the exit code it calls for.
    public struct Failure: Error, Sendable {
        public var rendered: String
        /// 2 for an unreadable file or a static error, 3 for a file past a ``SourceLimits`` limit.
        public var exitCode: Int32 = 2
    }

    /// Reads, parses and checks one file; a file past ``SourceLimits/maxFileBytes`` is not read.
    public static func load(path: String) -> Result<LoadedScenario, Failure> {
        switch readSource(path: path) {
        case .success(let bytes):
            return load(SourceFile(path: path, bytes: bytes))
        case .failure(.tooLarge(let size)):
            let limit = SourceLimits.maxFileBytes
            let what = size.map { "is \($0) bytes long" } ?? "is longer than \(limit) bytes"
            return .failure(Failure(
                rendered: "\(path): error: the scenario \(what); mediate reads at most 16 MiB (\(limit) bytes)\n"
                    + "help: split it into several scenarios\n",
                exitCode: 3))
        case .failure(let failure):
            let reason: String
            switch failure {
            case .missing: reason = "no such file"
            case .folder: reason = "it is a folder"
            case .unreadable(let system): reason = "it cannot be read (\(system))"
            case .tooLarge: reason = ""
            }
            return .failure(Failure(rendered: "\(path): error: cannot read the scenario: \(reason)\nhelp: give the path of a .scenario file\n"))
        }
    }

    /// Parses and checks a file already in memory. A line past ``SourceLimits/maxLineBytes``, or
    /// more participants than ``SourceLimits/maxParticipants``, stops it before it is checked (exit 3).
    public static func load(_ file: SourceFile) -> Result<LoadedScenario, Failure> {
        if let (line, length) = file.firstOverlongLine() {
            let limit = SourceLimits.maxLineBytes
            return .failure(Failure(
                rendered: "\(file.path):\(line):1: error: line \(line) is \(length) bytes long; "
                    + "mediate reads lines of at most 1 MiB (\(limit) bytes)\n"
                    + "help: break the line up: one statement a line, and a '{ … }' block may span lines\n",
                exitCode: 3))
        }
        let (script, syntactic) = Frontend.parse(file)
        let participants = script.statements.lazy.compactMap { statement -> Name? in
            guard case .participant(let declaration) = statement else { return nil }
            return declaration.name
        }
        if let extra = participants.dropFirst(SourceLimits.maxParticipants).first {
            let limit = SourceLimits.maxParticipants
            let diagnostic = Diagnostic(
                "more than \(limit) participants; mediate runs scenarios of at most \(limit)", at: extra.range,
                notes: [.note("the mesh alone would hold N(N-1) references between them"),
                        .help("split the scenario, or model groups of participants by type")])
            return .failure(Failure(rendered: DiagnosticPrinter.render(diagnostic, in: file), exitCode: 3))
        }
        switch Frontend.check(script, syntactic: syntactic, in: file) {
        case .success(let script): return .success(LoadedScenario(file: file, script: script))
        case .failure(let diagnostics): return .failure(Failure(rendered: diagnostics.rendered))
        }
    }
}
