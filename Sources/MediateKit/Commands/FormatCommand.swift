import Foundation

/// `mediate fmt`: rewrites scenario files in the canonical layout (see ``ScenarioFormatter``),
/// or, with `check`, writes nothing and shows how each file differs from it.
public struct FormatCommand: Sendable {
    /// Scenario files, or folders searched for `.scenario` files.
    public var paths: [String]
    /// Whether to report unformatted files (a diff each) instead of rewriting them.
    public var check: Bool
    public var diagnosticFormat: DiagnosticFormat
    /// Colour on terminals (see `ColorPolicy`); none unless the command line sets it.
    public var colors: ColorPolicy = .none

    public init(paths: [String], check: Bool = false, diagnosticFormat: DiagnosticFormat = .text) {
        self.paths = paths
        self.check = check
        self.diagnosticFormat = diagnosticFormat
    }

    /// Formats every file; the highest code wins: 0 done (or, with `check`, every file is
    /// formatted), 1 with `check` a file is not formatted, 2 a file cannot be read, has static
    /// errors or is not a regular file (it is left as it is), 3 a file is past a size limit, or
    /// it or standard output could not be written.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var exitCode: Int32 = 0
        for path in CheckCommand.scenarioFiles(under: paths) {
            exitCode = max(exitCode, format(path, standardOutput: standardOutput, standardError: standardError))
        }
        return max(exitCode, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func format(_ path: String, standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let data: [UInt8], read: stat
        switch ScenarioLoader.read(path: path) {
        case .success(let result): (data, read) = result
        case .failure(let failure):
            standardError.write(failure.rendered(as: diagnosticFormat, colored: colors.standardError))
            return failure.exitCode
        }
        let file = SourceFile(path: path, bytes: data)
        let formatted: String
        switch ScenarioFormatter.format(file) {
        case .success(let text): formatted = text
        case .failure(.invalid(let diagnostics)):
            standardError.write(diagnosticFormat.render(diagnostics.items, in: diagnostics.file))
            return 2
        case .failure(.meaningChanged):
            standardError.write(diagnosticFormat.renderFileError(
                path: path, message: "internal error: the formatted text would not mean the same; the file is left as it is",
                notes: [.help("please report this with the file")]))
            return 3
        }
        guard Array(formatted.utf8) != data else { return 0 }
        if check {
            // The diff is of lines, so it is taken after CRLF and a byte-order mark are read away;
            // when they are all that differs, a line says so.
            let original = String(decoding: file.bytes, as: UTF8.self)
            if let diff = UnifiedDiff.diff(expected: original, actual: formatted, expectedName: path,
                                           actualName: "\(path) (formatted)") {
                standardOutput.write(diff)
            }
            if file.bytes != data {
                standardOutput.write("\(path): CRLF line endings or a byte-order mark; formatted files have LF and none\n")
            }
            return 1
        }
        guard (read.st_mode & S_IFMT) == S_IFREG else {
            standardError.write(diagnosticFormat.renderFileError(
                path: path, message: "fmt rewrites files, and this is a pipe or a device; it is left as it is",
                notes: [.help("give the scenario file itself, or use --check to see the difference")]))
            return 2
        }
        do {
            try rewrite(path, with: formatted)
        } catch {
            standardError.write(diagnosticFormat.renderFileError(
                path: path, message: "cannot write the formatted file: \(RunCommand.reason(error))"))
            return 3
        }
        standardOutput.write("formatted \(path)\n")
        return 0
    }

    /// Replaces the file (the one a symbolic link points to) atomically, keeping its permissions.
    private func rewrite(_ path: String, with text: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let file = try AtomicFile(path: target)
        file.output.write(text)
        try file.commit()
    }
}
