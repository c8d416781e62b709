import Foundation
import IssueReporting
import MediateDesigns
import MediateKit

/// Runs the scenario at `path` under `design` and compares what it writes with the goldens that
/// `mediate check` keeps: `<goldens>/<stem>/<kind>.transcript`, `.messages.dot`, `.coupling.dot`.
///
/// ```swift
/// import MediateTesting
/// @Test func lobby() {
///     assertScenario("Scenarios/lobby.scenario", under: ChatRoomDesign.self)
/// }
/// ```
///
/// Each golden that differs is one test issue at the caller's line, naming the golden and
/// holding the unified diff that `mediate check` prints. So is each `expect` line that says
/// `FAILED`, even when every golden matches: an intended failure is written `expect … fails`
/// (or `fails under KIND, …`), and says `ok`. A scenario that cannot be read or does
/// not check, or designs that cannot be registered together, is one issue with the diagnostics.
/// A run stopped by a limit is still compared (its transcript says so), and every
/// issue of that run says it stopped. Issues go to Swift Testing or XCTest, whichever runs the
/// test.
///
/// Goldens are written as `mediate check --record` writes them, with swift-snapshot-testing's
/// record modes: `never` writes nothing; `missing` writes goldens that do not exist; `failed`
/// those missing or different; `all` every one. Each golden written is an issue too ("recorded
/// …; run again to compare"), so a recording run never passes. When the environment variable
/// `CI` is set (to anything but empty, `0` or `false`), nothing is written: a golden that would have been is an issue saying recording
/// is refused, so a retried job cannot pass by writing its own goldens.
///
/// - Parameters:
///   - path: The `.scenario` file; a relative path is taken from the package root, the nearest
///     folder above `filePath` that holds `Package.swift` (else the current folder).
///   - design: The design to run it under, whatever design the scenario names.
///   - designs: Further designs the scenario may name (run-time replacements). The reference
///     designs are always registered.
///   - goldens: The folder of goldens, relative to the package root like `path`.
///   - record: When goldens are written; nil takes the environment variable `MEDIATE_RECORD`
///     (`never`, `missing`, `failed` or `all`), else `.missing`.
///   - limits: The limits the run stops at, as `mediate check --max-depth N --max-deliveries N
///     --max-reactions N --max-output SIZE` takes them; the command's defaults unless given.
///   - fileID: The caller's `#fileID`, where issues are reported.
///   - filePath: The caller's `#filePath`, where issues are reported and the package root is
///     looked for.
///   - line: The caller's `#line`, where issues are reported.
///   - column: The caller's `#column`, where issues are reported.
public func assertScenario(
    _ path: String,
    under design: any Design.Type,
    registering designs: [any Design.Type] = [],
    goldens: String = "Output",
    record: CheckCommand.RecordMode? = nil,
    limits: RunLimits = RunLimits(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    assertScenario(
        path, under: design, registering: designs, goldens: goldens, record: record, limits: limits,
        environment: ProcessInfo.processInfo.environment,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// ``assertScenario(_:under:registering:goldens:record:limits:fileID:filePath:line:column:)`` reading
/// `MEDIATE_RECORD` and `CI` from `environment` rather than the process's.
func assertScenario(
    _ path: String,
    under design: any Design.Type,
    registering designs: [any Design.Type] = [],
    goldens: String = "Output",
    record: CheckCommand.RecordMode? = nil,
    limits: RunLimits = RunLimits(),
    environment: [String: String],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let root = packageRoot(above: "\(filePath)")
    let issues = scenarioIssues(
        path, under: design, registering: designs, goldens: goldens, record: record, limits: limits,
        environment: environment, root: root)
    for issue in issues {
        reportIssue(issue, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// The messages of the issues a scenario check comes to, one per issue; none when it passed.
func scenarioIssues(
    _ path: String, under design: any Design.Type, registering designs: [any Design.Type], goldens: String,
    record: CheckCommand.RecordMode?, limits: RunLimits = RunLimits(), environment: [String: String], root: String
) -> [String] {
    let mode: CheckCommand.RecordMode
    if let record {
        mode = record
    } else if let value = environment["MEDIATE_RECORD"], !value.isEmpty {
        guard let named = CheckCommand.RecordMode(rawValue: value) else {
            return ["MEDIATE_RECORD=\(value) is not a record mode; use never, missing, failed or all"]
        }
        mode = named
    } else {
        mode = .missing
    }
    let ci = CheckCommand.continuousIntegration(in: environment)

    let registry: DesignRegistry
    do {
        registry = try DesignRegistry.reference(adding: [design] + designs)
    } catch {
        return ["cannot register the designs: \(error.message)"]
    }
    let kind = MediatorKind(design.name)
    let scenarioPath = resolve(path, in: root)
    let command = CheckCommand(
        paths: [scenarioPath], outputFolder: resolve(goldens, in: root), designs: registry,
        record: ci == nil ? mode : .never, jobs: 1, limits: limits, environment: environment)
    let result: CheckCommand.CaseResult
    switch command.check(path: scenarioPath, kind: kind) {
    case .failure(let failure):
        return [failure.rendered(as: .text).trimmingSuffix("\n")]
    case .success(let checked):
        result = checked
    }

    func shown(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
    let refusal = ci.map { "recording is refused because CI is set (CI=\($0)); record on your machine, review the goldens and commit them" }
    var issues: [String] = []
    for failure in result.failures {
        let golden = shown(failure.path)
        if !FileManager.default.fileExists(atPath: failure.path) {
            if let refusal, mode != .never {
                issues.append("missing golden \(golden): \(refusal)")
            } else {
                issues.append("missing golden \(golden): run the test with MEDIATE_RECORD=missing (or record: .missing) to write it")
            }
        } else {
            var issue = "\(golden) does not match what \(shown(result.scenario)) wrote under \(kind)"
            if let refusal, mode == .failed || mode == .all { issue += ", and \(refusal)" }
            issues.append(issue + ":\n" + failure.diff.trimmingSuffix("\n"))
        }
    }
    if let refusal, mode == .all {
        // Every golden would be written; the ones that match are refused too.
        let failed = Set(result.failures.map(\.path))
        let folder = (command.outputFolder as NSString).appendingPathComponent(LoadedScenario.stem(of: scenarioPath))
        for name in CheckCommand.goldenNames(of: kind) {
            let golden = (folder as NSString).appendingPathComponent(name)
            if !failed.contains(golden) { issues.append("record mode all would rewrite \(shown(golden)): \(refusal)") }
        }
    }
    for golden in result.recorded {
        issues.append("recorded \(shown(golden)); run again to compare")
    }
    for error in result.errors {
        issues.append("cannot record: \(shown(error))")
    }
    // An unintended failed expectation fails the test, as it fails `mediate check`, even when
    // every golden matches.
    for message in result.expectationMessages {
        issues.append(shown(message).trimmingSuffix("\n"))
    }
    if let stop = result.stoppedBy {
        let note = "\nnote: the run under \(kind) stopped early (! \(stop.written)), as its transcript says"
        issues = issues.map { $0 + note }
    }
    return issues
}

/// The nearest folder above `filePath` holding `Package.swift`, else the current folder.
func packageRoot(above filePath: String) -> String {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while true {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            return folder.path
        }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { return FileManager.default.currentDirectoryPath }
        folder = parent
    }
}

/// `path` as is when absolute, else taken from `root`.
private func resolve(_ path: String, in root: String) -> String {
    path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
