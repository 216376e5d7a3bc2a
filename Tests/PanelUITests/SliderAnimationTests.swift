import PanelBench
import PanelCore
import PanelUI
import Testing

/// A slider 0…100 across (0, 0, 228, 40) in a 300×100 window: its thumb's centre runs from
/// x = 14 to x = 214.
@MainActor
func sliderBench() -> (Bench, Slider) {
    let bench = Bench(width: 300, height: 100)
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 40))
    slider.maximumValue = 100
    bench.add(slider)
    bench.app.runOnce()
    return (bench, slider)
}

@Suite("Slider.setValue(_:animated:): the value at once, the thumb over a quarter of a second")
@MainActor
struct SliderAnimationTests {
    @Test("an animated change reports the new value at once")
    func valueAtOnce() {
        let (_, slider) = sliderBench()
        slider.setValue(100, animated: true)
        #expect(slider.value == 100)
    }

    @Test("half way through an animated change the thumb is between the old and new places")
    func thumbPartWay() {
        let (bench, slider) = sliderBench()
        slider.setValue(100, animated: true)
        #expect(slider.thumbRect.midX == 14)
        bench.animate(milliseconds: 125)
        #expect(slider.thumbRect.midX > 20 && slider.thumbRect.midX < 208)
    }

    @Test("after the animation the thumb is at the new value and the frame clock stops")
    func thumbArrives() {
        let (bench, slider) = sliderBench()
        slider.setValue(100, animated: true)
        bench.animate(milliseconds: 400)
        #expect(slider.thumbRect.midX == 214)
        #expect(bench.app.frameClock.isRunning == false)
    }

    @Test("an unanimated change during an animation puts the thumb there at once")
    func unanimatedStopsTheSlide() {
        let (bench, slider) = sliderBench()
        slider.setValue(100, animated: true)
        bench.animate(milliseconds: 50)
        slider.setValue(50, animated: false)
        #expect(slider.thumbRect.midX == 114)
        #expect(bench.app.frameClock.isRunning == false)
    }

    @Test("a slider outside a window moves its thumb at once even when asked to animate")
    func noWindowNoAnimation() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 228, height: 40))
        slider.maximumValue = 100
        slider.setValue(100, animated: true)
        #expect(slider.thumbRect.midX == 214)
    }

    @Test("changing the range moves the thumb to the value's place in the new range at once")
    func rangeChangeMovesThumb() {
        let (_, slider) = sliderBench()
        slider.setValue(50, animated: false)
        slider.maximumValue = 200
        #expect(slider.thumbRect.midX == 64)
    }
}
