// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MachineMonitor",
    // `swift run --traits Simulator MachineMonitor --simulator` opens the app in a desktop window (SDL2:
    // Debian's libsdl2-dev). Without the trait nothing of SDL is built or linked, as on a board.
    traits: [.trait(name: "Simulator", description: "Run the app in a desktop window with --simulator")],
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(
            name: "PanelKit", path: "../..",
            traits: [.defaults, .trait(name: "Simulator", condition: .when(traits: ["Simulator"]))])
    ],
    targets: [
        // The screens, a library so that the tests can put fingers on them.
        // The screens, and the plant's sensors over MQTT (PanelMQTT: libmosquitto).
        .target(
            name: "MonitorScreens",
            dependencies: [.product(name: "PanelKit", package: "PanelKit"), .product(name: "PanelMQTT", package: "PanelKit")]),
        .executableTarget(name: "MachineMonitor", dependencies: ["MonitorScreens", .product(name: "PanelKit", package: "PanelKit")]),
        .testTarget(
            name: "MachineMonitorTests",
            dependencies: [
                "MonitorScreens", .product(name: "PanelTestKit", package: "PanelKit"), .product(name: "PanelKit", package: "PanelKit"),
                .product(name: "PanelMQTT", package: "PanelKit"),
            ],
            // The screenshots the tests compare with.
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
