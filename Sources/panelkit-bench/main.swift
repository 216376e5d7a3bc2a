// panelkit-bench: the input path on the mock bench, no hardware needed.
//
// Plays scripted fingers on an emulated FT6336U and an emulated GT911 through the real drivers,
// the tracker and the event queue, and prints every phase the UI side receives. Until the UI
// and `panelctl demo` land, this is what `swift run` shows.
import PanelCore
import PanelTesting
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
