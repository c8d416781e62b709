import Foundation

/// Reads scenario files and reports what keeps them from running.
public enum ScenarioLoader {
    /// A file that could not be read, did not check, or went past a limit.
    public enum Failure: Error, Sendable {
        /// The file could not be read: missing, a folder, an idle pipe, or refused.
        case unreadable(path: String, reason: String)
        /// The file has static errors.
        case invalid(Diagnostics)
        /// Past a `SourceLimits` limit before it could be parsed: `location` is the path, or
        /// `PATH:LINE:1` for an overlong line.
        case tooLarge(location: String, message: String, help: String)
        /// Past a `SourceLimits` limit found while parsing, with its position.
        case overLimit(Diagnostics)

        /// 2 for an unreadable file or a static error, 3 for a file past a limit.
        public var exitCode: Int32 {
            switch self {
            case .unreadable, .invalid: return 2
            case .tooLarge, .overLimit: return 3
            }
        }

        /// The failure as `format` writes it, ready for standard error.
        ///
        /// - Parameters:
        ///   - format: Text with a caret under each error, JSON, or GitHub workflow commands.
        ///   - colored: Whether the text carries ANSI colours.
        /// - Returns: The whole message, each line ending in a newline.
        public func rendered(as format: DiagnosticFormat = .text, colored: Bool = false) -> String {
            switch self {
            case .unreadable(let path, let reason):
                return format.renderFileError(
                    path: path, message: "cannot read the scenario: \(reason)",
                    notes: [.help("give the path of a readable .scenario file")], colored: colored)
            case .tooLarge(let location, let message, let help):
                return format.renderFileError(path: location, message: message, notes: [.help(help)], colored: colored)
            case .invalid(let diagnostics), .overLimit(let diagnostics):
                let text = format.render(diagnostics.items, in: diagnostics.file, colored: colored)
                guard diagnostics.truncated, format == .text else { return text }
                return text + "\(diagnostics.file.path): note: stopped after the first \(Diagnostics.limit) errors\n"
            }
        }
    }

    /// Reads, parses and checks one file against `designs`; a file past
    /// `SourceLimits.maxFileBytes` is not read.
    ///
    /// - Parameters:
    ///   - path: The `.scenario` file.
    ///   - designs: The designs its `mediator` lines may name; nil lets any name pass.
    /// - Returns: The checked scenario, ready to run, or why it cannot run.
    public static func load(path: String, designs: DesignRegistry?) -> Result<LoadedScenario, Failure> {
        read(path: path).flatMap { load(SourceFile(path: path, bytes: $0.bytes), designs: designs) }
    }

    /// Reads one file's bytes (see `readSource`), with what `fstat` said of it as it was opened.
    static func read(path: String) -> Result<(bytes: [UInt8], status: stat), Failure> {
        readSource(path: path).mapError { failure in
            let reason: String
            switch failure {
            case .tooLarge(let size):
                let limit = SourceLimits.maxFileBytes
                let what = size.map { "is \($0) bytes long" } ?? "is longer than \(limit) bytes"
                return .tooLarge(
                    location: path, message: "the scenario \(what); mediate reads at most \(ByteCount(limit)) (\(limit) bytes)",
                    help: "split it into several scenarios")
            case .missing: reason = "no such file"
            case .folder: reason = "it is a folder"
            case .idlePipe: reason = "it is a pipe with nothing writing to it, and mediate does not wait for a writer"
            case .unreadable(let system): reason = "it cannot be read (\(system))"
            }
            return .unreadable(path: path, reason: reason)
        }
    }

