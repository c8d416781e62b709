import Foundation
import GraphvizRendering

/// `mediate version`: the version, then how this binary was built and what it needs at run time.
///
/// `mediate --version` prints the bare version, for scripts; this says, one fact a line:
///
///     mediate 0.1.0
///     Swift runtime: linked statically
///     Needs at run time: libgvc.so.6, libcgraph.so.6, libstdc++.so.6, libm.so.6, libgcc_s.so.1, libc.so.6
///     Graphviz: 2.43.0, plugins in /usr/lib/x86_64-linux-gnu/graphviz
package struct VersionCommand: Sendable, TerminalCommand {
    /// Colour on terminals (see `ColorPolicy`); unused: the output has none.
    package var colors: ColorPolicy = .none

    /// The report of this process's binary.
    package init() {}

    /// 0; 3 when standard output cannot be written.
    package func execute(standardOutput: any TextOutput, standardError: any TextOutput) -> Int32 {
        standardOutput.write(Self.report(libraries: LinkedLibraries.ofThisProcess()))
        return flushOutputs(standardOutput: standardOutput, standardError: standardError)
    }

    /// The report's lines for a binary that needs `libraries` (nil: not known).
    static func report(libraries: LinkedLibraries?) -> String {
        var lines = ["mediate \(mediateVersion)"]
        #if canImport(Darwin)
            lines.append("Swift runtime: the system's (Apple platforms do not link it statically)")
        #else
            if let libraries {
                lines.append(
                    libraries.needSwiftRuntime
                        ? "Swift runtime: shared libraries (a debug build; make install links it statically)"
                        : "Swift runtime: linked statically")
            }
        #endif
        if let libraries {
            lines.append("Needs at run time: " + (libraries.names.isEmpty ? "nothing else" : libraries.names.joined(separator: ", ")))
        }
        let folder = (try? Graphviz.pluginFolder()) ?? "(not found)"
        let version = Graphviz.version
        lines.append(
            version == "unknown"
                ? "Graphviz: its plugins could not be loaded from \(folder)"
                : "Graphviz: \(version), plugins in \(folder)")
        return lines.joined(separator: "\n") + "\n"
    }
}
