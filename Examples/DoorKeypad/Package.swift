// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DoorKeypad",
    dependencies: [
        // PanelKit from this checkout; in your own app: .package(url: "https://…/PanelKit.git", from: "…").
        .package(name: "PanelKit", path: "../..")
    ],
    targets: [
        .executableTarget(name: "DoorKeypad", dependencies: [.product(name: "PanelKit", package: "PanelKit")])
    ],
    swiftLanguageModes: [.v6]
)
