// swift-tools-version:6.0
// libFuzzer targets for mediate. Built only by `Scripts/fuzz`, with
// `swift build --sanitize=fuzzer --sanitize=address`: libFuzzer supplies `main`, so these
// executables have none of their own (`-parse-as-library`).
import PackageDescription

let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "MediateFuzz",
    dependencies: [
        .package(name: "mediate", path: "..")
    ],
    targets: [
        // Lexer, parser and checker: any bytes must end in a script or in rendered diagnostics.
        .executableTarget(
            name: "FuzzFrontend",
            dependencies: [
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
            ],
            swiftSettings: harness),
        // As above, then every kind runs what checks, with small limits, into every format.
        .executableTarget(
            name: "FuzzRun",
            dependencies: [
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
            ],
            swiftSettings: harness),
        // `mediate lsp`'s framing, JSON and handlers: any bytes from a client get well-framed answers,
        // the same whether they arrive at once or a byte at a time. The server is no product; the
        // command line links it, and holds its harness (`Harness.LanguageServerSession`).
        .executableTarget(
            name: "FuzzLanguageServer",
            dependencies: [
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
                .product(name: "MediateCommandLine", package: "mediate"),
            ],
            swiftSettings: harness),
    ],
    swiftLanguageModes: [.v6]
)
