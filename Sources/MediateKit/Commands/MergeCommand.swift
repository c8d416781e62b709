import Foundation

/// `mediate merge`: the JUnit reports of `check --shard K/N`, one from each of N jobs, joined into
/// the report one unsharded check writes, and its verdict.
public struct MergeCommand: Sendable {
    /// The shards' reports, or folders whose `.xml` files are.
    public var paths: [String]
    /// Where the merged report goes; `-` is standard output.
    public var outputPath: String

    /// A merge of the reports at `paths` into `outputPath`.
    public init(paths: [String], outputPath: String = "-") {
        self.paths = paths
        self.outputPath = outputPath
    }

    /// 0 when every case passed; 1 when one failed; 2 when a report cannot be read, is not one of
    /// mediate's, or the reports are not every shard of one check once; 3 when the merged report
    /// cannot be written. The verdict (`N passed, N failed`) goes to standard output, or to
    /// standard error when the report does.
    public func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        let code = merge(standardOutput: standardOutput, standardError: standardError)
        return max(code, flushOutputs(standardOutput: standardOutput, standardError: standardError))
    }

    private func merge(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        var reports: [(path: String, text: String)] = []
        let files = paths.flatMap(Self.reports(at:))
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                standardError.write("error: cannot read the report '\(path.visible())'\n")
                return 2
            }
            reports.append((path.visible(), String(decoding: data, as: UTF8.self)))
        }
        let merged: (xml: String, tests: Int, failures: Int)
        do {
            merged = try JUnitFormatter.merge(reports)
        } catch {
            standardError.write("error: \(error.description)\n")
            return 2
        }
        do {
            try OutputPath(path: outputPath).write(merged.xml.utf8, inputs: files, standardOutput: standardOutput)
        } catch {
            standardError.write(
                "error: cannot write the merged report '\(outputPath.visible())': \(RunCommand.reason(error))\n"
                    + OutputRefusal.helpLine(for: error))
            return 3
        }
        let toStandardOutput = outputPath == "-" || OutputPath.isStandardOutput(outputPath)
        (toStandardOutput ? standardError : standardOutput).write(
            "\(merged.tests - merged.failures) passed, \(merged.failures) failed (\(files.count) shards merged)\n")
        return merged.failures > 0 ? 1 : 0
    }
}

extension MergeCommand {
    /// The report at `path`, or every `.xml` file in it, sorted, when it is a folder.
    static func reports(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}

extension MergeCommand: TerminalCommand {
    /// Unused: merge writes no colour.
    public var colors: ColorPolicy {
        get { .none }
        set {}
    }
}
