// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DoorKeypad",
    // `swift run --traits Simulator DoorKeypad --simulator` opens the app in a desktop window (SDL2:
    // Debian's libsdl2-dev). Without the trait nothing of SDL is built or linked, as on a board.
    // Both on by default: `Bench` runs the mock board headless, on emulated chips, and `Metrics`
    // serves the panel's health for Prometheus (--metrics PORT), as the kiosk's fleet scrapes it.
    // A build for a board without them (`--disable-default-traits`, or `--traits Metrics` alone)
    // links no emulator, and without Metrics no swift-prometheus.
    traits: [
        .default(enabledTraits: ["Bench", "Metrics"]),
        .trait(name: "Bench", description: "Run the mock board headless: scripted sessions on emulated chips"),
        .trait(name: "Simulator", description: "Run the app in a desktop window with --simulator"),
        .trait(name: "Metrics", description: "Serve metrics for Prometheus with --metrics PORT"),
        .trait(name: "Remote", description: "Serve the screen over VNC for remote support with --remote PORT (LibVNCServer)"),
    ],
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(
            name: "PanelKit", path: "../..",
            traits: [
                .trait(name: "Bench", condition: .when(traits: ["Bench"])),
                .trait(name: "Simulator", condition: .when(traits: ["Simulator"])),
                .trait(name: "Metrics", condition: .when(traits: ["Metrics"])),
                .trait(name: "Remote", condition: .when(traits: ["Remote"])),
            ])
    ],
    targets: [
        .executableTarget(name: "DoorKeypad", dependencies: [.product(name: "PanelKit", package: "PanelKit")])
    ],
    swiftLanguageModes: [.v6]
)
