import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A default (blue, filled) button at (20, 20, 100, 44) on a drawn 200×100 window.
@MainActor
func fadeBench() -> (Bench, Button, MemoryFramebuffer) {
    let bench = Bench(width: 200, height: 100)
    let framebuffer = MemoryFramebuffer(width: 200, height: 100, format: .xrgb8888)
    bench.app.display = Display(framebuffer: framebuffer)
    let button = Button(frame: Rect(x: 20, y: 20, width: 100, height: 44))
    bench.add(button)
    bench.app.runOnce()
    return (bench, button, framebuffer)
}

@Suite("Button highlight: shown at once, faded out when the finger lifts")
@MainActor
struct ButtonHighlightFadeTests {
    static let normalBlue = Color.blue
    static let pressedBlue = Color(rgb: 0x0052AD)

    /// The colour of the button's background, away from its corners and title.
    func background(_ framebuffer: MemoryFramebuffer) -> Color { framebuffer.bitmap.color(x: 26, y: 24) }

    @Test("the pressed look shows on the frame after the touch goes down")
    func pressedLookAtOnce() {
        let (bench, _, framebuffer) = fadeBench()
        bench.down(70, 40)
        bench.app.runOnce()
        #expect(background(framebuffer) == Self.pressedBlue)
    }

    @Test("100 ms after the finger lifts the button shows a colour between the pressed and normal looks")
    func partWayThroughTheFade() {
        let (bench, _, framebuffer) = fadeBench()
        bench.down(70, 40)
        bench.app.runOnce()
        bench.up()
        bench.animate(milliseconds: 100)
        let shown = background(framebuffer)
        #expect(shown != Self.pressedBlue && shown != Self.normalBlue)
        #expect(shown.blue > Self.pressedBlue.blue && shown.blue < Self.normalBlue.blue)
    }

    @Test("after the fade the button shows its normal look and the frame clock stops")
    func fadeEnds() {
        let (bench, button, framebuffer) = fadeBench()
        bench.down(70, 40)
        bench.up()
        bench.animate(milliseconds: Int64(button.highlightFadeDuration * 1000) + 50)
        #expect(background(framebuffer) == Self.normalBlue)
        #expect(bench.app.frameClock.isRunning == false)
    }

    @Test("pressing again during the fade shows the pressed look at once")
    func pressDuringFade() {
        let (bench, _, framebuffer) = fadeBench()
        bench.down(70, 40)
        bench.up()
        bench.animate(milliseconds: 50)
        bench.down(70, 40)
        bench.app.runOnce()
        #expect(background(framebuffer) == Self.pressedBlue)
        bench.animate(milliseconds: 300)
        #expect(background(framebuffer) == Self.pressedBlue)
    }

    @Test("with a fade duration of 0 the normal look comes back on the next frame")
    func noFade() {
        let (bench, button, framebuffer) = fadeBench()
        button.highlightFadeDuration = 0
        bench.down(70, 40)
        bench.up()
        bench.app.runOnce()
        #expect(background(framebuffer) == Self.normalBlue)
        #expect(bench.app.frameClock.isRunning == false)
    }

    @Test("the fade ends at the look of the state the button is now in (selected)")
    func fadeEndsAtTheCurrentState() {
        let (bench, button, framebuffer) = fadeBench()
        bench.down(70, 40)
        bench.up()
        button.isSelected = true
        bench.animate(milliseconds: 400)
        #expect(background(framebuffer) == button.currentBackgroundColor)
        #expect(button.currentBackgroundColor == Color(rgb: 0x00448E))
    }
}
