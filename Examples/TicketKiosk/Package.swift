// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TicketKiosk",
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(name: "PanelKit", path: "../..")
    ],
    targets: [
        // QR codes are a product of their own (libqrencode), linked only into apps that list it.
        .executableTarget(
            name: "TicketKiosk",
            dependencies: [.product(name: "PanelKit", package: "PanelKit"), .product(name: "PanelQRCode", package: "PanelKit")])
    ],
    swiftLanguageModes: [.v6]
)
