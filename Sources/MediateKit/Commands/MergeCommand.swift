import Foundation

/// `mediate merge`: the results of N jobs, one a shard, joined into the result one unsharded run
/// writes, and its verdict: the JUnit reports of `check --shard K/N`, or the JSON results of
/// `explore --shard K/N --format json`.
package struct MergeCommand: Sendable {
    /// The shards' reports or results, or folders whose `.xml` and `.json` files are.
    package var paths: [String]
    /// Where the merged report goes; `-` is standard output.
    package var outputPath: String

    /// A merge of the reports at `paths` into `outputPath`.
    package init(paths: [String], outputPath: String = "-") {
        self.paths = paths
        self.outputPath = outputPath
    }

    /// 0 when every case passed, or every expectation held under every schedule; 1 when one did
    /// not (a case failed, or an expectation failed or a limit stopped a run under some schedule);
    /// 2 when an input cannot be read, is not mediate's, mixes JUnit reports and explore results,
    /// or the inputs are not every shard of one run once; 3 when the merged result cannot be
    /// written. The verdict goes to standard output, or to standard error when the result does.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = merge(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func merge(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var inputs: [(path: String, text: String)] = []
        let files = paths.flatMap(Self.reports(at:))
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                standardError.write("error: cannot read the report '\(path.visible())'\n")
                return 2
            }
            inputs.append((path.visible(), String(decoding: data, as: UTF8.self)))
        }
        let explorations = inputs.filter { Self.isJSON($0.text) }
        if let json = explorations.first, let report = inputs.first(where: { !Self.isJSON($0.text) }) {
            standardError.write(
                "error: \(json.path) is a JSON result of explore, and \(report.path) is not: merge the JSON of "
                    + "`explore --shard K/N` and the JUnit reports of `check --shard K/N` apart\n")
            return 2
        }
        let merged: (text: String, verdict: String, passed: Bool)
        do {
            merged = try explorations.isEmpty ? Self.junit(inputs) : Self.exploration(inputs)
        } catch {
            standardError.write("error: \(error)\n")
            return 2
        }
        do {
            try OutputPath(path: outputPath).write(merged.text.utf8, inputs: files, standardOutput: standardOutput)
        } catch {
            standardError.write(
                "error: cannot write the merged report '\(outputPath.visible())': \(RunCommand.reason(error))\n"
                    + OutputRefusal.helpLine(for: error))
            return 3
        }
        let toStandardOutput = outputPath == "-" || OutputPath.isStandardOutput(outputPath)
        let shards = ExplorationFormatter.plural(files.count, "shard")
        (toStandardOutput ? standardError : standardOutput).write("\(merged.verdict) (\(shards) merged)\n")
        return merged.passed ? 0 : 1
    }

    /// The JUnit reports of check's shards, merged.
    private static func junit(_ reports: [(path: String, text: String)]) throws -> (text: String, verdict: String, passed: Bool) {
        let merged = try JUnitFormatter.merge(reports)
        return (merged.xml, "\(merged.tests - merged.failures) passed, \(merged.failures) failed", merged.failures == 0)
    }

    /// The JSON results of explore's shards, merged.
    private static func exploration(_ results: [(path: String, text: String)]) throws -> (
        text: String, verdict: String, passed: Bool
    ) {
        let merged = try ExplorationDocument.merge(results)
        let plural = ExplorationFormatter.plural
        var verdict: [String] = []
        if !merged.failures.isEmpty { verdict.append("\(plural(merged.failures.count, "expectation")) failed under some schedule") }
        let stopped = merged.transcripts.filter { $0.stoppedBy != nil }.map(\.schedules).reduce(0, +)
        if stopped > 0 { verdict.append("\(plural(stopped, "schedule")) stopped at a limit") }
        if verdict.isEmpty { verdict.append("every expectation holds under every schedule tried") }
        return (merged.json, "\(plural(merged.schedules, "schedule")): " + verdict.joined(separator: ", "), merged.passed)
    }

    /// Whether `text` is JSON (an explore result) rather than XML: its first non-blank character is `{`.
    static func isJSON(_ text: String) -> Bool {
        text.first { !$0.isWhitespace } == "{"
    }
}

extension MergeCommand {
    /// The report at `path`, or every `.xml` and `.json` file in it, sorted, when it is a folder.
    static func reports(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}

extension MergeCommand: TerminalCommand {
    /// Unused: merge writes no colour.
    package var colors: ColorPolicy {
        get { .none }
        set {}
    }
}
