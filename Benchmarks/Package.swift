// swift-tools-version: 6.1
// PanelKit's benchmarks: a package of their own, so the root package never resolves
// package-benchmark (NIO's layout). Run with `scripts/bench` from the repository root.
import PackageDescription

let package = Package(
    name: "PanelKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PanelKit", path: ".."),
        // Only the MallocInterposer trait: the default RuntimeInterposer trait pulls in a
        // package that is not available offline, and malloc counts are what we need.
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelTesting", package: "PanelKit"),
            ],
            path: "Benchmarks/RenderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
