// swift-tools-version:6.0
// An ordinary package that keeps scenarios beside its code and checks them with the mediate
// plugin:  swift package mediate check
import PackageDescription

let package = Package(
    name: "Greeter",
    products: [.library(name: "Greeter", targets: ["Greeter"])],
    dependencies: [
        // In your own package: .package(url: "https://github.com/OWNER/mediate", from: "…")
        .package(name: "mediate", path: "../.."),
    ],
    targets: [
        .target(name: "Greeter"),
    ]
)
