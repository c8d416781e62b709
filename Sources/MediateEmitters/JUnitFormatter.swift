import Foundation

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

    /// The XML report of `results`, with a failed case for each orphaned golden in `orphans`;
    /// `shard` (`K/N`), when given, is the suite's `mediate.shard` property, which `merge` reads.
    ///
    /// - Parameters:
    ///   - results: One case per scenario and design, in order.
    ///   - orphans: Goldens that no scenario wrote.
    ///   - shard: `K/N` for `check --shard K/N`.
    /// - Returns: The JUnit XML document.
    public static func report(_ results: [TestCase], orphans: [String], shard: String? = nil) -> String {
        let failures = results.filter { !$0.passed }.count + orphans.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"mediate check\" tests=\"\(results.count + orphans.count)\" failures=\"\(failures)\">\n"
        xml +=
            "  <testsuite name=\"mediate check\" tests=\"\(results.count + orphans.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        xml += properties(version: mediateVersion, shard: shard)
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
            xml += "    <testcase classname=\"\(orphanClass)\" name=\"\(XML.escaped(orphan))\">\n"
            xml += "      <failure message=\"\(XML.escaped("orphaned golden: no scenario writes \(orphan)"))\"/>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }
}

extension JUnitFormatter {
    /// The suite's properties line: mediate's version, and the shard when there is one.
    static func properties(version: String, shard: String?) -> String {
        let shardProperty = shard.map { "<property name=\"mediate.shard\" value=\"\(XML.escaped($0))\"/>" } ?? ""
        return "    <properties><property name=\"mediate.version\" value=\"\(XML.escaped(version))\"/>\(shardProperty)</properties>\n"
    }

    /// Why reports cannot be merged, ready to print.
    public struct MergeError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The report of one unsharded check made of the reports of its shards, each `(path, text)`
    /// as `report` wrote it for `--shard K/N`, every K of one N once: the cases of every scenario,
    /// by path as `check` sorts them, each scenario's as its shard wrote them, then the orphaned
    /// goldens; `tests` and `failures` count its cases.
    ///
    /// - Parameter reports: Each shard's report, with the path it was read from.
    /// - Returns: The merged XML document and its counts.
    /// - Throws: ``MergeError`` when there is no report, one is not a shard's, or the shards are
    ///   not each K of one N once.
    public static func merge(_ reports: [(path: String, text: String)]) throws(MergeError) -> (
        xml: String, tests: Int, failures: Int
    ) {
        var parsed: [Parsed] = []
        for report in reports { parsed.append(try Parsed(report.text, path: report.path)) }
        guard let first = parsed.first else { throw MergeError(description: "no report to merge") }
        guard let count = first.shard?.count else {
            throw MergeError(description: "\(first.path) is not a shard's report: merge the reports of `check --shard K/N`")
        }
        var byIndex: [Int: Parsed] = [:]
        for report in parsed {
            guard let shard = report.shard else {
                throw MergeError(description: "\(report.path) is not a shard's report: merge the reports of `check --shard K/N`")
            }
            guard shard.count == count else {
                throw MergeError(
                    description: "\(report.path) is shard \(shard.index)/\(shard.count), and \(first.path) is of \(count) shards")
            }
            guard report.version == first.version else {
                throw MergeError(
                    description: "\(report.path) was written by mediate \(report.version), and \(first.path) by \(first.version)")
            }
            if let earlier = byIndex[shard.index] {
                throw MergeError(description: Shard.doubledMessage(report.path, earlier.path, index: shard.index, count: count))
            }
            byIndex[shard.index] = report
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else { throw MergeError(description: Shard.missingMessage(missing, of: count)) }
        // A scenario's cases are consecutive in its shard's report, and in no other shard's.
        var scenarios: [(name: String, cases: [Parsed.Case])] = []
        var orphans: [Parsed.Case] = []
        for report in parsed {
            var previous: String?
            for testCase in report.cases {
                if testCase.classname == orphanClass {
                    orphans.append(testCase)
                } else if previous == testCase.classname {
                    scenarios[scenarios.count - 1].cases.append(testCase)
                } else {
                    scenarios.append((testCase.classname, [testCase]))
                }
                previous = testCase.classname
            }
        }
        let cases = scenarios.sorted { $0.name < $1.name }.flatMap(\.cases) + orphans
        let failures = cases.filter(\.failed).count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"mediate check\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"mediate check\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        xml += properties(version: first.version, shard: nil)
        xml += cases.map(\.text).joined()
        return (xml + "  </testsuite>\n</testsuites>\n", cases.count, failures)
    }

    /// The class name of an orphaned golden's case.
    static let orphanClass = "orphaned goldens"
}

/// A report `JUnitFormatter.report` wrote, read back for `merge`: line by line, as it writes
/// them (its text escapes every `<`, so a line that starts a case is one).
struct Parsed {
    /// One test case, as written.
    struct Case {
        /// Its class name, unescaped: the scenario's path.
        var classname: String
        /// Its lines.
        var text: String
        /// Whether it holds a failure.
        var failed: Bool
    }

    var path: String
    var version: String
    var shard: Shard?
    var cases: [Case] = []

    init(_ text: String, path: String) throws(JUnitFormatter.MergeError) {
        self.path = path
        func refuse(_ why: String) -> JUnitFormatter.MergeError {
            JUnitFormatter.MergeError(description: "\(path) is not a JUnit report of mediate check: \(why)")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            lines.popFirst()?.hasPrefix("<testsuites name=\"mediate check\" ") == true,
            lines.popFirst()?.hasPrefix("  <testsuite name=\"mediate check\" ") == true,
            let properties = lines.popFirst(), properties.hasPrefix("    <properties>")
        else { throw refuse("its first lines are not the ones mediate writes") }
        guard let version = Self.attribute("value", in: properties) else { throw refuse("it names no version") }
        self.version = version
        if let range = properties.range(of: "name=\"mediate.shard\"") {
            guard let value = Self.attribute("value", in: properties[range.upperBound...]), let shard = Shard(value) else {
                throw refuse("its shard is not K/N")
            }
            self.shard = shard
        }
        while let line = lines.popFirst(), line != "  </testsuite>" {
            guard line.hasPrefix("    <testcase "), let name = Self.attribute("classname", in: line) else {
                throw refuse("a line where a test case should start: \(line.prefix(80))")
            }
            var text = String(line) + "\n"
            var failed = false
            if !line.hasSuffix("/>") {
                while let inner = lines.popFirst() {
                    text += inner + "\n"
                    failed = failed || inner.hasPrefix("      <failure ")
                    if inner == "    </testcase>" { break }
                }
                guard text.hasSuffix("    </testcase>\n") else { throw refuse("a test case does not end") }
            }
            cases.append(Case(classname: Self.unescaped(name), text: text, failed: failed))
        }
    }

    /// The value of the first attribute `name` in `line`, as written.
    static func attribute(_ name: String, in line: Substring) -> String? {
        guard let start = line.range(of: " \(name)=\"")?.upperBound, let end = line[start...].firstIndex(of: "\"") else {
            return nil
        }
        return String(line[start..<end])
    }

    /// `text` with the five entities `XML.escaped` writes turned back into their characters.
    static func unescaped(_ text: String) -> String {
        let entities: [(String, String)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
        var out = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            rest = rest[ampersand...]
            let entity = entities.first { rest.hasPrefix($0.0) } ?? ("&", "&")
            out += entity.1
            rest = rest.dropFirst(entity.0.count)
        }
        return out + rest
    }
}
