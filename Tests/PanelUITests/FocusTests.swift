import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A 300×200 window: buttons A (10,10) and B (150,10) on the first row, C (10,110) below A,
/// and a switch S (150,110); presses reach the window (no other first responder).
@MainActor
private final class FocusBench {
    let app = Application(clock: ManualClock())
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    let a = Button(frame: Rect(x: 10, y: 10, width: 100, height: 60))
    let b = Button(frame: Rect(x: 150, y: 10, width: 100, height: 60))
    let c = Button(frame: Rect(x: 10, y: 110, width: 100, height: 60))
    let s = Switch(frame: Rect(x: 150, y: 110, width: 51, height: 31))
    var fired: [String] = []

    init() {
        app.addWindow(window)
        window.makeKeyAndVisible()
        for (button, name) in [(a, "A"), (b, "B"), (c, "C")] {
            window.addSubview(button)
            button.addAction(.closure(Selector(name)) { [unowned self] _, _ in fired.append(name) }, for: .touchUpInside)
        }
        window.addSubview(s)
    }

    func press(_ type: PressType) {
        app.handle(.press(type, .began, timestamp: .zero))
        app.handle(.press(type, .ended, timestamp: .zero))
    }
}

@Suite("Focus: arrows move a focus between controls and select acts on it, for panels used without touch")
@MainActor
struct FocusTests {
    @Test("the first arrow focuses the first control in reading order")
    func firstArrowFocusesFirst() {
        let f = FocusBench()
        f.press(.downArrow)
        #expect(f.window.focusedView === f.a && f.a.isFocused)
    }

    @Test("arrows move to the nearest control in their direction")
    func arrowsMoveDirectionally() {
        let f = FocusBench()
        f.window.setFocus(f.a)
        f.press(.rightArrow)
        #expect(f.window.focusedView === f.b)
        f.press(.downArrow)
        #expect(f.window.focusedView === f.s)
        f.press(.leftArrow)
        #expect(f.window.focusedView === f.c)
        #expect(!f.a.isFocused && !f.b.isFocused)
    }

    @Test("next and previous go through the controls in reading order and wrap around")
    func nextAndPreviousWrap() {
        let f = FocusBench()
        f.window.setFocus(f.s)
        f.window.moveFocus(.next)
        #expect(f.window.focusedView === f.a)
        f.window.moveFocus(.previous)
        #expect(f.window.focusedView === f.s)
    }

    @Test("views with a focus order come first, lowest first, then the rest in reading order")
    func explicitOrder() {
        let f = FocusBench()
        f.s.focusOrder = 1
        f.c.focusOrder = 2
        var visited: [View?] = []
        for _ in 0 ..< 4 {
            f.window.moveFocus(.next)
            visited.append(f.window.focusedView)
        }
        #expect(visited.map { $0.map(ObjectIdentifier.init) } == [f.s, f.c, f.a, f.b].map { ObjectIdentifier($0) })
    }

    @Test("an encoder's detents follow the focus order")
    func encoderFollowsOrder() {
        let f = FocusBench()
        f.b.focusOrder = 0
        f.window.rotate(byDetents: 1)
        #expect(f.window.focusedView === f.b)
        f.window.rotate(byDetents: 1)
        #expect(f.window.focusedView === f.a)
    }

    @Test("select performs the focused button's action (touchUpInside) and toggles a focused switch")
    func selectActs() {
        let f = FocusBench()
        f.window.setFocus(f.b)
        f.press(.select)
        #expect(f.fired == ["B"])
        f.window.setFocus(f.s)
        let was = f.s.isOn
        f.press(.select)
        #expect(f.s.isOn != was)
    }

    @Test("select held highlights the focused control; cancelled, it acts on nothing")
    func selectHeldHighlights() {
        let f = FocusBench()
        f.window.setFocus(f.a)
        f.app.handle(.press(.select, .began, timestamp: .zero))
        #expect(f.a.isHighlighted)
        f.app.handle(.press(.select, .cancelled, timestamp: .zero))
        #expect(!f.a.isHighlighted && f.fired.isEmpty)
    }

