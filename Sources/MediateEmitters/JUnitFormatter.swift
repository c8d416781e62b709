/// Writes `mediate check` results as JUnit XML: one test suite, one test case per scenario and
/// kind (class name the scenario's path, name the kind), failures carrying their diffs and the
/// expectations that failed, and one
/// failed case per orphaned golden, with mediate's version as the suite's `mediate.version`
/// property. No times, so the report is the same on every run.
public enum JUnitFormatter {
    /// One test case: what one scenario under one kind came to.
    public struct TestCase: Sendable {
        /// The scenario's path, written as the class name.
        public var scenario: String
        /// The kind, written as the test's name.
        public var kind: String
        /// One entry per golden that did not match or was missing: its path and the diff.
        public var failures: [(path: String, diff: String)]
        /// A write or render that failed.
        public var errors: [String]
        /// One entry per `expect` line that said `FAILED`: the error naming the file, the line
        /// and the design, with its help.
        public var failedExpectations: [String]

        /// A case of `scenario` under `kind`.
        public init(
            scenario: String, kind: String, failures: [(path: String, diff: String)], errors: [String],
            failedExpectations: [String] = []
        ) {
            self.scenario = scenario
            self.kind = kind
            self.failures = failures
            self.errors = errors
            self.failedExpectations = failedExpectations
        }

        /// Whether nothing failed.
        public var passed: Bool { failures.isEmpty && errors.isEmpty && failedExpectations.isEmpty }
    }

    /// The XML report of `results`, with a failed case for each orphaned golden in `orphans`.
    public static func report(_ results: [TestCase], orphans: [String]) -> String {
        let failures = results.filter { !$0.passed }.count + orphans.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"mediate check\" tests=\"\(results.count + orphans.count)\" failures=\"\(failures)\">\n"
        xml +=
            "  <testsuite name=\"mediate check\" tests=\"\(results.count + orphans.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        xml += "    <properties><property name=\"mediate.version\" value=\"\(mediateVersion)\"/></properties>\n"
        for result in results {
            let open = "    <testcase classname=\"\(XML.escaped(result.scenario))\" name=\"\(XML.escaped(result.kind))\""
            if result.passed {
                xml += open + "/>\n"
                continue
            }
            let differences = result.failures.map(\.path) + result.errors
            var messages = differences.isEmpty ? [] : ["differs: " + differences.joined(separator: ", ")]
            if !result.failedExpectations.isEmpty {
                let count = result.failedExpectations.count
                messages.append("\(count) failed expectation\(count == 1 ? "" : "s")")
            }
            let message = messages.joined(separator: "; ")
            let body =
                result.failures.map { "\($0.path)\n\($0.diff)" }.joined() + result.errors.map { "\($0)\n" }.joined()
                + result.failedExpectations.joined()
            xml +=
                open
                + ">\n      <failure message=\"\(XML.escaped(message))\">\(XML.escaped(body))</failure>\n    </testcase>\n"
        }
        for orphan in orphans {
            xml += "    <testcase classname=\"orphaned goldens\" name=\"\(XML.escaped(orphan))\">\n"
            xml += "      <failure message=\"\(XML.escaped("orphaned golden: no scenario writes \(orphan)"))\"/>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }
}
