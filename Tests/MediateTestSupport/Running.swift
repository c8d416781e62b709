package import Foundation
package import MediateKit

/// Parses, checks and runs `source` under `kind` (default: the scenario's own), returning the
/// output in `format` and the run's summary. Fails the calling test on a static error.
package func runScenario(
    _ source: String, kind: MediatorKind? = nil, format: OutputFormat = .transcript,
    limits: RunLimits = RunLimits(), path: String = "test.scenario"
) throws -> (text: String, summary: RunSummary) {
    let scenario = try ScenarioLoader.load(SourceFile(path: path, text: source)).get()
    let output = StringOutput()
    let interpreter = Interpreter(
        script: scenario.script, title: scenario.title, kind: kind ?? scenario.declaredKind,
        limits: limits, sink: FormattedSink(format: format, output: output))
    let summary = interpreter.run()
    return (output.text, summary)
}

/// Runs a command in process (its `execute(standardOutput:standardError:)`): its exit code and
/// both outputs as text.
package func outputs(_ execute: (StringOutput, StringOutput) -> Int32) -> (code: Int32, out: String, err: String) {
    let out = StringOutput()
    let err = StringOutput()
    let code = execute(out, err)
    return (code, out.text, err.text)
}

/// The transcript of `source` under `kind`.
package func transcript(_ source: String, kind: MediatorKind? = nil) throws -> String {
    try runScenario(source, kind: kind).text
}

/// The package's root folder, found from this file's path (`Tests/MediateTestSupport/`).
package let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