    @Test("hidden and disabled controls cannot take the focus")
    func hiddenAndDisabledSkipped() {
        let f = FocusBench()
        f.b.isHidden = true
        f.c.isEnabled = false
        #expect(!f.window.setFocus(f.b))
        f.window.setFocus(f.a)
        f.window.moveFocus(.next)
        #expect(f.window.focusedView === f.s)
    }

    @Test("menu takes the focus away")
    func menuClearsFocus() {
        let f = FocusBench()
        f.window.setFocus(f.a)
        f.press(.menu)
        #expect(f.window.focusedView == nil && !f.a.isFocused)
    }

    @Test("the focused control shows a blue ring inside its edge")
    func focusRingIsDrawn() throws {
        let f = FocusBench()
        let framebuffer = MemoryFramebuffer(width: 300, height: 200)
        f.app.display = Display(framebuffer: framebuffer)
        f.window.backgroundColor = .white
        f.window.setFocus(f.a)
        f.app.runOnce()
        let ring = framebuffer.withFrontBuffer { $0.color(x: 60, y: 11) }
        #expect(ring == Palette.light.focusRing)
        f.window.setFocus(nil)
        f.app.runOnce()
        #expect(framebuffer.withFrontBuffer { $0.color(x: 60, y: 11) } != Palette.light.focusRing)
    }

    @Test("a text field that is first responder keeps its arrows: the focus does not move")
    func textFieldKeepsArrows() {
        let f = FocusBench()
        let field = TextField(frame: Rect(x: 10, y: 180, width: 100, height: 20))
        f.window.addSubview(field)
        f.window.setFocus(f.a)
        field.text = "ab"
        _ = field.becomeFirstResponder()
        f.press(.leftArrow)
        #expect(f.window.focusedView === f.a)
        #expect(field.caretOffset == 1)
    }

    @Test("an encoder's detents move the focus through the controls, clockwise to the next")
    func rotationMovesFocus() {
        let f = FocusBench()
        f.window.setFocus(f.a)
        f.app.handle(.rotation(2, timestamp: .zero))
        #expect(f.window.focusedView === f.c)
        f.app.handle(.rotation(-1, timestamp: .zero))
        #expect(f.window.focusedView === f.b)
    }

    @Test("select on a focused slider makes the knob adjust it, a twentieth of its range per detent, until select again")
    func selectTogglesAdjusting() {
        let f = FocusBench()
        let slider = Slider(frame: Rect(x: 10, y: 180, width: 200, height: 20))
        slider.value = 0.5
        var changes = 0
        slider.addAction(.closure("changed") { _, _ in changes += 1 }, for: .valueChanged)
        f.window.addSubview(slider)
        f.window.setFocus(slider)
        f.press(.select)
        f.app.handle(.rotation(3, timestamp: .zero))
        #expect(abs(slider.value - 0.65) < 0.0001 && changes == 1)
        f.press(.select)
        f.app.handle(.rotation(1, timestamp: .zero))
        #expect(f.window.focusedView !== slider)
    }

    @Test("a stepper adjusted by the knob moves by its step and stays within its range")
    func stepperAdjusts() {
        let f = FocusBench()
        let stepper = Stepper(frame: Rect(x: 200, y: 180, width: 94, height: 20))
        stepper.maximumValue = 5
        f.window.addSubview(stepper)
        f.window.setFocus(stepper)
        f.press(.select)
        f.app.handle(.rotation(9, timestamp: .zero))
        #expect(stepper.value == 5)
    }

    @Test("with nothing focused, the first detent focuses the first control and the rest move on from it")
    func rotationFromNothing() {
        let f = FocusBench()
        f.app.handle(.rotation(2, timestamp: .zero))
        #expect(f.window.focusedView === f.b)
    }
}
