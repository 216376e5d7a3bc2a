// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Thermostat",
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(name: "PanelKit", path: "../..")
    ],
    targets: [
        // The screen, a library so that its tests can put fingers on it.
        .target(name: "ThermostatScreen", dependencies: [.product(name: "PanelKit", package: "PanelKit")]),
        .executableTarget(name: "Thermostat", dependencies: ["ThermostatScreen", .product(name: "PanelKit", package: "PanelKit")]),
        .testTarget(
            name: "ThermostatTests",
            dependencies: [
                "ThermostatScreen", .product(name: "PanelTestKit", package: "PanelKit"), .product(name: "PanelKit", package: "PanelKit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
