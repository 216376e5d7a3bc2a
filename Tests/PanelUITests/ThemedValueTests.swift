import PanelBench
import PanelCore
import PanelGraphics
import Testing

@testable import PanelUI

/// A slider that counts how often it is drawn.
@MainActor
private final class CountingSlider: Slider {
    var draws = 0
    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        draws += 1
        super.draw(rect, in: &canvas)
    }
}

@Suite("Themed values: the palette's until the app gives one")
@MainActor
struct ThemedValueTests {
    /// A slider in a window of an app, drawn once.
    private func shownSlider() -> (Application, CountingSlider) {
        let app = Application(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        let slider = CountingSlider(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        window.addSubview(slider)
        app.addWindow(window)
        app.display = Display(framebuffer: MemoryFramebuffer(width: 320, height: 240))
        window.makeKeyAndVisible()
        app.runOnce()
        return (app, slider)
    }

    @Test("a themed colour the app has not set follows the palette from light to dark")
    func followsThePalette() {
        let (app, slider) = shownSlider()
        let light = slider.maximumTrackTintColor
        app.userInterfaceStyle = .dark
        #expect(slider.maximumTrackTintColor == slider.palette.secondaryFill)
        #expect(slider.maximumTrackTintColor != light)
    }

    @Test("a themed colour the app set stays set from light to dark")
    func givenStaysGiven() {
        let (app, slider) = shownSlider()
        slider.maximumTrackTintColor = .red
        app.userInterfaceStyle = .dark
        #expect(slider.maximumTrackTintColor == .red)
    }

    @Test("setting a themed colour to the one it has does not draw the view again")
    func sameValueDoesNotRedraw() {
        let (app, slider) = shownSlider()
        slider.maximumTrackTintColor = .red
        app.runOnce()
        let draws = slider.draws
        #expect(draws > 0)
        slider.maximumTrackTintColor = .red
        app.runOnce()
        #expect(slider.draws == draws)
    }

    @Test("a themed font set by the app is measured again: the label's size follows it")
    func fontRelayouts() {
        let label = Label(frame: .zero)
        label.text = "Hello"
        let before = label.intrinsicContentSize
        label.font = .system(size: 40)
        #expect(label.intrinsicContentSize.height > before.height)
    }
}
