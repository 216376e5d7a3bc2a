// panelkit-bench: the input path on the mock bench, no hardware needed.
//
// Plays scripted fingers on an emulated FT6336U and an emulated GT911 through the real drivers,
// the tracker and the event queue, and prints every phase the UI side receives; then taps and
// drags a small screen of controls (PanelUI) through the same path and prints every action.
// Until the renderer and `panelctl demo` land, this is what `swift run` shows.
import PanelCore
import PanelTesting
import PanelUI
import Glibc
import TouchControllers

func show(_ title: String, _ ledger: TouchLedger, statistics: String) {
    print("== \(title)")
    for event in ledger.events {
        let x = Int(event.position.x.rounded()), y = Int(event.position.y.rounded())
        print("  touch #\(event.identity) \(event.phase) at (\(x), \(y))")
    }
    print("  \(statistics); every touch finished exactly once: \(ledger.violations.isEmpty && ledger.active.isEmpty)")
}

let transform = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)

// FT6336U: a tap, then a two-finger pinch.
do {
    let clock = ManualClock()
    let interrupt = MockLine(name: "ft6336u-int", clock: clock)
    let reset = MockLine(name: "ft6336u-reset", clock: clock, direction: .output)
    let chip = FT6x06Emulator(interrupt: interrupt, reset: reset, clock: clock)
    try interrupt.configureAsInput(edges: .rising, bias: .asIs)
    let queue = EventQueue(capacity: 64)
    let driver = FT6x06(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: .init(transform: transform))
    var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
    try pipeline.start()
    if let info = pipeline.source.info {
        print("FT6x06 bench: \(info.chip), vendor 0x\(String(info.vendorID, radix: 16)), firmware \(info.firmwareVersion), \(info.maxContacts) points")
    }
    let script = TouchScript(
        ScriptedFinger(1).down(at: Point(x: 60, y: 80), after: .milliseconds(5)).hold(for: .milliseconds(80)).lift(),
        ScriptedFinger(2).down(at: Point(x: 140, y: 240), after: .milliseconds(200)).move(to: Point(x: 60, y: 240), over: .milliseconds(60)).lift(),
        ScriptedFinger(3).down(at: Point(x: 180, y: 240), after: .milliseconds(200)).move(to: Point(x: 260, y: 240), over: .milliseconds(60)).lift())
    script.play(on: chip, clock: clock)
    var ledger = TouchLedger()
    pipeline.run(until: script.end(plus: .milliseconds(50)), into: &ledger)
    let s = pipeline.statistics
    show("FT6336U: tap, then pinch out", ledger, statistics: "\(s.reports) reports, \(s.errors) errors")
}

// GT911: reset and address strap, then a swipe up.
do {
    let clock = ManualClock()
    let interrupt = MockLine(name: "gt911-int", clock: clock)
    let reset = MockLine(name: "gt911-reset", clock: clock, direction: .output)
    let chip = GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
    let queue = EventQueue(capacity: 64)
    let driver = GT911(bus: chip, reset: reset, interrupt: interrupt, clock: clock, configuration: .init(transform: transform))
    var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
    try pipeline.start()
    if let info = pipeline.source.info {
        print("GT911 bench: \(info.variant) at \(info.address), firmware 0x\(String(info.firmwareVersion, radix: 16)), config v0x\(String(info.configVersion, radix: 16)), \(info.xResolution)×\(info.yResolution), \(info.maxContacts) points")
    }
    let script = TouchScript(
        ScriptedFinger(1).down(at: Point(x: 160, y: 420), after: .milliseconds(5)).move(to: Point(x: 160, y: 60), over: .milliseconds(90)).lift())
    script.play(on: chip, clock: clock)
    var ledger = TouchLedger()
    pipeline.run(until: script.end(plus: .milliseconds(50)), into: &ledger)
    let s = pipeline.statistics
    show("GT911: swipe up", ledger, statistics: "\(s.reports) reports, \(s.errors) errors, \(chip.repeatedInterrupts) repeated interrupts")
}

