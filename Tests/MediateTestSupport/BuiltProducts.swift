package import Foundation

/// The executables SwiftPM builds beside the test bundle: `mediate`, and the designs tools under
/// `Tests/` (`mediate-test-designs`, `mediate-seeded-bugs`).
package enum BuiltProducts {
    /// The build folder that holds the test bundle and the executables.
    package static let folder: URL = {
        #if os(Linux)
            // The test runner is the bundle itself.
            let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            // A loaded `.xctest` bundle: the runner is xctest or swiftpm-testing-helper.
            let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL
        #endif
        return bundle.deletingLastPathComponent()
    }()

    /// The `mediate` executable.
    package static var mediate: URL { folder.appendingPathComponent("mediate") }

    /// The executable named `name` in the build folder.
    package static func executable(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
