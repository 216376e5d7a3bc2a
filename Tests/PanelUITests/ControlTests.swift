import PanelBench
import PanelCore
import PanelUI
import Testing

/// A target with methods in the three shapes `Action.method` accepts.
@MainActor
final class Counter: Responder {
    var count = 0
    var senders: [ObjectIdentifier] = []
    var sawEvent = false
    func increment() { count += 1 }
    func tapped(_ sender: Button) {
        count += 1
        senders.append(ObjectIdentifier(sender))
    }
    func tappedWithEvent(_ sender: Control, _ event: Event?) {
        count += 1
        sawEvent = event != nil
    }
}

/// Seed 000: a control that redirects every action to itself.
@MainActor
final class RedirectingButton: Button {
    var handled = 0
    func handleAction() { handled += 1 }
    override func sendAction(_ action: Action, to target: AnyObject?, for event: Event?) {
        super.sendAction(.method("handleAction", RedirectingButton.handleAction), to: self, for: event)
    }
}

/// Logs its tracking hooks.
@MainActor
final class TrackingControl: Control {
    var log: Log?
    var acceptsTracking = true
    var continues = true
    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        log?.add("begin")
        return acceptsTracking
    }
    override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        log?.add("continue")
        return continues
    }
    override func endTracking(_ touch: Touch?, with event: Event?) { log?.add("end") }
    override func cancelTracking(with event: Event?) {
        log?.add("cancelTracking(\(event == nil ? "nil" : "event"))")
        super.cancelTracking(with: event)
    }
}

@MainActor
@Suite("Controls and target-action (A14–A18, B29–B32, E11, E12, E19, E20, E25)")
struct ControlTests {
    @Test("A14 control flags default as in UIKit and build the state with UIKit's bits")
    func flagsAndState() {
        let control = Control()
        #expect(control.isEnabled && !control.isSelected && !control.isHighlighted)
        #expect(control.state == .normal)
        control.isHighlighted = true
        control.isSelected = true
        control.isEnabled = false
        #expect(control.state.rawValue == 0b111)
        #expect(Control.State.focused.rawValue == 8)
        #expect(Control.State.application.rawValue == 0x00FF_0000 && Control.State.reserved.rawValue == 0xFF00_0000)
    }

    @Test("A15 control events carry UIKit's bit values")
    func eventBits() {
        #expect(ControlEvents.touchDown.rawValue == 1 && ControlEvents.touchDownRepeat.rawValue == 2)
        #expect(ControlEvents.touchDragInside.rawValue == 4 && ControlEvents.touchDragOutside.rawValue == 8)
        #expect(ControlEvents.touchDragEnter.rawValue == 16 && ControlEvents.touchDragExit.rawValue == 32)
        #expect(ControlEvents.touchUpInside.rawValue == 64 && ControlEvents.touchUpOutside.rawValue == 128)
        #expect(ControlEvents.touchCancel.rawValue == 256 && ControlEvents.valueChanged.rawValue == 4096)
        #expect(ControlEvents.primaryActionTriggered.rawValue == 8192)
        #expect(ControlEvents.editingDidBegin.rawValue == 1 << 16 && ControlEvents.editingDidEndOnExit.rawValue == 1 << 19)
        #expect(ControlEvents.allTouchEvents.rawValue == 0xFFF && ControlEvents.allEditingEvents.rawValue == 0xF0000)
        #expect(ControlEvents.applicationReserved.rawValue == 0x0F00_0000 && ControlEvents.systemReserved.rawValue == 0xF000_0000)
        #expect(ControlEvents.allEvents.rawValue == 0xFFFF_FFFF)
    }

