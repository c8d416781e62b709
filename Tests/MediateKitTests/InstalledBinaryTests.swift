import Foundation
import GraphvizRendering
import Testing

@testable import MediateKit

/// Issue 25, item 1: what an installed `mediate` needs at run time, and what it says when part of
/// it is missing.
extension EndToEndTests {
    /// `mediate version` says how the binary was linked and names the libraries it needs, as
    /// `readelf -d` lists them; this debug build needs the Swift runtime (make install's does not:
    /// Scripts/install-test checks that one).
    @Test(.linuxOnly("reads the ELF dynamic section and runs readelf"))
    func versionNamesWhatTheBinaryNeeds() throws {
        let result = try mediate("version")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "mediate \(mediateVersion)")
        #expect(lines.contains("Swift runtime: shared libraries (a debug build; make install links it statically)"))
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        readelf.arguments = ["readelf", "-d", Self.binary.path]
        let pipe = Pipe()
        readelf.standardOutput = pipe
        try readelf.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
        #expect(needed.contains("libgvc.so.6") || needed.contains { $0.hasPrefix("libgvc") })
        #expect(lines.contains("Needs at run time: " + needed.joined(separator: ", ")))
        #expect(lines.last?.hasPrefix("Graphviz: ") == true)
        #expect(lines.last?.hasSuffix(", plugins in \(try Graphviz.pluginFolder())") == true)
    }

    @Test func linkedLibrariesTellTheSwiftRuntimeApart() {
        #expect(LinkedLibraries(names: ["libgvc.so.6", "libswiftCore.so", "libc.so.6"]).needSwiftRuntime)
        #expect(LinkedLibraries(names: ["libFoundationEssentials.so"]).needSwiftRuntime)
        #expect(!LinkedLibraries(names: ["libgvc.so.6", "libcgraph.so.6", "libstdc++.so.6", "libc.so.6"]).needSwiftRuntime)
        #expect(LinkedLibraries.neededByELF(at: packageRoot.appendingPathComponent("README.md").path) == nil)
    }
}
