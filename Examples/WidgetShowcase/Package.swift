// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "WidgetShowcase",
    products: [
        // The screens, for the benchmarks that measure them beside LVGL's own demo.
        .library(name: "ShowcaseScreens", targets: ["ShowcaseScreens"])
    ],
    // `swift run --traits Simulator WidgetShowcase --simulator` opens the app in a desktop window (SDL2:
    // Debian's libsdl2-dev). Without the trait nothing of SDL is built or linked, as on a board.
    traits: [.trait(name: "Simulator", description: "Run the app in a desktop window with --simulator")],
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(
            name: "PanelKit", path: "../..",
            traits: [.defaults, .trait(name: "Simulator", condition: .when(traits: ["Simulator"]))])
    ],
    targets: [
        // The screens, a library so that the tests can put fingers on them. The pictures are JPEG
        // (PanelJPEG, libjpeg-turbo).
        .target(
            name: "ShowcaseScreens",
            dependencies: [.product(name: "PanelKit", package: "PanelKit"), .product(name: "PanelJPEG", package: "PanelKit")]),
        .executableTarget(name: "WidgetShowcase", dependencies: ["ShowcaseScreens", .product(name: "PanelKit", package: "PanelKit")]),
        .testTarget(
            name: "WidgetShowcaseTests",
            dependencies: [
                "ShowcaseScreens", .product(name: "PanelTestKit", package: "PanelKit"), .product(name: "PanelKit", package: "PanelKit"),
            ],
            // The screenshots the tests compare with.
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
