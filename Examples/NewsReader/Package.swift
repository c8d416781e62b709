// swift-tools-version:6.0
// A news-reading app whose screens pass likes and reads through an actor, ScreenCoordinator, run
// as the asynchronous design `screen-coordinator`:
//     swift test
//     swift package mediate check --mediator screen-coordinator
//     swift package mediate explore Scenarios/at-once.scenario --mediator screen-coordinator
//
// Output/ holds goldens under screen-coordinator only, not under the reference designs as
// Examples/ChatRoom's do: each new reference design would add goldens here, and an example a team
// copies should change only when its own app does. So `check` is given `--mediator`; without it,
// it would also check the reference designs and find their goldens missing.
import PackageDescription

let package = Package(
    name: "NewsReader",
    // As mediate's own: the adapter uses Synchronization's Mutex.
    platforms: [.macOS(.v15)],
    products: [.library(name: "NewsReader", targets: ["NewsReader"])],
    dependencies: [
        // In your own package, mediate has no public URL: give the Git URL of the copy you use,
        // tagged with its versions, and pin 0.x to its minor version, as the README's "Versions"
        // says: .package(url: "MEDIATE_GIT_URL", .upToNextMinor(from: "0.1.0")).
        // Or depend on a clone beside your package, by path: .package(path: "../mediate").
        .package(name: "mediate", path: "../..")
    ],
    targets: [
        // The app: three screens and the actor that coordinates them. It knows nothing of mediate.
        .target(name: "NewsReader"),
        // The design adapter: scenarios run through ScreenCoordinator as `screen-coordinator`.
        .target(
            name: "NewsReaderDesign",
            dependencies: ["NewsReader", .product(name: "MediateKit", package: "mediate")]
        ),
        // The designs tool, which `swift package mediate` finds in Designs/ and runs.
        .executableTarget(
            name: "NewsReaderDesigns",
            dependencies: ["NewsReaderDesign", .product(name: "MediateCommandLine", package: "mediate")],
            path: "Designs/NewsReaderDesigns"
        ),
        // The app's unit tests, and every scenario checked against its goldens.
        .testTarget(
            name: "NewsReaderTests",
            dependencies: ["NewsReader", "NewsReaderDesign", .product(name: "MediateTesting", package: "mediate")]
        ),
    ]
)