    @Test("B29 drag out and back in sends exit, enter and up inside")
    func dragOutAndBackIn() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 100, y: 100, width: 100, height: 50)))
        EventRecorder(bench.log).watch(button, highlight: true)
        bench.down(150, 120)
        bench.move(160, 120)
        // 70 pt margin: x = 269 is inside, 271 outside.
        bench.move(269, 120)
        bench.move(271, 120)
        bench.move(300, 120)
        bench.move(150, 120)
        bench.up()
        #expect(
            bench.log.entries == [
                "touchDown[H]", "dragInside[H]", "dragInside[H]",
                "dragExit[-]", "dragOutside[-]", "dragOutside[-]",
                "dragEnter[-]", "dragInside[H]",
                "upInside[-]", "primary[-]",
            ])
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test("B29 lifting outside the expanded region sends touchUpOutside")
    func upOutside() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 100, y: 100, width: 100, height: 50)))
        EventRecorder(bench.log).watch(button)
        bench.down(150, 120)
        bench.move(400, 400)
        bench.up()
        #expect(bench.log.entries == ["touchDown", "dragExit", "dragOutside", "upOutside"])
    }

    @Test("E12 the expanded region is a per-control setting and isTouchInside reflects it")
    func expandedRegionSetting() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 100, y: 100, width: 100, height: 50)))
        button.expandedTouchMargin = 10
        EventRecorder(bench.log).watch(button)
        bench.down(150, 120)
        #expect(button.isTracking && button.isTouchInside)
        bench.move(215, 120)
        #expect(!button.isTouchInside)
        bench.up()
        #expect(bench.log.entries == ["touchDown", "dragExit", "dragOutside", "upOutside"])
        #expect(Control.defaultExpandedTouchMargin == 70 && Button().expandedTouchMargin == 70)
    }

    @Test("B30 two quick taps on a button send touchDownRepeat with the second touchDown")
    func twoQuickTaps() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        EventRecorder(bench.log).watch(button)
        var combined = 0
        button.addAction(.closure("both") { _, _ in combined += 1 }, for: [.touchDown, .touchDownRepeat])
        bench.tap(50, 20)
        bench.tap(52, 20)
        #expect(
            bench.log.entries == [
                "touchDown", "upInside", "primary",
                "touchDown", "touchDownRepeat", "upInside", "primary",
            ])
        // An action registered for both events runs once per send.
        #expect(combined == 2)
    }

    /// A logged tracking control of 100×50 at the origin.
    private func trackingControl(_ bench: Bench) -> TrackingControl {
        let control = bench.add(TrackingControl(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        control.log = bench.log
        EventRecorder(bench.log).watch(control)
        return control
    }

    @Test("A16 a tap with a move runs beginTracking, continueTracking and endTracking in order with their control events")
    func trackingHooks() {
        let bench = Bench()
        _ = trackingControl(bench)
        bench.down(10, 10)
        bench.move(20, 10)
        bench.up()
        #expect(bench.log.entries == ["begin", "touchDown", "continue", "dragInside", "end", "upInside"])
    }

    @Test("A16 a control that leaves its window mid-touch gets cancelTracking with a nil event and ends unhighlighted")
    func cancelTrackingWhenRemoved() {
        let bench = Bench()
        let control = trackingControl(bench)
        bench.down(10, 10)
        control.removeFromSuperview()
        #expect(bench.log.entries == ["begin", "touchDown", "cancelTracking(nil)", "cancel"] && !control.isTracking && !control.isHighlighted)
        bench.up()
    }

    @Test("E19 when beginTracking returns false only touchDown is sent for that touch")
    func beginTrackingRefused() {
        let bench = Bench()
        let control = bench.add(TrackingControl(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        control.acceptsTracking = false
        control.log = bench.log
        EventRecorder(bench.log).watch(control)
        bench.down(10, 10)
        bench.move(20, 10)
        bench.up()
        #expect(bench.log.entries == ["begin", "touchDown"])
        #expect(!control.isHighlighted)
    }

    @Test("A16 continueTracking returning false stops the events of that touch")
    func continueTrackingRefused() {
        let bench = Bench()
        let control = bench.add(TrackingControl(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        control.continues = false
        control.log = bench.log
        EventRecorder(bench.log).watch(control)
        bench.down(10, 10)
        bench.move(20, 10)
        bench.move(30, 10)
        bench.up()
        #expect(bench.log.entries == ["begin", "touchDown", "continue"])
    }

    @Test("B31 and E11 a disabled control does no tracking and forwards touches up the chain")
    func disabledControl() {
        let bench = Bench()
        let container = bench.add(LoggingView("container", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        container.addSubview(button)
        EventRecorder(bench.log).watch(button)
        button.isEnabled = false
        #expect(bench.window.hitTest(Point(x: 10, y: 10), with: nil) === button)
        bench.tap(10, 10)
        #expect(bench.log.entries == ["container.began(1)", "container.ended(1)"])
        #expect(!button.isHighlighted)
    }

    @Test("disabling a control mid-touch cancels its tracking and keeps the touch")
    func disabledMidTouch() {
        let bench = Bench()
        let container = bench.add(LoggingView("container", bench.log, frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let control = TrackingControl(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        control.log = bench.log
        container.addSubview(control)
        EventRecorder(bench.log).watch(control)
        bench.down(10, 10)
        control.isEnabled = false
        bench.move(20, 10)
        bench.up()
        #expect(bench.log.entries == ["begin", "touchDown", "cancelTracking(nil)"])
    }

    @Test("A18 a method of a weakly held target, with no argument, the sender, or sender and event")
    func methodActions() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        let counter = Counter()
        button.addTarget(counter, action: .method("increment", Counter.increment), for: .touchUpInside)
        button.addTarget(counter, action: .method("tapped", Counter.tapped), for: .touchUpInside)
        button.addTarget(counter, action: .method("tappedWithEvent", Counter.tappedWithEvent), for: .touchUpInside)
        bench.tap(10, 10)
        #expect(counter.count == 3)
        #expect(counter.senders == [ObjectIdentifier(button)])
        #expect(counter.sawEvent)
    }

    @Test("A18 targets are held weakly: a released target is skipped and forgotten")
    func weakTargets() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        var counter: Counter? = Counter()
        weak let weakCounter = counter
        button.addTarget(counter, action: .method("increment", Counter.increment), for: .touchUpInside)
        counter = nil
        #expect(weakCounter == nil)
        bench.tap(10, 10)
        #expect(button.allTargets.isEmpty && button.allControlEvents.isEmpty)
    }

    @Test("E25 several targets run in insertion order and a duplicate pair is stored once")
    func insertionOrderAndDuplicates() {
        let bench = Bench()
        let button = bench.add(Button(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        let first = Counter(), second = Counter()
        var order: [String] = []
        first.registerAction(.closure("note") { _, _ in order.append("first") })
        second.registerAction(.closure("note") { _, _ in order.append("second") })
        button.addTarget(second, action: "note", for: .touchUpInside)
        button.addTarget(first, action: "note", for: .touchUpInside)
        button.addTarget(second, action: "note", for: .touchUpInside)
        button.addTarget(second, action: "note", for: .touchDown)
        bench.tap(10, 10)
        #expect(order == ["second", "second", "first"])
        #expect(button.actions(forTarget: second, forControlEvent: .touchUpInside) == ["note"])
        #expect(button.actions(forTarget: second, forControlEvent: .touchDown) == ["note"])
        #expect(button.allTargets.count == 2 && button.allTargets[0] === second)
        #expect(button.allControlEvents == [.touchUpInside, .touchDown])
    }

    @Test("A18 removeTarget removes events, a nil action removes all of a target's actions, a nil target every target's")
    func removeTarget() {
        let button = Button()
        let a = Counter(), b = Counter()
        button.addTarget(a, action: .method("increment", Counter.increment), for: [.touchUpInside, .touchDown])
        button.addTarget(a, action: .method("tapped", Counter.tapped), for: .touchUpInside)
        button.addTarget(b, action: .method("increment", Counter.increment), for: .touchUpInside)
        button.addTarget(nil, action: "increment", for: .valueChanged)
        button.removeTarget(a, action: "increment", for: .touchDown)
        #expect(button.actions(forTarget: a, forControlEvent: .touchDown) == nil)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == ["increment", "tapped"])
        button.removeTarget(a, action: nil, for: .allEvents)
        #expect(button.actions(forTarget: a, forControlEvent: .allEvents) == nil)
        #expect(button.allTargets.count == 2)
        #expect(button.allTargets.contains { $0 == nil })
        #expect(button.actions(forTarget: nil, forControlEvent: .valueChanged) == ["increment"])
        button.removeTarget(nil, action: "increment", for: .allEvents)
        #expect(button.allTargets.isEmpty && button.allControlEvents.isEmpty)
        // Closure actions are removed by identifier.
        button.addAction(.closure("log") { _, _ in }, for: .touchDown)
        #expect(button.allControlEvents == .touchDown)
        button.removeAction(identifiedBy: "log", for: .touchDown)
        #expect(button.allControlEvents.isEmpty)
    }

    @Test("seed 000: a control overriding sendAction(_:to:for:) redirects every action to itself")
    func sendActionOverride() {
        let bench = Bench()
        let button = bench.add(RedirectingButton(frame: Rect(x: 0, y: 0, width: 100, height: 50)))
        let counter = Counter()
        button.addTarget(counter, action: .method("increment", Counter.increment), for: .touchUpInside)
        bench.tap(10, 10)
        #expect(button.handled == 1)
        #expect(counter.count == 0)
    }

    @Test("seed 000: sendActions(for:) fires the registered actions with no touch, even before the control is in a window")
    func sendActionsWithoutTouch() {
        let button = RedirectingButton(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let kept = Counter()
        button.addTarget(kept, action: .method("increment", Counter.increment), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(button.handled == 1 && kept.count == 0)
        let plain = Button()
        let counter = Counter()
        plain.addTarget(counter, action: .method("tappedWithEvent", Counter.tappedWithEvent), for: .touchUpInside)
        plain.sendActions(for: .touchUpInside)
        #expect(counter.count == 1 && !counter.sawEvent)
    }

    /// A controller that performs "save", a first-responder field inside it, and a button
    /// whose touchUpInside sends "save" to a nil target.
    private func saveScreen(_ bench: Bench) -> (button: Button, field: FieldView, controller: ViewController, saves: () -> Int) {
        let controller = ViewController()
        bench.window.rootViewController = controller
        let field = FieldView(bench.log)
        controller.view.addSubview(field)
        var saved = 0
        controller.registerAction(.closure("save") { _, _ in saved += 1 })
        _ = field.becomeFirstResponder()
        let button = Button(frame: Rect(x: 100, y: 100, width: 100, height: 50))
        controller.view.addSubview(button)
        button.addTarget(nil, action: "save", for: .touchUpInside)
        return (button, field, controller, { saved })
    }

    @Test("B32 a nil-target action from a tapped button is performed by the first responder's nearest ancestor that has it")
    func nilTargetActionWalksTheChain() {
        let bench = Bench()
        let screen = saveScreen(bench)
        bench.tap(110, 110)
        #expect(screen.saves() == 1 && screen.field.target(forAction: "save", withSender: screen.button) === screen.controller)
    }

    @Test("B32 a nil-target action nothing in the chain performs returns false")
    func unhandledNilTargetActionReturnsFalse() {
        let bench = Bench()
        let screen = saveScreen(bench)
        #expect(!bench.app.sendAction("print", to: nil, from: screen.button, for: nil))
    }

    @Test("E20 with no first responder a nil-target action starts at the sender")
    func nilTargetFromSender() {
        final class CountingController: ViewController {
            var count = 0
            func increment() { count += 1 }
        }
        let bench = Bench()
        let controller = CountingController()
        bench.window.rootViewController = controller
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        controller.view.addSubview(button)
        controller.registerAction(.method("increment", CountingController.increment))
        button.addTarget(nil, action: "increment", for: .touchUpInside)
        #expect(bench.window.firstResponder == nil)
        bench.tap(10, 10)
        #expect(controller.count == 1)
    }

    @Test("A18 canPerformAction can refuse an action so the search continues up the chain")
    func canPerformActionOverride() {
        final class Refusing: View {
            var allow = false
            override func canPerformAction(_ action: Selector, withSender sender: AnyObject?) -> Bool {
                allow && super.canPerformAction(action, withSender: sender)
            }
        }
        let bench = Bench()
        let outer = bench.add(View(frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        let inner = Refusing(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        outer.addSubview(inner)
        var log: [String] = []
        inner.registerAction(.closure("copy") { _, _ in log.append("inner") })
        outer.registerAction(.closure("copy") { _, _ in log.append("outer") })
        let button = Button(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        inner.addSubview(button)
        #expect(bench.app.sendAction("copy", to: nil, from: button, for: nil))
        inner.allow = true
        #expect(bench.app.sendAction("copy", to: nil, from: button, for: nil))
        #expect(log == ["outer", "inner"])
    }

    @Test("A18 an application subclass sees every action a control sends")
    func applicationSendActionHook() {
        final class AuditingApp: Application {
            var seen: [String] = []
            override func sendAction(_ action: Action, to target: AnyObject?, from sender: AnyObject?, for event: Event?) -> Bool {
                seen.append(action.selector.name)
                return super.sendAction(action, to: target, from: sender, for: event)
            }
        }
        let app = AuditingApp(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(button)
        let counter = Counter()
        button.addTarget(counter, action: .method("increment", Counter.increment), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(app.seen == ["increment"] && counter.count == 1)
    }

    @Test("a method action sent to a target of another type is not performed")
    func mismatchedTarget() {
        let app = Application(clock: ManualClock())
        let action = Action.method("increment", Counter.increment)
        #expect(!app.sendAction(action, to: View(), from: nil, for: nil))
        let counter = Counter()
        #expect(app.sendAction(action, to: counter, from: nil, for: nil) && counter.count == 1)
        // A sender of the wrong type does not match a method that takes a Button.
        #expect(!app.sendAction(.method("tapped", Counter.tapped), to: counter, from: Slider(), for: nil))
    }

    @Test("Switch toggles on a tap, sets by direction on a drag, and sends valueChanged then primaryActionTriggered")
    func switchBehaviour() {
        let bench = Bench()
        let toggle = bench.add(Switch(frame: Rect(x: 100, y: 100, width: 51, height: 31)))
        EventRecorder(bench.log).watch(toggle)
        #expect(!toggle.isOn)
        bench.tap(120, 110)
        #expect(toggle.isOn)
        #expect(bench.log.entries == ["touchDown", "valueChanged", "primary", "upInside"])
        bench.log.clear()
        // A drag to the right on an on switch changes nothing.
        bench.clock.advance(by: .milliseconds(1000))
        bench.down(110, 110)
        bench.move(140, 110)
        bench.up()
        #expect(toggle.isOn && !bench.log.entries.contains("valueChanged"))
        // A drag to the left turns it off.
        bench.clock.advance(by: .milliseconds(1000))
        bench.down(140, 110)
        bench.move(105, 110)
        bench.up()
        #expect(!toggle.isOn && bench.log.entries.contains("valueChanged"))
        // setOn sends nothing.
        bench.log.clear()
        toggle.setOn(true, animated: false)
        #expect(bench.log.entries.isEmpty && toggle.isOn)
    }

    /// A 0…100 slider whose 200-point track runs from x = 114 to 314, at value 50, recording
    /// every valueChanged.
    private func slider(_ bench: Bench) -> (Slider, () -> [Float]) {
        let slider = bench.add(Slider(frame: Rect(x: 100, y: 100, width: 228, height: 40)))
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.value = 50
        var values: [Float] = []
        slider.addAction(.closure("value") { sender, _ in values.append((sender as! Slider).value) }, for: .valueChanged)
        return (slider, { values })
    }

    @Test("Slider: dragging its thumb sends valueChanged at every move")
    func sliderDragsItsThumb() {
        let bench = Bench()
        let (slider, values) = slider(bench)
        slider.value = 0
        #expect(slider.thumbRect == Rect(x: 0, y: 6, width: 28, height: 28))
        bench.down(114, 120)
        bench.move(164, 120)
        bench.move(214, 120)
        bench.up()
        #expect(values() == [25, 50] && slider.value == 50)
    }

    @Test("Slider: a touch on the track away from the thumb does not move it")
    func sliderIgnoresTouchesOffTheThumb() {
        let bench = Bench()
        let (slider, values) = slider(bench)
        bench.down(300, 120)
        bench.move(310, 120)
        bench.up()
        #expect(values().isEmpty && slider.value == 50)
    }

    @Test("Slider: a slider that is not continuous sends one valueChanged, on release")
    func sliderNotContinuous() {
        let bench = Bench()
        let (slider, values) = slider(bench)
        slider.isContinuous = false
        bench.down(214, 120)
        bench.move(234, 120)
        bench.move(264, 120)
        bench.up()
        #expect(values() == [75])
    }

    @Test("Slider: values are clamped to the range")
    func sliderClamps() {
        let (slider, _) = slider(Bench())
        slider.value = 1000
        #expect(slider.value == 100)
    }

    @Test("Button keeps titles per state and falls back to the normal title")
    func buttonTitles() {
        let button = Button()
        button.setTitle("Start", for: .normal)
        button.setTitle("Starting", for: .highlighted)
        #expect(button.currentTitle == "Start")
        button.isHighlighted = true
        #expect(button.currentTitle == "Starting")
        button.isEnabled = false
        #expect(button.currentTitle == "Start")
    }
}
