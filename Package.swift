// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mediate",
    products: [
        .executable(name: "mediate", targets: ["mediate"]),
        .library(name: "MediateKit", targets: ["MediateKit"]),
        .library(name: "MediateDesigns", targets: ["MediateDesigns"]),
        .library(name: "MediateCommandLine", targets: ["MediateCommandLine"]),
        .library(name: "MediateTesting", targets: ["MediateTesting"]),
        .plugin(name: "MediatePlugin", targets: ["MediatePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // MediateTesting only: test issues reported to Swift Testing or XCTest, whichever runs.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // Property-based tests only; the library and the tool do not depend on it.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // The work: source → syntax → checking → runtime → emitters → commands, and the public
        // design API. It knows no design by name.
        .target(name: "MediateKit", dependencies: ["GraphvizRendering"]),
        // The four reference designs, written against MediateKit's public design API only.
        .target(name: "MediateDesigns", dependencies: ["MediateKit"]),
        // Rendering DOT to SVG, PNG or PDF in process; the only target that imports the C module.
        .target(name: "GraphvizRendering", dependencies: ["CGraphviz"]),
        // libgraphviz's C API (gvc and cgraph), found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            path: "Sources/CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        // The command line: flags in, exit codes out, for the reference designs and a package's own.
        .target(
            name: "MediateCommandLine",
            dependencies: [
                "MediateKit",
                "MediateDesigns",
                "GraphvizRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `assertScenario` for a package's own test suite: a scenario under a design against the
        // goldens `mediate check` keeps, each mismatch a test issue at the caller's line. Linked
        // into test targets only: IssueReportingTestSupport brings in XCTest and Swift Testing,
        // without which IssueReporting only prints a warning instead of failing the test.
        .target(
            name: "MediateTesting",
            dependencies: [
                "MediateKit",
                "MediateDesigns",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        // The `mediate` tool: the command line with the reference designs.
        .executableTarget(name: "mediate", dependencies: ["MediateCommandLine"]),
        // `swift package mediate check|render|…` in any package that depends on this one. It
        // builds the package's designs tool (an executable target inside Designs/) or `mediate`
        // itself when it runs, in the package's own build folder, so it declares no tool.
        .plugin(
            name: "MediatePlugin",
            capability: .command(
                intent: .custom(verb: "mediate", description: "Run mediate (check, render, run …) on this package's scenarios and designs")
            )
        ),
        .testTarget(
            name: "MediateKitTests",
            dependencies: [
                "MediateKit",
                "MediateDesigns",
                "GraphvizRendering",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "MediateTestingTests",
            dependencies: ["MediateTesting", "MediateKit", "MediateDesigns"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
