// swift-tools-version: 6.1
// PanelKit's benchmarks: a package of their own, so the root package never resolves
// package-benchmark (NIO's layout). Run with `scripts/bench` from the repository root.
import PackageDescription

let package = Package(
    name: "PanelKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // With the Simulator trait, for the simulator's latency (SDL2: scripts/bench installs
        // libsdl2-dev).
        .package(name: "PanelKit", path: "..", traits: [.defaults, "Simulator"]),
        // Only the MallocInterposer trait: the default RuntimeInterposer trait pulls in a
        // package that is not available offline, and malloc counts are what we need.
        // The widget showcase (LVGL's widgets demo rebuilt), timed beside LVGL's own demo.
        .package(name: "WidgetShowcase", path: "../Examples/WidgetShowcase"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        // The logger the remote-support server takes (RemoteCost), as PanelKit uses it.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    ],
    targets: [
        // LVGL's random sequence, the host clock and the main-actor hop the benchmarks share.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelGraphics", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"),
                .product(name: "PanelThreads", package: "PanelKit"),
            ],
            path: "Sources/BenchmarkSupport"
        ),
        .executableTarget(
            name: "InputBenchmarks",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "TouchControllers", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Benchmarks/InputBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // What speaking costs the UI: focus -> first audio, and taps while speech plays (not a
        // package-benchmark target: it prints its own figures).
        .executableTarget(
            name: "SpeechLatency",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
                .product(name: "PanelSpeech", package: "PanelKit"),
            ],
        ),
        // End to end with real threads and the real run loop (scripts/latency): not a
        // package-benchmark target, it prints its own table.
        .executableTarget(
            name: "EndToEndLatency",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                .product(name: "PanelPlatform", package: "PanelKit"),
                "BenchmarkSupport",
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "TouchControllers", package: "PanelKit"),
                .product(name: "PanelGraphics", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/EndToEndLatency"
        ),
        // Touch → first changed pixel on a DRM display's scan-out, on a kernel (scripts/latency
        // --drm runs it in the QEMU testbed): not a package-benchmark target either.
        .executableTarget(
            name: "DRMLatency",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                .product(name: "PanelPlatform", package: "PanelKit"),
                "BenchmarkSupport",
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelGraphics", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/DRMLatency"
        ),
        // Physical inputs on a kernel (scripts/latency --inputs runs it in the QEMU testbed):
        // button edge → press, an encoder at 200 detents/s, idle wake-ups with every source open.
        .executableTarget(
            name: "InputLatency",
            dependencies: [
                .product(name: "PanelControllers", package: "PanelKit"), .product(name: "PanelLinuxPlatform", package: "PanelKit"),
                "BenchmarkSupport",
                .product(name: "PanelKit", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelBoards", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
                .product(name: "MotionSensors", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"),
                .product(name: "PanelPlatform", package: "PanelKit"),
            ],
            path: "Sources/InputLatency"
        ),
        // A list scrolled frame by frame: frame times and peak RSS for a row count (the LVGL list
        // comparison, Benchmarks/LVGL/run.sh list, and scripts/footprint's 100-rows vs 1M-rows check).
        .executableTarget(
            name: "ListScroll",
            dependencies: [
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/ListScroll"
        ),
        // A screen pushed frame by frame: frame times beside LVGL's screen-load animation
        // (Benchmarks/LVGL/run.sh scrload), and instructions per frame under callgrind.
        .executableTarget(
            name: "ScreenPush",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/ScreenPush"
        ),
        // LVGL's widgets demo beside PanelKit's rebuild of it (Benchmarks/LVGL/run.sh demo): create,
        // first frame, full redraw, tab switches and the animated dials, per frame.
        .executableTarget(
            name: "WidgetsDemo",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
                .product(name: "ShowcaseScreens", package: "WidgetShowcase"),
            ],
            path: "Sources/WidgetsDemo"
        ),
        // glibc's heap in use (mallinfo2), for widget memory beside LVGL's lv_mem_monitor.
        .target(name: "CHeapUsage", path: "Sources/CHeapUsage"),
        // LVGL's chart scene, appended to and presented frame by frame, for the side-by-side run
        // (Benchmarks/LVGL/run.sh chart), and instructions per frame under callgrind.
        .executableTarget(
            name: "ChartFeed",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                "CHeapUsage",
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/ChartFeed"
        ),
        // A settings screen laid out by constraints, for the side-by-side run with LVGL's flex
        // layout (Benchmarks/LVGL/run.sh layout).
        .executableTarget(
            name: "SettingsLayout",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
            ],
            path: "Sources/SettingsLayout"
        ),
        // A dashboard bound to an @Observable model, for the side-by-side run with LVGL's observer
        // (Benchmarks/LVGL/run.sh observer), and instructions per frame under callgrind.
        .executableTarget(
            name: "BoundDashboard",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                "CHeapUsage",
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/BoundDashboard"
        ),
        // An MQTT publish to the changed pixel on the epoll loop, and the idle cost of an open
        // connection, against a real mosquitto (Benchmarks/MQTT/run.sh).
        .executableTarget(
            name: "MQTTLatency",
            dependencies: [
                .product(name: "PanelMQTT", package: "PanelKit"), .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"), .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"), .product(name: "PanelGraphics", package: "PanelKit"),
            ],
            path: "Sources/MQTTLatency"
        ),
        // What remote support costs: CPU, bytes a second and wake-ups with no viewer and with one
        // watching a scrolling list, and a VNC tap's latency to its action (Benchmarks/Remote/run.sh).
        .executableTarget(
            name: "RemoteCost",
            dependencies: [
                .product(name: "PanelRemote", package: "PanelKit"), .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"), .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"), .product(name: "PanelGraphics", package: "PanelKit"),
                .product(name: "PanelThreads", package: "PanelKit"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/RemoteCost",
            swiftSettings: [.unsafeFlags(["-Xcc", "-fmodule-map-file=../Sources/CVNCServer/module.modulemap"])]
        ),
        // A tap's cost with the metrics off and on (scripts/metrics-overhead: instructions under
        // callgrind; the bound is 5 %).
        .executableTarget(
            name: "MetricsOverhead",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
                .product(name: "PanelMetrics", package: "PanelKit"),
                .product(name: "PanelPrometheus", package: "PanelKit"),
            ],
            path: "Sources/MetricsOverhead"
        ),
        .executableTarget(
            name: "Soak",
            dependencies: [
                .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "TouchControllers", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
            ],
            path: "Sources/Soak"
        ),
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
                .product(name: "PanelJPEG", package: "PanelKit"),
                .product(name: "ShowcaseScreens", package: "WidgetShowcase"),
            ],
            path: "Benchmarks/RenderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SimulatorBenchmarks",
            dependencies: [
                .product(name: "BenchScreens", package: "PanelKit"),
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelBench", package: "PanelKit"),
                .product(name: "PanelSimulator", package: "PanelKit"),
            ],
            path: "Benchmarks/SimulatorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
