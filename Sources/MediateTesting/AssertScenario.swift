import Foundation
import IssueReporting
import MediateDesigns
public import MediateKit

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
/// With `schedules`, the run is then explored as `mediate explore` explores it: the scenario runs
/// under that many schedules of the design, `fixed` first, then drawn by `strategy` from `seed`.
///
/// ```swift
/// @Test func postsAtOnce() {
///     assertScenario("Scenarios/at-once.scenario", under: ScreenCoordinatorDesign.self, schedules: 200)
/// }
/// ```
///
/// Each expectation some schedule breaks is one issue at the caller's line: the expectation and
/// its line, how many of the schedules broke it, the smallest schedule found that does as a
/// `mediate run PATH --mediator KIND --schedule replay:…` command (`swift package mediate run`
/// under a design of your own) that replays its transcript byte for byte, and that transcript's
/// first line that differs from a passing one. An expectation the default run already fails is
/// reported once, as above. Schedules stopped by a limit, when the default run was not, are one
/// issue naming the first. A synchronous design has no jobs to order, so every schedule would
/// write the transcript already compared: unless the scenario switches to an asynchronous design
/// (`mediator NAME` after its first step), nothing more runs.
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
///     Every schedule explored stops at them too.
///   - schedules: How many schedules to explore (at least 1), as `mediate explore --schedules N`;
///     nil explores none.
///   - strategy: How the schedules after the first are drawn, as `--strategy random|pct --depth D`.
///   - seed: The seed of the second schedule, as `--seed S`; each next one takes the next number.
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
    record: GoldenRecordMode? = nil,
    limits: RunLimits = RunLimits(),
    schedules: Int? = nil,
    strategy: ExplorationStrategy = .random,
    seed: UInt64 = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    assertScenario(
        path, under: design, registering: designs, goldens: goldens, record: record, limits: limits,
        schedules: schedules, strategy: strategy, seed: seed, environment: ProcessInfo.processInfo.environment,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// ``assertScenario(_:under:registering:goldens:record:limits:schedules:strategy:seed:fileID:filePath:line:column:)``
/// reading `MEDIATE_RECORD` and `CI` from `environment` rather than the process's.
func assertScenario(
    _ path: String,
    under design: any Design.Type,
    registering designs: [any Design.Type] = [],
    goldens: String = "Output",
    record: GoldenRecordMode? = nil,
    limits: RunLimits = RunLimits(),
    schedules: Int? = nil,
    strategy: ExplorationStrategy = .random,
    seed: UInt64 = 0,
    environment: [String: String],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let root = packageRoot(above: "\(filePath)")
    var issues = scenarioIssues(
        path, under: design, registering: designs, goldens: goldens, record: record, limits: limits,
        environment: environment, root: root)
    if let schedules {
        issues += explorationIssues(
            path, under: design, registering: designs, limits: limits, schedules: schedules, strategy: strategy, seed: seed,
            root: root)
    }
    for issue in issues {
        reportIssue(issue, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// The messages of the issues a scenario check comes to, one per issue; none when it passed.
func scenarioIssues(
    _ path: String, under design: any Design.Type, registering designs: [any Design.Type], goldens: String,
    record: GoldenRecordMode?, limits: RunLimits = RunLimits(), environment: [String: String], root: String
) -> [String] {
    let mode: GoldenRecordMode
    if let record {
        mode = record
    } else if let value = environment["MEDIATE_RECORD"], !value.isEmpty {
        guard let named = GoldenRecordMode(rawValue: value) else {
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

/// The messages of the issues an exploration of `schedules` schedules comes to, one per
/// expectation some schedule broke and the default (`fixed`) run did not, and one for the runs a
/// limit stopped when the default run was not; none when every schedule passed, or when no
/// design the scenario runs under is asynchronous. A scenario that cannot be read, or designs
/// that cannot be registered, are left to ``scenarioIssues(_:under:registering:goldens:record:limits:environment:root:)``.
func explorationIssues(
    _ path: String, under design: any Design.Type, registering designs: [any Design.Type], limits: RunLimits = RunLimits(),
    schedules: Int, strategy: ExplorationStrategy, seed: UInt64, root: String
) -> [String] {
    guard schedules >= 1 else { return ["schedules: \(schedules) explores nothing; give at least 1"] }
    if case .pct(let depth) = strategy, !SchedulePolicy.pctDepths.contains(depth) {
        return ["strategy: .pct(depth: \(depth)) has no such depth; give one from 1 to 1000"]
    }
    guard let registry = try? DesignRegistry.reference(adding: [design] + designs),
        case .success(let scenario) = ScenarioLoader.load(path: resolve(path, in: root), designs: registry)
    else { return [] }
    let asynchronous = ([MediatorKind(design.name)] + scenario.replacementKinds).contains {
        registry.design($0)?.isAsynchronous == true
    }
    guard asynchronous else { return [] }

    let kind = MediatorKind(design.name)
    let exploration = ScheduleExploration(
        scenario, design: design, limits: limits, strategy: strategy, schedules: schedules, seed: seed)
    // A design of the package's own runs in its designs tool, through the plugin.
    let own = ([design] + designs).contains { DesignRegistry.reference.design(MediatorKind($0.name)) == nil }
    let file = scenario.file.path
    let shownPath = file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    let setup = ExplorationFormatter.Setup(
        scenario: scenario, kind: kind, strategy: strategy, seed: seed, command: own ? "swift package mediate" : "mediate",
        path: shownPath)
    func shown(_ text: String) -> String {
        (text.hasPrefix(file) ? shownPath + text.dropFirst(file.count) : text).trimmingSuffix("\n")
    }

    let fixed = exploration.groups[0]
    var issues = exploration.failures.filter { failure in !fixed.failed.contains { $0.range == failure.expectation.range } }
        .map { shown(ExplorationFormatter.failure($0, of: exploration, setup: setup)) }
    let stopped = exploration.groups.filter { $0.stoppedBy != nil }
    if fixed.stoppedBy == nil, let first = stopped.first, let stop = first.stoppedBy, let range = first.stoppedAt {
        let count = stopped.reduce(0) { $0 + $1.schedules }
        issues.append(
            shown(RunCommand.limitMessage(stop, range: range, kind: kind, in: scenario.file, as: .text))
                + "\nnote: \(count) of \(ExplorationFormatter.plural(schedules, "schedule")) stopped at a limit; the first, "
                + "\(first.firstSchedule) (schedule \(first.first)), stopped here (! \(stop.written))"
                + "\nhelp: replay it: \(setup.replay(first.firstSchedule))")
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
