import Foundation
import MediateKit
import MediateTestSupport
import Testing

/// Every file in `Tests/Malformed/` takes one error path of the lexer, parser or checker; its
/// `.expected` sidecar holds the exact diagnostics `mediate validate` prints for it (position,
/// message, source line, caret, notes), compared byte for byte.
///
/// To write the sidecars of new files, run the suite with `MEDIATE_RECORD=missing`; with
/// `MEDIATE_RECORD=all` every sidecar is rewritten (then review the diff). Never set on CI.
@Suite("Malformed corpus")
struct MalformedCorpusTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Malformed")

    /// The corpus files' names, sorted.
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".scenario") }
        .sorted()

    @Test func theCorpusHasAtLeastFortyFiles() {
        #expect(Self.names.count >= 40)
    }

    @Test(arguments: names)
    func diagnosticsAreExactlyTheExpectedOnes(name: String) throws {
        let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let result = ScenarioLoader.load(SourceFile(path: name, bytes: bytes))
        guard case .failure(let failure) = result else {
            Issue.record("\(name) checks without an error")
            return
        }
        #expect(failure.exitCode == 2)
        let sidecar = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".scenario", with: ".expected"))
        let mode = ProcessInfo.processInfo.environment["MEDIATE_RECORD"]
        let exists = FileManager.default.fileExists(atPath: sidecar.path)
        if mode == "all" || (mode == "missing" && !exists) {
            try failure.rendered().write(to: sidecar, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: sidecar, encoding: .utf8)
        #expect(failure.rendered() == expected, "\(name): the diagnostics differ from \(sidecar.lastPathComponent)")
    }
}
