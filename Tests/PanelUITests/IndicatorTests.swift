import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Indicators: LEDs, progress rings and badges")
@MainActor
struct IndicatorTests {
    @Test("a blinking LED is lit for one interval and dark for the next, on the frame clock")
    func blinks() {
        let bench = Bench(width: 100, height: 100)
        let led = bench.add(LEDView())
        led.blinkInterval = 0.5
        led.isBlinking = true
        bench.run(milliseconds: 200)
        #expect(led.isLit)
        bench.run(milliseconds: 400)
        #expect(!led.isLit)
        bench.run(milliseconds: 500)
        #expect(led.isLit)
    }

    @Test("an LED that stops blinking is lit and leaves the frame clock idle")
    func stopsBlinking() {
        let bench = Bench(width: 100, height: 100)
        let led = bench.add(LEDView())
        led.isBlinking = true
        bench.run(milliseconds: 600)
        led.isBlinking = false
        bench.run(milliseconds: 20)
        #expect(led.isLit)
        #expect(!bench.app.frameClock.isRunning)
    }

    @Test("absurd brightness and blink intervals are clamped")
    func clamps() {
        let led = LEDView()
        led.brightness = .nan
        #expect(led.brightness == 0)
        led.brightness = 7
        #expect(led.brightness == 1)
        led.blinkInterval = 0
        #expect(led.blinkInterval == 0.05)
        led.blinkInterval = .infinity
        #expect(led.blinkInterval == 0.5)
    }

    @Test("a progress ring clamps its progress, NaN counting as 0")
    func ringClamps() {
        let ring = ProgressRing()
        ring.progress = 1.7
        #expect(ring.progress == 1)
        ring.progress = .nan
        #expect(ring.progress == 0)
        ring.progress = -2
        #expect(ring.progress == 0)
    }

    @Test("a progress ring sweeps to its new progress in 0.3 s")
    func ringSweeps() {
        let bench = Bench(width: 100, height: 100)
        let framebuffer = MemoryFramebuffer(width: 100, height: 100, format: .xrgb8888)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = .white
        let ring = bench.add(ProgressRing(frame: Rect(x: 0, y: 0, width: 60, height: 60)))
        ring.setProgress(1, animated: true)
        bench.frames(milliseconds: 350)
        #expect(!bench.app.frameClock.isRunning)
        // The left of the ring (three quarters round) is filled in blue.
        let left = framebuffer.bitmap.color(x: 3, y: 30)
        #expect(left.blue > 200 && left.red < 60)
    }

    @Test("an empty badge is a dot; a long text is cut at the maximum width")
    func badgeSizes() {
        let dot = BadgeView()
        #expect(dot.intrinsicContentSize == Size(width: 8, height: 8))
        let long = BadgeView(text: String(repeating: "W", count: 200))
        #expect(long.intrinsicContentSize.width == long.maximumWidth)
        let short = BadgeView(text: "3")
        #expect(short.intrinsicContentSize.width >= 18 && short.intrinsicContentSize.width < 30)
    }

    @Test("LEDs on, off and dimmed, rings at three levels and badges", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 320, height: 100)
        let framebuffer = MemoryFramebuffer(width: 320, height: 100, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = Color(rgb: 0xF2F2F7)
        for (i, (on, brightness, color)) in [(true, 1.0, Color(rgb: 0x34C759)), (true, 0.4, Color(rgb: 0xFF9500)), (false, 1.0, Color(rgb: 0xFF3B30))]
            .enumerated()
        {
            let led = bench.add(LEDView(frame: Rect(x: 12 + Double(i) * 30, y: 12, width: 22, height: 22)))
            led.isOn = on
            led.brightness = brightness
            led.color = color
        }
        for (i, progress) in [Float(0.25), 0.7, 1.0].enumerated() {
            let ring = bench.add(ProgressRing(frame: Rect(x: 110 + Double(i) * 56, y: 8, width: 48, height: 48)))
            ring.progress = progress
        }
        let badge = bench.add(BadgeView(text: "12"))
        badge.frame.origin = Point(x: 12, y: 60)
        let dot = bench.add(BadgeView())
        dot.frame.origin = Point(x: 60, y: 66)
        let word = bench.add(BadgeView(text: "New"))
        word.color = Color(rgb: 0x007AFF)
        word.frame.origin = Point(x: 80, y: 60)
        bench.app.runOnce()
        try GoldenImage.check("indicators-\(formatName)", framebuffer)
    }
}
