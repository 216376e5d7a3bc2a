// swift-tools-version: 6.1
// PanelKit's fuzz targets (libFuzzer): every decoder that reads bytes from a chip, a device or a
// file. Built only by scripts/fuzz, with -sanitize=fuzzer,address (libFuzzer supplies main).
import PackageDescription

let settings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "PanelKitFuzz",
    dependencies: [
        .package(name: "PanelKit", path: ".."),
        // The logger the remote-support server takes (swift-log, as PanelKit uses it).
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    ],
    targets: [
        .target(name: "CFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzer", .product(name: "PanelBench", package: "PanelKit"), .product(name: "PanelCore", package: "PanelKit"),
            ]),
        .executableTarget(
            name: "FuzzFT6x06",
            dependencies: [
                "FuzzSupport", .product(name: "PanelBench", package: "PanelKit"), .product(name: "TouchControllers", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"),
            ], swiftSettings: settings),
        .executableTarget(
            name: "FuzzGT911",
            dependencies: [
                "FuzzSupport", .product(name: "PanelBench", package: "PanelKit"), .product(name: "TouchControllers", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"),
            ], swiftSettings: settings),
        .executableTarget(
            name: "FuzzBoardJSON",
            dependencies: [
                "FuzzSupport",
                .product(name: "PanelBoards", package: "PanelKit"), .product(name: "PanelControllers", package: "PanelKit"),
                .product(name: "PanelCore", package: "PanelKit"),
            ], swiftSettings: settings),
        .executableTarget(
            name: "FuzzTouchTrace",
            dependencies: [
                "FuzzSupport",
                .product(name: "PanelBoards", package: "PanelKit"), .product(name: "PanelCore", package: "PanelKit"),
            ], swiftSettings: settings),
        .executableTarget(
            name: "FuzzHTTPRequest",
            dependencies: ["FuzzSupport", .product(name: "PanelLinux", package: "PanelKit")],
            swiftSettings: settings + [.unsafeFlags(["-Xcc", "-fmodule-map-file=../Sources/CPanelLinux/module.modulemap", "-I", "../Sources/CPanelLinux"])]),
        .executableTarget(
            name: "FuzzSchedule",
            dependencies: ["FuzzSupport", .product(name: "PanelCore", package: "PanelKit")],
            swiftSettings: settings),
        .executableTarget(
            name: "FuzzKeys",
            dependencies: [
                "FuzzSupport", .product(name: "PanelLinux", package: "PanelKit"), .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelPlatform", package: "PanelKit"),
            ], swiftSettings: settings + [.unsafeFlags(["-Xcc", "-fmodule-map-file=../Sources/CPanelLinux/module.modulemap", "-I", "../Sources/CPanelLinux"])]),
        .executableTarget(
            name: "FuzzEvdev",
            dependencies: [
                "FuzzSupport",
                .product(name: "PanelLinux", package: "PanelKit"), .product(name: "PanelCore", package: "PanelKit"),
            ], swiftSettings: settings + [.unsafeFlags(["-Xcc", "-fmodule-map-file=../Sources/CPanelLinux/module.modulemap", "-I", "../Sources/CPanelLinux"])]),
        .executableTarget(
            name: "FuzzRFB",
            dependencies: [
                "FuzzSupport", .product(name: "PanelRemote", package: "PanelKit"), .product(name: "PanelUI", package: "PanelKit"),
                .product(name: "PanelLinux", package: "PanelKit"), .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "PanelGraphics", package: "PanelKit"), .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: settings + [.unsafeFlags(["-Xcc", "-fmodule-map-file=../Sources/CVNCServer/module.modulemap"])]),
    ],
    swiftLanguageModes: [.v6]
)