    /// Reads and checks one file; writes its errors (on failure) or its warnings (on success) to
    /// `standardError` in `format`.
    ///
    /// - Parameters:
    ///   - path: The `.scenario` file.
    ///   - designs: The designs its `mediator` lines may name; nil lets any name pass.
    ///   - standardError: Where the diagnostics go.
    ///   - format: How they are written.
    ///   - colored: Whether they carry ANSI colours.
    /// - Returns: The checked scenario, or why it cannot run (already written).
    public static func load(
        path: String, designs: DesignRegistry?, reportingTo standardError: any TextOutput,
        as format: DiagnosticFormat, colored: Bool
    ) -> Result<LoadedScenario, Failure> {
        let result = load(path: path, designs: designs)
        switch result {
        case .success(let scenario): standardError.write(scenario.renderedWarnings(as: format, colored: colored))
        case .failure(let failure): standardError.write(failure.rendered(as: format, colored: colored))
        }
        return result
    }

    /// Parses and checks a file already in memory. A line past `SourceLimits.maxLineBytes`, or
    /// more participants than `SourceLimits.maxParticipants`, stops it before it is checked (exit 3).
    ///
    /// - Parameters:
    ///   - file: The source, with the path its diagnostics name.
    ///   - designs: The designs its `mediator` lines may name; nil lets any name pass.
    /// - Returns: The checked scenario, or why it cannot run.
    public static func load(_ file: SourceFile, designs: DesignRegistry?) -> Result<LoadedScenario, Failure> {
        if let (line, length) = file.firstOverlongLine() {
            let limit = SourceLimits.maxLineBytes
            return .failure(
                .tooLarge(
                    location: "\(file.path):\(line):1",
                    message: "line \(line) is \(length) bytes long; mediate reads lines of at most 1 MiB (\(limit) bytes)",
                    help: "break the line up: one statement a line, and a '{ … }' block may span lines"))
        }
        let (script, syntactic) = Frontend.parse(file, designs: designs)
        if let extra = participant(after: SourceLimits.maxParticipants, in: script) {
            let limit = SourceLimits.maxParticipants
            let diagnostic = Diagnostic(
                "more than \(limit) participants; mediate runs scenarios of at most \(limit)", at: extra.range,
                notes: [
                    .note("the mesh alone would hold N(N-1) references between them"),
                    .help("split the scenario, or model groups of participants by type"),
                ])
            return .failure(.overLimit(Diagnostics(file: file, items: [diagnostic])))
        }
        switch Frontend.check(script, syntactic: syntactic, in: file, designNames: designs?.names) {
        case .success(let script): return .success(LoadedScenario(file: file, script: script, designs: designs ?? DesignRegistry()))
        case .failure(let diagnostics): return .failure(.invalid(firstLineOnly(diagnostics, syntactic: syntactic)))
        }
    }

    /// `diagnostics` cut to their first when the file does not parse on its first line (its
    /// first syntax error is there): such a file may be no scenario at all (a credentials file
    /// reached by a link, `/proc/self/environ`), and an error a line would echo it whole, line by
    /// line. The one error shows its line, or a window of a long one; a note counts the rest.
    static func firstLineOnly(_ diagnostics: Diagnostics, syntactic: [Diagnostic]) -> Diagnostics {
        guard diagnostics.items.count > 1, let first = diagnostics.items.first,
            syntactic.contains(where: { $0.range.lowerBound.line == 1 }), first.range.lowerBound.line == 1
        else { return diagnostics }
        var shown = first
        let more = "\(diagnostics.items.count - 1)\(diagnostics.truncated ? " or more" : "")"
        shown.notes.append(
            .note("the file does not parse on its first line, so mediate shows only this error of it (and not the \(more) others)"))
        return Diagnostics(file: diagnostics.file, items: [shown])
    }
}

extension ScenarioLoader {
    /// The name of the participant declared after the first `count`, if there is one.
    static func participant(after count: Int, in script: Script) -> Name? {
        var seen = 0
        for index in script.statements.indices {
            guard case .participant(let declaration) = script.statements[index] else { continue }
            if seen == count { return declaration.name }
            seen += 1
        }
        return nil
    }
}

extension Result where Failure == ScenarioLoader.Failure {
    /// The exit code a failed load calls for (0 for a success).
    public var exitCode: Int32 {
        if case .failure(let failure) = self { return failure.exitCode }
        return 0
    }
}
