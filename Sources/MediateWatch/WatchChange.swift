import Foundation
package import MediateKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One change a watch runs: the files that changed and everything needed to run, check and
/// report them. A watch performs it itself, or in a new process of its executable (see
/// ``WatchCommand/changeExecutable``), which reads it as JSON on standard input.
struct WatchChange: Codable {
    /// A changed file, and whether it is there (false: deleted or renamed away).
    struct File: Codable {
        var path: String
        var present: Bool
    }

    var files: [File]
    /// The first run of the watch (its status lines say so).
    var initial: Bool
    /// The folders and files the report page shows; nil: no page is made.
    var reportPaths: [String]?
    var mediator: String?
    var outputFolder: String?
    var goldensFolder: String?
    var maxDepth: Int
    var maxDeliveries: Int
    var maxOutputBytes: Int
    var maxReactions: Int
    var diagnosticFormat: String
    var colorsStandardOutput: Bool
    var colorsStandardError: Bool

    init(command: WatchCommand, files: [File], initial: Bool, reportPaths: [String]?) {
        self.files = files
        self.initial = initial
        self.reportPaths = reportPaths
        mediator = command.mediator?.argument
        outputFolder = command.outputFolder
        goldensFolder = command.goldensFolder
        maxDepth = command.limits.maxDepth
        maxDeliveries = command.limits.maxDeliveries
        maxOutputBytes = command.limits.maxOutputBytes
        maxReactions = command.limits.maxReactions
        diagnosticFormat = command.diagnosticFormat.rawValue
        colorsStandardOutput = command.colors.standardOutput
        colorsStandardError = command.colors.standardError
    }

    private var limits: RunLimits {
        RunLimits(maxDepth: maxDepth, maxDeliveries: maxDeliveries, maxOutputBytes: maxOutputBytes, maxReactions: maxReactions)
    }
    private var format: DiagnosticFormat { DiagnosticFormat(rawValue: diagnosticFormat) ?? .text }
    private var colors: ColorPolicy {
        ColorPolicy(standardOutput: colorsStandardOutput, standardError: colorsStandardError)
    }

    /// What a change did: a status line for each file, and the report page when ``reportPaths``
    /// asks for one. The watch publishes the page before it prints the lines, so that a page read
    /// after a status line is the new one.
    struct Result {
        var statusLines: String
        var page: String?

        /// The result as a change's process answers on file descriptor 3: the status lines, a
        /// NUL, and the page if there is one.
        var answer: String { statusLines + "\0" + (page ?? "") }

        /// The result a change's process answered (``answer``); `withPage`: whether the change
        /// asked for a page.
        init(answer: [UInt8], withPage: Bool) {
            let separator = answer.firstIndex(of: 0) ?? answer.endIndex
            statusLines = String(decoding: answer[..<separator], as: UTF8.self)
            page = withPage ? String(decoding: answer[min(separator + 1, answer.endIndex)...], as: UTF8.self) : nil
        }

        init(statusLines: String, page: String?) {
            self.statusLines = statusLines
            self.page = page
        }
    }

    /// Runs, checks and reports the files.
    func perform(designs: DesignRegistry, standardOutput: any TextOutput, standardError: any TextOutput) -> Result {
        var lines: [(path: String, what: String)] = []
        for file in files {
            guard file.present else {
                lines.append(
                    (
                        file.path,
                        initial ? "not found; watching for it to appear" : "gone (deleted or renamed); watching for it to come back"
                    ))
                continue
            }
            var parts = [Self.outcome(run(file.path, designs: designs, standardOutput: standardOutput, standardError: standardError))]
            if let goldensFolder {
                var check = CheckCommand(
                    paths: [file.path], outputFolder: goldensFolder, designs: designs, record: .never, limits: limits,
                    diagnosticFormat: format)
                check.colors = colors
                let code = check.execute(standardOutput: standardOutput, standardError: standardError)
                parts.append(code == 0 ? "check passed" : "check failed (above)")
            }
            if let outputFolder {
                parts.append("files in \(FileEvents.join(outputFolder, LoadedScenario.stem(of: file.path)))")
            }
            lines.append((file.path, parts.joined(separator: "; ")))
        }
        var page: String?
        if let reportPaths {
            let text = StringOutput()
            var report = ReportCommand(paths: reportPaths, designs: designs, limits: limits, diagnosticFormat: format)
            report.colors = .none
            // The runs above printed the diagnostics; the page shows them in its own place.
            let errors = StringOutput()
            _ = report.execute(standardOutput: text, standardError: errors)
            if text.text.isEmpty {
                // No page at all (the transcripts together are past --max-output): say why, there and here.
                standardError.write(errors.text)
                page = Self.failurePage(errors.text)
                for index in lines.indices { lines[index].what += "; no report page (see standard error)" }
            } else {
                page = text.text
                for index in lines.indices { lines[index].what += "; page updated" }
            }
        }
        return Result(statusLines: lines.map { Self.statusLine($0.path, $0.what) }.joined(), page: page)
    }

    /// Runs one file as `run` does; returns its exit code.
    private func run(_ path: String, designs: DesignRegistry, standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var run = RunCommand(
            paths: [path], mediator: mediator.map(MediatorChoice.init(argument:)), designs: designs, outputFolder: outputFolder,
            limits: limits, diagnosticFormat: format)
        run.colors = colors
        // Serving, without files to write: the page shows the transcripts.
        let quiet = reportPaths != nil && outputFolder == nil
        return run.execute(standardOutput: quiet ? DiscardingOutput() : standardOutput, standardError: standardError)
    }

    /// What a run's exit code means, in a few words.
    static func outcome(_ code: Int32) -> String {
        switch code {
        case 0: return "ok"
        case 1: return "an expectation failed"
        case 2: return "has errors (on standard error); watching for a fix"
        default: return "stopped (see standard error): a limit, Graphviz or a write failed"
        }
    }

    /// The page served when `report` wrote none: its errors.
    static func failurePage(_ errors: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mediate watch</title></head>\n"
            + "<body><h1>No report page</h1>\n<pre>\(XML.escaped(errors))</pre>\n</body></html>\n"
    }

    /// `[HH:MM:SS] PATH: WHAT` and a newline.
    static func statusLine(_ path: String, _ what: String) -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let clock = String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
        return "[\(clock)] \(path.visible()): \(what)\n"
    }
}

extension WatchCommand {
    /// The child's side of ``changeExecutable``: reads a change as JSON from standard input,
    /// performs it with `designs` (the child is the same executable, so they are the watch's), and
    /// writes its ``WatchChange/Result/answer`` to file descriptor 3. Returns 0, or 70 when standard input holds no change (the command
    /// was not started by a watch).
    package static func performChangeFromStandardInput(designs: DesignRegistry) -> Int32 {
        let standardOutput = FileDescriptorOutput(descriptor: 1)
        let standardError = FileDescriptorOutput(descriptor: 2)
        let input = FileHandle.standardInput.readDataToEndOfFile()
        guard let change = try? JSONDecoder().decode(WatchChange.self, from: input) else {
            standardError.write("error: no change to run on standard input: this command is run by 'mediate watch'\n")
            try? standardError.flush()
            return 70
        }
        let result = change.perform(designs: designs, standardOutput: standardOutput, standardError: standardError)
        try? standardOutput.flush()
        try? standardError.flush()
        // Written in parts, as ``WatchChange/Result/answer`` joins them: the page is not copied.
        let answer = FileDescriptorOutput(descriptor: 3)
        answer.write(result.statusLines + "\0")
        answer.write(result.page ?? "")
        try? answer.flush()
        return 0
    }
}
