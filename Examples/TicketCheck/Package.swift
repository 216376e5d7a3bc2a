// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TicketCheck",
    // `swift run --traits Simulator TicketCheck --simulator` opens the app in a desktop window (SDL2:
    // Debian's libsdl2-dev). Without the trait nothing of SDL is built or linked, as on a board.
    traits: [.trait(name: "Simulator", description: "Run the app in a desktop window with --simulator")],
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(
            name: "PanelKit", path: "../..",
            traits: [.defaults, .trait(name: "Simulator", condition: .when(traits: ["Simulator"]))]),
        // The ticket server's HTTP client: swift-server's AsyncHTTPClient (on SwiftNIO). Only this
        // app depends on it; PanelKit does not.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.25.0"),
        // The tests' ticket server: a real HTTP server on loopback, on SwiftNIO's HTTP/1.1.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    ],
    targets: [
        // The screen and the ticket service's client, a library so that the tests can use them.
        .target(
            name: "TicketScreens",
            dependencies: [
                .product(name: "PanelKit", package: "PanelKit"), .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .executableTarget(name: "TicketCheck", dependencies: ["TicketScreens", .product(name: "PanelKit", package: "PanelKit")]),
        .testTarget(
            name: "TicketCheckTests",
            dependencies: [
                "TicketScreens", .product(name: "PanelKit", package: "PanelKit"), .product(name: "PanelTestKit", package: "PanelKit"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
