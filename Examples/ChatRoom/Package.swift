// swift-tools-version:6.0
// A small chat app whose scenarios run through its own ChatRoom beside mediate's eight reference
// designs:  swift test   and   swift package mediate check
import PackageDescription

let package = Package(
    name: "ChatRoom",
    products: [.library(name: "ChatRoom", targets: ["ChatRoom"])],
    dependencies: [
        // In your own package, mediate has no public URL: give the Git URL of the copy you use,
        // tagged with its versions, and pin 0.x to its minor version, as the README's "Versions"
        // says: .package(url: "MEDIATE_GIT_URL", .upToNextMinor(from: "0.1.0")).
        // Or depend on a clone beside your package, by path: .package(path: "../mediate").
        .package(name: "mediate", path: "../..")
    ],
    targets: [
        // The app: a chat room and its users. It knows nothing of mediate.
        .target(name: "ChatRoom"),
        // The design adapter: scenarios run through ChatRoom as the design `chat-room`.
        .target(
            name: "ChatRoomDesign",
            dependencies: ["ChatRoom", .product(name: "MediateKit", package: "mediate")]
        ),
        // The designs tool: an executable target inside Designs/, which `swift package mediate`
        // finds, builds and runs in place of the plain `mediate` tool.
        .executableTarget(
            name: "ChatRoomDesigns",
            dependencies: ["ChatRoomDesign", .product(name: "MediateCommandLine", package: "mediate")],
            path: "Designs/ChatRoomDesigns"
        ),
        // The app's unit tests, and every scenario checked against its goldens under chat-room.
        .testTarget(
            name: "ChatRoomTests",
            dependencies: ["ChatRoom", "ChatRoomDesign", .product(name: "MediateTesting", package: "mediate")]
        ),
    ]
)
