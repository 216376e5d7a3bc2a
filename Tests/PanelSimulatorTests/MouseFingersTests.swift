#if Simulator
import PanelCore
import PanelSimulator
import Testing

@Suite("Mouse fingers: the mouse stands for one or two fingers, as in the iOS Simulator")
struct MouseFingersTests {
    let screen = Size(width: 800, height: 480)

    func positions(_ frame: TouchFrame?) -> [Point] {
        guard let frame else { return [] }
        return frame.map(\.position)
    }

    @Test("a plain press is one finger under the pointer")
    func plainPressIsOneFinger() {
        var fingers = MouseFingers(size: screen)
        let report = fingers.press(at: Point(x: 100, y: 50), alt: false, shift: false, timestamp: .zero)
        #expect(positions(report) == [Point(x: 100, y: 50)])
    }

    @Test("an Alt-press adds a second finger mirrored about the window's centre")
    func altPressMirrorsAboutTheCentre() {
        var fingers = MouseFingers(size: screen)
        let report = fingers.press(at: Point(x: 300, y: 200), alt: true, shift: false, timestamp: .zero)
        #expect(positions(report) == [Point(x: 300, y: 200), Point(x: 500, y: 280)])
    }

    @Test("an Alt-drag moves the mirrored finger the opposite way (a pinch)")
    func altDragPinches() {
        var fingers = MouseFingers(size: screen)
        _ = fingers.press(at: Point(x: 350, y: 240), alt: true, shift: false, timestamp: .zero)
        let report = fingers.drag(to: Point(x: 300, y: 240), alt: true, shift: false, timestamp: .zero)
        #expect(positions(report) == [Point(x: 300, y: 240), Point(x: 500, y: 240)])
    }

    @Test("a Shift+Alt-drag moves both fingers together")
    func shiftAltDragMovesTogether() {
        var fingers = MouseFingers(size: screen)
        _ = fingers.press(at: Point(x: 300, y: 200), alt: true, shift: true, timestamp: .zero)
        let report = fingers.drag(to: Point(x: 310, y: 220), alt: true, shift: true, timestamp: .zero)
        #expect(positions(report) == [Point(x: 310, y: 220), Point(x: 510, y: 300)])
    }

    @Test("moving the mouse with Shift+Alt and no button moves the pinch centre")
    func shiftAltHoverMovesTheCentre() {
        var fingers = MouseFingers(size: screen)
        fingers.hover(to: Point(x: 400, y: 240), alt: true, shift: true)
        fingers.hover(to: Point(x: 600, y: 200), alt: true, shift: true)
        #expect(fingers.centre == Point(x: 600, y: 200))
        let report = fingers.press(at: Point(x: 620, y: 200), alt: true, shift: false, timestamp: .zero)
        #expect(positions(report) == [Point(x: 620, y: 200), Point(x: 580, y: 200)])
    }

    @Test("hovering without both modifiers leaves the pinch centre where it is")
    func plainHoverKeepsTheCentre() {
        var fingers = MouseFingers(size: screen)
        fingers.hover(to: Point(x: 10, y: 10), alt: true, shift: false)
        fingers.hover(to: Point(x: 700, y: 400), alt: true, shift: false)
        #expect(fingers.centre == Point(x: 400, y: 240))
    }

    @Test("a finger dragged off the window stays on the glass's edge")
    func dragOffTheWindowIsClamped() {
        var fingers = MouseFingers(size: screen)
        _ = fingers.press(at: Point(x: 100, y: 100), alt: false, shift: false, timestamp: .zero)
        let report = fingers.drag(to: Point(x: -50, y: 900), alt: false, shift: false, timestamp: .zero)
        #expect(positions(report) == [Point(x: 0, y: 479)])
    }

    @Test("a non-finite pointer position lands on the glass, not in the tracker")
    func nonFinitePositionIsClamped() {
        var fingers = MouseFingers(size: screen)
        let report = fingers.press(at: Point(x: .nan, y: .infinity), alt: false, shift: false, timestamp: .zero)
        #expect(positions(report) == [Point(x: 0, y: 0)])
    }

    @Test("the number of fingers stays as it was at the press when Alt is released mid-drag")
    func fingerCountIsFixedAtThePress() {
        var fingers = MouseFingers(size: screen)
        _ = fingers.press(at: Point(x: 300, y: 200), alt: true, shift: false, timestamp: .zero)
        let report = fingers.drag(to: Point(x: 310, y: 200), alt: false, shift: false, timestamp: .zero)
        #expect(report?.count == 2)
    }

    @Test("releasing the button lifts every finger with an empty report")
    func releaseLiftsEveryFinger() {
        var fingers = MouseFingers(size: screen)
        _ = fingers.press(at: Point(x: 300, y: 200), alt: true, shift: false, timestamp: .zero)
        let report = fingers.release(timestamp: .zero)
        #expect(report?.isEmpty == true)
        #expect(!fingers.isPressed)
    }

    @Test("a drag or a release with no button down reports nothing")
    func noButtonNoReport() {
        var fingers = MouseFingers(size: screen)
        #expect(fingers.drag(to: Point(x: 1, y: 1), alt: false, shift: false, timestamp: .zero) == nil)
        #expect(fingers.release(timestamp: .zero) == nil)
    }
}
#endif
