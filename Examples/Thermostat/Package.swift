// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Thermostat",
    // `swift run --traits Simulator Thermostat --simulator` opens the app in a desktop window (SDL2:
    // Debian's libsdl2-dev). Without the trait nothing of SDL is built or linked, as on a board.
    // The screen is a product too, so another package can run it (Examples/LineThermostat).
    products: [.library(name: "ThermostatScreen", targets: ["ThermostatScreen"])],
    traits: [.trait(name: "Simulator", description: "Run the app in a desktop window with --simulator")],
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(
            name: "PanelKit", path: "../..",
            traits: [.defaults, .trait(name: "Simulator", condition: .when(traits: ["Simulator"]))])
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
