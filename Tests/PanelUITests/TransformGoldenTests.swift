import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 320 × 240 screen: a card of buttons and a switch turned and scaled, a translucent badge
/// moved across its corner, and an untransformed button row beneath for comparison.
@MainActor
func transformedScene(format: PixelFormat) -> (Bench, MemoryFramebuffer) {
    let bench = Bench(width: 320, height: 240)
    let framebuffer = MemoryFramebuffer(width: 320, height: 240, format: format)
    bench.app.display = Display(framebuffer: framebuffer)
    bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
    let card = View(frame: Rect(x: 70, y: 40, width: 180, height: 110))
    card.backgroundColor = .white
    card.cornerRadius = 10
    card.borderWidth = 2
    card.borderColor = .orange
    for i in 0 ..< 3 {
        let button = Button(frame: Rect(x: 10 + Double(i) * 56, y: 10, width: 50, height: 40))
        button.setTitle("K\(i)", for: .normal)
        card.addSubview(button)
    }
    let toggle = Switch(frame: Rect(x: 10, y: 64, width: 51, height: 31))
    toggle.isOn = true
    card.addSubview(toggle)
    let badge = View(frame: Rect(x: 150, y: -12, width: 40, height: 24))
    badge.backgroundColor = Color(red: 255, green: 59, blue: 48, alpha: 200)
    badge.cornerRadius = 12
    badge.transform = AffineTransform(translationX: 6, y: 0).rotated(by: -0.3)
    card.addSubview(badge)
    card.transform = AffineTransform(rotationAngle: 0.2).scaledBy(x: 1.15, y: 1.15)
    bench.add(card)
    for i in 0 ..< 4 {
        let button = Button(frame: Rect(x: 20 + Double(i) * 72, y: 196, width: 64, height: 36))
        button.setTitle("B\(i)", for: .normal)
        bench.add(button)
    }
    bench.app.runOnce()
    return (bench, framebuffer)
}

@Suite("Transformed views: golden images")
@MainActor
struct TransformGoldenTests {
    @Test("a card turned and scaled, with a turned translucent badge sticking out of it", arguments: goldenFormats.map(\.name))
    func turnedCard(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let (_, framebuffer) = transformedScene(format: format)
        try GoldenImage.check("transform-card-\(formatName)", framebuffer)
    }
}
