// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DoorKeypad",
    // `swift run --traits Simulator DoorKeypad --simulator` opens the app in a desktop window (SDL2:
    // Debian's libsdl2-dev). Without the trait nothing of SDL is built or linked, as on a board.
    traits: [.trait(name: "Simulator", description: "Run the app in a desktop window with --simulator")],
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(
            name: "PanelKit", path: "../..",
            traits: [.trait(name: "Simulator", condition: .when(traits: ["Simulator"]))])
    ],
    targets: [
        .executableTarget(name: "DoorKeypad", dependencies: [.product(name: "PanelKit", package: "PanelKit")])
    ],
    swiftLanguageModes: [.v6]
)
