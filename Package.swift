// swift-tools-version:6.2
import PackageDescription

// Every Swift target's settings, the test targets' too: `any` before each existential type, an
// import in each file for the module of every member it uses, and imports internal unless
// written `public import` or `package import`, so that neither a leaked import nor a module used
// through another's re-export compiles.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "mediate",
    // Mutex and Atomic (Synchronization) need macOS 15. Linux has no minimum here.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mediate", targets: ["mediate"]),
        .library(name: "MediateKit", targets: ["MediateKit"]),
        .library(name: "MediateDesigns", targets: ["MediateDesigns"]),
        .library(name: "MediateCommandLine", targets: ["MediateCommandLine"]),
        .library(name: "MediateTesting", targets: ["MediateTesting"]),
        .plugin(name: "MediatePlugin", targets: ["MediatePlugin"]),
    ],
    // `Serve`, on by default: the report server of `mediate watch --serve` (MediateServe), the only
    // user of hummingbird and swift-log. A dependent that writes `traits: []` on its dependency
    // (tools-version 6.1 or later) resolves neither, nor what they bring, and its `mediate` tool
    // has no `watch --serve` (README, "Dependencies"; Scripts/verify-dependents checks its pins).
    // `Combine`, on by default: the `combine` reference design (MediateDesigns), the only user of
    // OpenCombine. Without it MediateDesigns has neither, and `traits: []` resolves neither.
    traits: [
        .trait(name: "Serve", description: "`mediate watch --serve`: the report page over HTTP (Hummingbird)."),
        .trait(name: "Combine", description: "The `combine` reference design: OpenCombine's PassthroughSubject as the bus."),
        .default(enabledTraits: ["Serve", "Combine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // MediateTesting only: test issues reported to Swift Testing or XCTest, whichever runs.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // Property-based tests only; the library and the tool do not depend on it. A package that
        // depends on this one resolves only the dependencies its products use: not this one, nor
        // the DocC plugin below (README, "Dependencies"; Scripts/verify-dependents checks it).
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // MediateServe only (`mediate watch --serve`, in the `mediate` tool), under the `Serve`
        // trait: the HTTP server. Its traits (swift-configuration support, full Foundation) are
        // left off: the server needs neither.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // MediateServe only, under `Serve`: the channel handler that caps the server's connections
        // (NIOCore). Hummingbird depends on it already, at this version or later.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // MediateServe only, under `Serve`: Hummingbird's logger, told to keep quiet (Hummingbird
        // depends on it too).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // MediateDesigns only, under the `Combine` trait: the `combine` reference design's subjects
        // and subscriptions. MediateKit does not use it, so a package that uses MediateKit alone
        // never builds it.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // `swift package generate-documentation` only: the DocC catalog in Sources/MediateKit.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The library, in layers along the pipeline. Each target imports only the ones below it,
        // so a dependency that points upward does not compile; `package` declarations are what
        // one layer lends another and no user sees. None knows a design by name.
        //
        // Files, locations and diagnostics; tokens, lexer, parser, syntax tree; the checker, which
        // knows the registered designs only by their names.
        .target(name: "MediateSyntax", swiftSettings: swiftSettings),
        // The interpreter and the events it emits, and the design API (Design, Member, Courier,
        // DesignRegistry) that designs are written against.
        .target(name: "MediateRuntime", dependencies: ["MediateSyntax", "CConcurrencyHooks"], swiftSettings: swiftSettings),
        // The addresses of the concurrency runtime's hooks, by name (Scheduling/RuntimeHooks.swift).
        .target(name: "CConcurrencyHooks"),
        // The reference walk over a run's live objects, the reference graph and coupling metrics.
        .target(name: "MediateAnalysis", dependencies: ["MediateRuntime"], swiftSettings: swiftSettings),
        // Transcript, log, JSON lines, DOT, sequence diagrams, JUnit; buffered and atomic outputs.
        .target(name: "MediateEmitters", dependencies: ["MediateAnalysis"], swiftSettings: swiftSettings),
        // Loading and running scenarios under one design or every one, and every subcommand as the
        // command line calls it; re-exports the layers below, so `import MediateKit` is all a user
        // writes. The only layer that renders through Graphviz.
        .target(
            name: "MediateKit",
            dependencies: ["MediateEmitters", "GraphvizRendering"],
            // The report page's styles and script, compiled in as bytes (`PackageResources`): the
            // page is one file, and the binary needs no resource bundle beside it.
            resources: [
                .embedInCode("Report/Assets/report.css"),
                .embedInCode("Report/Assets/player.css"),
                .embedInCode("Report/Assets/player.js"),
            ],
            swiftSettings: swiftSettings
        ),
        // `mediate lsp`, an application of the library: framing, JSON, documents and UTF-16
        // positions, the index of names, completion, and the server's loop. Not a product: the
        // command line runs it, and the fuzz target reaches it through MediateCommandLine.
        .target(name: "MediateLanguageServer", dependencies: ["MediateKit"], swiftSettings: swiftSettings),
        // `mediate watch`, an application of the library: the file system's events, the debounce,
        // the loop and its stop, a change run in a process of its own, and the protocol its report
        // server meets (`WatchReportServer`). Not a product: the command line runs it.
        .target(name: "MediateWatch", dependencies: ["MediateKit"], swiftSettings: swiftSettings),
        // The reference designs, written against the design API alone: the runtime layer; and,
        // under the `Combine` trait, OpenCombine for the `combine` design (`#if Combine`).
        .target(
            name: "MediateDesigns",
            dependencies: [
                "MediateRuntime",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["Combine"])),
            ],
            swiftSettings: swiftSettings
        ),
        // Rendering DOT to SVG, PNG or PDF in process; the only target that imports the C module.
        .target(name: "GraphvizRendering", dependencies: ["CGraphviz"], swiftSettings: swiftSettings),
        // libgraphviz's C API (gvc and cgraph), found through pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            path: "Sources/CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // `mediate watch --serve`: the report page over HTTP on loopback, reloaded on change. The
        // only target that imports Hummingbird (and through it SwiftNIO); only the `mediate` tool
        // links it, not MediateCommandLine, and it depends on the watch alone (and through it the
        // library), whose protocol `WatchReportServer` it meets. Without the `Serve` trait it has
        // neither dependency and compiles to nothing (`#if Serve`).
        .target(
            name: "MediateServe",
            dependencies: [
                "MediateWatch",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Serve"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Serve"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Serve"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Serve"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The command line: flags in, exit codes out, for the reference designs and a package's own;
        // `mediate lsp` and `mediate watch` run the two applications above.
        .target(
            name: "MediateCommandLine",
            dependencies: [
                "MediateKit",
                "MediateLanguageServer",
                "MediateWatch",
                "MediateDesigns",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
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
            ],
            swiftSettings: swiftSettings
        ),
        // The `mediate` tool: the command line with the reference designs and, for `watch --serve`,
        // the report server (with the `Serve` trait; without it, none). A package's designs tool
        // depends on MediateCommandLine alone, so it builds no HTTP server (its `watch --serve`
        // says so).
        .executableTarget(name: "mediate", dependencies: ["MediateCommandLine", "MediateServe"], swiftSettings: swiftSettings),
        // `swift package mediate check|render|…` in any package that depends on this one. It
        // builds the package's designs tool (an executable target inside Designs/) or `mediate`
        // itself when it runs, in the package's own build folder, so it declares no tool.
        .plugin(
            name: "MediatePlugin",
            capability: .command(
                intent: .custom(verb: "mediate", description: "Run mediate (check, render, run …) on this package's scenarios and designs")
            )
        ),
        // A designs tool with a design of its own that prints, for the end-to-end tests: what a
        // team's package builds. Not a product.
        .executableTarget(
            name: "mediate-test-designs", dependencies: ["MediateCommandLine"], path: "Tests/TestDesigns", swiftSettings: swiftSettings),
        // Designs with a seeded concurrency bug each, and their fixed versions, that `mediate explore`
        // must find, for MediateKitTests (SeededBugTests) and a designs tool of their own that
        // Scripts/seeded-bugs runs. Not products.
        .target(name: "SeededBugDesigns", dependencies: ["MediateKit"], path: "Tests/SeededBugDesigns", swiftSettings: swiftSettings),
        .executableTarget(
            name: "mediate-seeded-bugs", dependencies: ["MediateCommandLine", "SeededBugDesigns"], path: "Tests/SeededBugsTool",
            swiftSettings: swiftSettings),

        // The tests: one target per module, each depending on what its files import (`@testable`
        // for what a module keeps internal), so that a module's tests build without the layers
        // above it. Tests of a feature that runs scenarios through the library (the interpreter,
        // the emitters, the walk) need MediateKit, which loads them.
        //
        // What the test targets share: the reference designs as the library calls' default, running
        // a scenario to its transcript, the `Workspace` of `check`, the SVG readers, the committed
        // scenarios, designs written as a user would, the built executables' folder. Not a test
        // target, so it declares what the tests use `package`; it imports nothing `@testable`,
        // since SwiftPM builds it in release too.
        .target(
            name: "MediateTestSupport", dependencies: ["MediateKit", "MediateDesigns"], path: "Tests/MediateTestSupport",
            swiftSettings: swiftSettings
        ),
        // The lexer, the parser, the tree dump and the checker's diagnostics; needs no library
        // above the runtime (whose `Frontend.load(_:designs:)` checks against the reference
        // designs' names), and no Graphviz.
        .testTarget(
            name: "MediateSyntaxTests", dependencies: ["MediateSyntax", "MediateRuntime", "MediateDesigns"], swiftSettings: swiftSettings),
        // The scheduler of asynchronous designs (Sources/MediateRuntime/Scheduling), and the
        // interpreter statement by statement: expressions, `together`, expectations, limits,
        // the design API with designs a user writes, the language reference's examples.
        .testTarget(
            name: "MediateRuntimeTests",
            dependencies: [
                "MediateRuntime", "MediateSyntax", "MediateEmitters", "MediateDesigns", "MediateKit", "MediateTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        // The reference walk (closures, mirrors, the runtime's closure layout) and coupling metrics.
        .testTarget(
            name: "MediateAnalysisTests",
            dependencies: [
                "MediateAnalysis", "MediateRuntime", "MediateDesigns", "MediateKit", "MediateTestSupport",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(traits: ["Combine"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The emitters: sequence diagrams (exports and SVG), message and coupling diagrams, the
        // unified diff, temporary names, and escaping over generated scenarios (the property tests).
        .testTarget(
            name: "MediateEmittersTests",
            dependencies: [
                "MediateEmitters", "MediateDesigns", "MediateKit", "GraphvizRendering", "MediateTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        // Rendering through libgraphviz in process: SVG, PNG, PDF, errors, threads, hostile text,
        // and the compare diagram as Graphviz lays it out.
        .testTarget(
            name: "GraphvizRenderingTests",
            dependencies: ["GraphvizRendering", "MediateEmitters", "MediateDesigns", "MediateKit", "MediateTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The reference designs, each alone and through a run.
        .testTarget(
            name: "MediateDesignsTests", dependencies: ["MediateDesigns", "MediateRuntime", "MediateKit", "MediateTestSupport"],
            swiftSettings: swiftSettings),
        // The commands as the command line calls them, in process: check, compare, explore, fmt,
        // report, shards, limits, outputs, and the committed goldens.
        .testTarget(
            name: "MediateKitTests",
            dependencies: [
                "MediateKit", "MediateSyntax", "MediateDesigns", "GraphvizRendering", "SeededBugDesigns", "MediateTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        // `mediate lsp` in process: framing, JSON, dispatch.
        .testTarget(
            name: "MediateLanguageServerTests",
            dependencies: ["MediateLanguageServer", "MediateKit", "MediateDesigns", "MediateTestSupport"],
            swiftSettings: swiftSettings),
        // `mediate watch`: the debounce, file events, the child process, status lines.
        .testTarget(
            name: "MediateWatchTests", dependencies: ["MediateWatch", "MediateKit", "MediateDesigns", "MediateTestSupport"],
            swiftSettings: swiftSettings),
        // The built executables, run as a user runs them: `mediate` (and the designs tools under
        // Tests/), their output, exit codes and files. SwiftPM builds them with the tests
        // (`swift build --build-tests`), beside the test bundle (`BuiltProducts`).
        .testTarget(
            name: "MediateEndToEndTests",
            dependencies: ["MediateKit", "MediateEmitters", "MediateDesigns", "GraphvizRendering", "MediateWatch", "MediateTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The watch's server: the reload script, the loopback rule, the event stream. With the
        // `Serve` trait only (`#if Serve`); without it, no tests.
        .testTarget(
            name: "MediateServeTests",
            dependencies: [
                "MediateServe", "MediateWatch", "MediateKit",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Serve"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The command line's help and parsing, through the argument parser, without a process.
        .testTarget(
            name: "MediateCommandLineTests",
            dependencies: [
                "MediateCommandLine", "MediateKit", "MediateDesigns", "MediateWatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // `assertScenario`: the issues it records, caught with `withKnownIssue`.
        .testTarget(
            name: "MediateTestingTests",
            dependencies: ["MediateTesting", "MediateKit", "MediateDesigns"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
