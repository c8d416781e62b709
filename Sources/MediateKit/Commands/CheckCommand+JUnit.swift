extension CheckCommand.CaseResult {
    /// The case as the JUnit report writes it.
    var testCase: JUnitFormatter.TestCase {
        JUnitFormatter.TestCase(
            scenario: scenario, kind: kind.rawValue, failures: failures, errors: errors,
            failedExpectations: expectationMessages)
    }
}
