// swift-tools-version: 6.1
import PackageDescription

// A platform written outside PanelKit, through its public API only: touches come as lines of
// text on a file descriptor (a pipe, a FIFO, a serial console), frames go to a memory display
// that writes PNGs on request. It runs the Thermostat example's screen, unmodified.
let package = Package(
    name: "LineThermostat",
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(name: "PanelKit", path: "../.."),
        // The app it runs, as the Thermostat example ships it.
        .package(name: "Thermostat", path: "../Thermostat"),
    ],
    targets: [
        .target(
            name: "LinePlatform",
            dependencies: [
                .product(name: "PanelPlatform", package: "PanelKit"), .product(name: "PanelCore", package: "PanelKit"),
                .product(name: "PanelGraphics", package: "PanelKit"),
            ]),
        .executableTarget(
            name: "LineThermostat",
            dependencies: [
                "LinePlatform", .product(name: "PanelKit", package: "PanelKit"), .product(name: "ThermostatScreen", package: "Thermostat"),
            ]),
        .testTarget(
            name: "LinePlatformTests",
            dependencies: [
                "LinePlatform", .product(name: "PanelKit", package: "PanelKit"), .product(name: "PanelPlatform", package: "PanelKit"),
                .product(name: "ThermostatScreen", package: "Thermostat"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
