import Foundation

extension CheckCommand.CaseResult {
    /// The case as the JUnit report writes it.
    var testCase: JUnitFormatter.TestCase {
        JUnitFormatter.TestCase(
            scenario: scenario, kind: kind.rawValue, failures: failures, errors: errors,
            failedExpectations: expectationMessages)
    }
}

extension CheckCommand {
    /// Why the JUnit report cannot go to ``junitPath``, ready for standard error, or nil: it is
    /// one of the scenarios `files`, or one of the goldens this check reads or records (the same
    /// file however it is spelt, or the same path when the golden is still to be recorded).
    func junitRefusal(files: [String]) -> String? {
        guard let junitPath, junitPath != "-" else { return nil }
        let goldens = Set(files.map(LoadedScenario.stem(of:))).sorted().flatMap { stem in
            designs.kinds.flatMap(Self.goldenNames(of:)).map {
                ((outputFolder as NSString).appendingPathComponent(stem) as NSString).appendingPathComponent($0)
            }
        }
        func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        let what: String
        if let input = OutputPath.input(at: junitPath, among: files) {
            what = "the scenario \(input.visible())"
        } else if let golden = OutputPath.input(at: junitPath, among: goldens)
            ?? goldens.first(where: { standardized($0) == standardized(junitPath) })
        {
            what = "the golden \(golden.visible())"
        } else {
            return nil
        }
        return "error: cannot write the JUnit report '\(junitPath.visible())': it is \(what)\n"
            + "help: give another output path; mediate does not write over what it reads\n"
    }
}
