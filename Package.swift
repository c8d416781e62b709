// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mediate",
    products: [
        .executable(name: "mediate", targets: ["mediate"]),
        .library(name: "MediateKit", targets: ["MediateKit"]),
        .plugin(name: "MediatePlugin", targets: ["MediatePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property-based tests only; the library and the tool do not depend on it.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // The work: source → syntax → checking → runtime → emitters → commands.
        .target(name: "MediateKit", dependencies: ["GraphvizRendering"]),
        // Rendering DOT to SVG, PNG or PDF in process; the only target that imports the C module.
        .target(name: "GraphvizRendering", dependencies: ["CGraphviz"]),
        // libgraphviz's C API (gvc and cgraph), found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            path: "Sources/CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        // The thin command line: flags in, exit codes out.
        .executableTarget(
            name: "mediate",
            dependencies: [
                "MediateKit",
                "GraphvizRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package mediate check|render|…` in any package that depends on this one.
        .plugin(
            name: "MediatePlugin",
            capability: .command(
                intent: .custom(verb: "mediate", description: "Run mediate (check, render, run …) on this package's scenarios")
            ),
            dependencies: ["mediate"]
        ),
        .testTarget(
            name: "MediateKitTests",
            dependencies: [
                "MediateKit",
                "GraphvizRendering",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
