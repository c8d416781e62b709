// swift-tools-version:6.1
import PackageDescription

// The benchmarks of mediate, kept out of the main package so that its build stays light.
//   swift package --disable-sandbox benchmark   every benchmark (ordo-one/benchmark)
//   swift build -c release --product baseline    the "write it by hand" program
//   swift build -c release --product parse-rate  lines per second of the front end, in process
//   swift build -c release --product explore-rate  schedules a minute of `mediate explore`, in process
//   swift build -c release --product sequence-rate  seconds and memory of the sequence view, in process
let package = Package(
    name: "MediateBenchmarks",
    dependencies: [
        .package(name: "mediate", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Parsing, running each kind into a file, rendering graphs of growing size, checking many files.
        .executableTarget(
            name: "MediateBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
            ],
            path: "Benchmarks/MediateBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The wrapper design written by hand, printing each delivery: what `mediate run` must beat.
        // Not under Benchmarks/: the benchmark plugin runs every executable target there as a
        // benchmark.
        .executableTarget(name: "baseline", path: "Programs/Baseline"),
        // Lines per second of lexing and parsing, in process, for Scripts/perf-targets.
        .executableTarget(
            name: "parse-rate",
            dependencies: [
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
            ],
            path: "Programs/ParseRate"
        ),
        // Schedules a minute of `mediate explore`, and its memory, in process, for Scripts/perf-targets.
        .executableTarget(
            name: "explore-rate",
            dependencies: [
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
            ],
            path: "Programs/ExploreRate"
        ),
        // The sequence view's seconds and memory on a large run, in process, for Scripts/perf-targets.
        .executableTarget(
            name: "sequence-rate",
            dependencies: [
                .product(name: "MediateKit", package: "mediate"),
                .product(name: "MediateDesigns", package: "mediate"),
            ],
            path: "Programs/SequenceRate"
        ),
    ],
    swiftLanguageModes: [.v6]
)