// PanelUI: a button, a switch and a slider on a 320×480 screen, driven through the FT6336U.
@MainActor
func controlsDemo() throws {
    var panel = try EmulatedFT6x06Panel(width: 320, height: 480)
    let clock = panel.clock
    let app = Application(clock: clock, eventQueue: panel.queue)
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.backgroundColor = Color(rgb: 0xF2F2F7)
    app.addWindow(window)
    window.makeKeyAndVisible()
    // Drawn into an RGB565 framebuffer in memory, as on a small SPI panel.
    let framebuffer = MemoryFramebuffer(width: 320, height: 480, format: .rgb565)
    app.display = Display(framebuffer: framebuffer)
    let counter = Label(frame: Rect(x: 20, y: 20, width: 280, height: 30))
    counter.text = "Taps: 0"
    counter.font = .title
    let button = Button(frame: Rect(x: 20, y: 60, width: 120, height: 44))
    button.setTitle("Count", for: .normal)
    let toggle = Switch(frame: Rect(x: 200, y: 66, width: 51, height: 31))
    let slider = Slider(frame: Rect(x: 20, y: 140, width: 280, height: 40))
    for view in [counter, button, toggle, slider] as [View] { window.addSubview(view) }

    var count = 0
    func log(_ text: String) {
        let ms = Double(clock.now.nanoseconds) / 1_000_000
        print("  \(String(Int(ms.rounded())).leftPadded(to: 5)) ms  \(text)")
    }
    button.addAction(.closure("count") { _, _ in
        count += 1
        counter.text = "Taps: \(count)"
        log("button touchUpInside -> \(counter.text!)")
    }, for: .touchUpInside)
    button.addAction(.closure("down") { _, _ in log("button touchDown (highlighted: \(button.isHighlighted))") }, for: .touchDown)
    button.addAction(.closure("repeat") { _, _ in log("button touchDownRepeat") }, for: .touchDownRepeat)
    button.addAction(.closure("exit") { _, _ in log("button touchDragExit") }, for: .touchDragExit)
    button.addAction(.closure("outside") { _, _ in log("button touchUpOutside (no count)") }, for: .touchUpOutside)
    toggle.addAction(.closure("toggle") { _, _ in log("switch valueChanged -> \(toggle.isOn ? "on" : "off")") }, for: .valueChanged)
    slider.addAction(.closure("slide") { _, _ in log("slider valueChanged -> \(String(format2: slider.value))") }, for: .valueChanged)

    let script = TouchScript(
        ScriptedFinger(1).down(at: Point(x: 80, y: 82), after: .milliseconds(10)).hold(for: .milliseconds(60)).lift(),
        ScriptedFinger(2).down(at: Point(x: 82, y: 80), after: .milliseconds(100)).hold(for: .milliseconds(60)).lift(),
        ScriptedFinger(3).down(at: Point(x: 80, y: 82), after: .milliseconds(700)).move(to: Point(x: 300, y: 300), over: .milliseconds(80)).lift(),
        ScriptedFinger(4).down(at: Point(x: 225, y: 80), after: .milliseconds(1000)).hold(for: .milliseconds(50)).lift(),
        ScriptedFinger(5).down(at: Point(x: 34, y: 160), after: .milliseconds(1300)).move(to: Point(x: 160, y: 160), over: .milliseconds(60)).lift())
    script.play(on: panel.chip, clock: clock)
    print("== PanelUI: tap, double tap, drag off, switch, slider (FT6336U -> driver -> queue -> Application)")
    let directory = ".build/panelkit-bench"
    mkdir(".build", 0o755)
    mkdir(directory, 0o755)
    var shots: [String] = []
    func screenshot(_ name: String) throws {
        let path = "\(directory)/\(name).png"
        try framebuffer.screenshot().writePNG(to: path)
        shots.append(path)
    }
    var pressedShot = false
    panel.run(until: script.end(plus: .milliseconds(50))) {
        app.runOnce()
        if button.isHighlighted && !pressedShot {
            pressedShot = true
            try? screenshot("button-pressed")
        }
    }
    try screenshot("final")
    print("  taps counted: \(count), switch \(toggle.isOn ? "on" : "off"), slider \(String(format2: slider.value))")
    print("  \(app.display!.framesRendered) frames rendered; screenshots: \(shots.joined(separator: ", "))")
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    init(format2 value: Float) {
        let hundredths = Int((value * 100).rounded())
        self = "\(hundredths / 100).\(String(hundredths % 100).leftPadded(to: 2).replacingSpaces())"
    }
    func replacingSpaces() -> String { String(map { $0 == " " ? "0" : $0 }) }
}

try MainActor.assumeIsolated { try controlsDemo() }
