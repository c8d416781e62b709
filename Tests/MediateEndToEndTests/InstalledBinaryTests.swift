import Foundation
import GraphvizRendering
import MediateTestSupport
import Testing

@testable import MediateKit

/// What an installed `mediate` needs at run time, and what it says when part of
/// it is missing.
extension EndToEndTests {
    /// Graphviz's plugins, missing (GVBINDIR names an empty folder, as libgvc reads it): every
    /// format fails with exit 3, names the packages that hold them, and writes nothing.
    @Test(arguments: ["svg", "png", "pdf"])
    func aMissingGraphvizPluginNamesThePackageAndWritesNothing(format: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("no-plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("m.\(format)")
        let result = try mediate(
            ["render", "Scenarios/musketeers.scenario", "-o", output.path], environment: ["GVBINDIR": plugins.path])
        #expect(result.status == 3, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(result.standardError)")
        #expect(
            lines.first?.hasPrefix(
                "error: cannot draw the messages diagram of Scenarios/musketeers.scenario to '\(output.path)': "
                    + "Graphviz: plugins missing: no ") == true)
        #expect(lines.first?.contains(" in \(plugins.path) (they come with Debian's and Ubuntu's libgvc6, Homebrew's graphviz)") == true)
        #expect(lines.last?.hasPrefix("help: install Graphviz's plugins: on Debian or Ubuntu, 'sudo apt-get install libgvc6'") == true)
        #expect(lines.last?.contains("'brew install graphviz'; GVBINDIR is set to '\(plugins.path)'") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// `run --output` draws SVGs too: without the plugins it stops before writing any file.
    @Test func runWithoutGraphvizPluginsWritesNoFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try mediate(
            ["run", "Scenarios/chat.scenario", "--output", folder.path], environment: ["GVBINDIR": folder.path])
        #expect(result.status == 3)
        #expect(
            result.standardError.contains(
                "Graphviz could not draw a diagram of Scenarios/chat.scenario: plugins missing: no core plugin in \(folder.path) ("))
        #expect(result.standardError.contains("help: install Graphviz's plugins: on Debian or Ubuntu, 'sudo apt-get install libgvc6'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// GVBINDIR naming the folder that does hold the plugins draws as without it.
    @Test func gvbindirNamingThePluginFolderDraws() throws {
        let plain = try mediate("render", "Scenarios/musketeers.scenario")
        let folder = try Graphviz.pluginFolder()
        let named = try mediate(["render", "Scenarios/musketeers.scenario"], environment: ["GVBINDIR": folder])
        #expect(named.status == 0, "\(named.standardError)")
        #expect(named.standardOutput == plain.standardOutput)
    }

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
