import Foundation

/// A scenario file read and checked, ready to run.
public struct LoadedScenario: Sendable {
    public var file: SourceFile
    public var script: Script

    /// The file name without its folder and `.scenario`: the default title and the output folder.
    public var stem: String { Self.stem(of: file.path) }

    /// A path's file name without its folder and `.scenario`.
    public static func stem(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    }

    public var title: String { Interpreter.title(of: script, fallback: stem) }

    /// The kinds of the run-time replacements (`mediator KIND` after the first step), in order.
    public var replacementKinds: [MediatorKind] {
        var started = false
        var kinds: [MediatorKind] = []
        for statement in script.statements {
            if statement.isStep { started = true }
            if started, case .mediator(let name, _) = statement, let kind = MediatorKind(rawValue: name.text) {
                kinds.append(kind)
            }
        }
        return kinds
    }

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
    /// A file that could not be read, or every static error of one that did not check.
    public enum Failure: Error, Sendable {
        case unreadable(path: String, reason: String)
        case invalid(Diagnostics)

        /// The failure as `format` writes it, ready for standard error.
        public func rendered(as format: DiagnosticFormat = .text, colored: Bool = false) -> String {
            switch self {
            case .unreadable(let path, let reason):
                return format.renderFileError(path: path, message: "cannot read the scenario: \(reason)",
                                              notes: [.help("give the path of a readable .scenario file")], colored: colored)
            case .invalid(let diagnostics):
                return format.render(diagnostics.items, in: diagnostics.file, colored: colored)
            }
        }
    }

    /// Reads, parses and checks one file.
    public static func load(path: String) -> Result<LoadedScenario, Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let reason = !exists ? "no such file" : isFolder.boolValue ? "it is a folder" : "it cannot be read"
            return .failure(.unreadable(path: path, reason: reason))
        }
        return load(SourceFile(path: path, bytes: data))
    }

    /// Reads and checks one file; on failure writes its errors to `standardError` in `format`
    /// and returns nil.
    public static func load(path: String, reportingTo standardError: any TextOutput, as format: DiagnosticFormat,
                            colored: Bool) -> LoadedScenario? {
        switch load(path: path) {
        case .success(let scenario): return scenario
        case .failure(let failure):
            standardError.write(failure.rendered(as: format, colored: colored))
            return nil
        }
    }

    /// Parses and checks a file already in memory.
    public static func load(_ file: SourceFile) -> Result<LoadedScenario, Failure> {
        switch Frontend.load(file) {
        case .success(let script): return .success(LoadedScenario(file: file, script: script))
        case .failure(let diagnostics): return .failure(.invalid(diagnostics))
        }
    }
}
