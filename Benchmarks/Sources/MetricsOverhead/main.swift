// MetricsOverhead: what the metrics cost a tap (issue: at most 5 % more with them on).
//
// usage: MetricsOverhead off|record|on TAPS [N=100] [draw|nodraw]
// LVGL's grid of N buttons on an 800×480 XRGB8888 memory display; each tap is a press frame and
// a release frame pushed into the event queue, each followed by one turn of the application
// (dispatch, the button's actions, layout, drawing the changed button, presenting), as on a
// panel (`nodraw`: no display, LVGL's tap method, where the cost is dispatch alone). `on` is the runtime with `--metrics`: latency and render samples recorded, a Prometheus
// registry attached, and a scrape (update + text) after every 100 taps, as a 15 s scrape interval
// with a tap every 150 ms would be. `record` is `on` without the scrapes (the tap path alone).
// `off` is the default runtime.
//
// prints: metrics=<mode> taps=<n> buttons=<N> draw=<bool> ns_per_tap=<wall, in-process> scrape_us=<per scrape, on only>
// scripts/metrics-overhead runs it under callgrind with TAPS = 0 and 2000 in both modes and
// compares the instructions per tap (stable on a noisy machine).
import BenchScreens
import Glibc
import PanelBench
import PanelMetrics
import PanelPrometheus
import PanelUI

@MainActor
func run() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 3, ["off", "record", "on"].contains(arguments[1]), let taps = Int(arguments[2]), taps >= 0 else {
        print("usage: MetricsOverhead off|record|on TAPS [N=100] [draw|nodraw]")
        exit(2)
    }
    let on = arguments[1] == "on"
    let record = arguments[1] != "off"
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 100 : 100
    let clock = ManualClock()
    clock.recordsSleeps = false
    let queue = EventQueue(capacity: 64)
    let grid = ButtonGrid(count: count, clock: clock, eventQueue: queue)
    let app = grid.application
    let draws = arguments.count > 4 ? arguments[4] != "nodraw" : true
    if draws { app.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888)) }
    var clicks = 0
    for button in grid.buttons { button.addAction(.closure("clicked") { _, _ in clicks += 1 }, for: .touchUpInside) }
    app.runOnce()
    var exporter: PrometheusPanelMetrics?
    if on { exporter = PrometheusPanelMetrics(board: "mock") }
    app.recordsLatencySamples = record
    var scrapeNanoseconds: Int64 = 0
    var scrapes = 0
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    var identity: UInt32 = 0
    let start = ContinuousClock.now
    for i in 0 ..< taps {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let center = grid.center(of: Int(random >> 33) % count)
        identity &+= 1
        for phase in [TouchPhase.began, .ended] {
            var frame = TouchFrame(timestamp: clock.now)
            _ = frame.append(Contact(trackID: 0, position: center, phase: phase, identity: identity))
            queue.push(frame)
            app.runOnce()
            clock.advance(by: .milliseconds(50))
        }
        if let exporter, (i + 1) % 100 == 0 {
            let scrapeStart = ContinuousClock.now
            var sample = PanelMetrics.Sample()
            sample.touchDowns = app.touchDownCount
            sample.touchActions = app.touchActionCount
            sample.frames = UInt64(app.display?.framesRendered ?? 0)
            exporter.metrics.update(sample, latencies: app.touchActionLatencies, renders: app.renderDurations)
            let text = exporter.text()
            if text.isEmpty { print("empty scrape") }
            let elapsed = ContinuousClock.now - scrapeStart
            scrapeNanoseconds += elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            scrapes += 1
        }
    }
    let elapsed = ContinuousClock.now - start
    let total = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    guard clicks == taps else {
        print("error: \(taps) taps but \(clicks) clicks")
        exit(1)
    }
    let perTap = taps > 0 ? (total - scrapeNanoseconds) / Int64(taps) : 0
    let scrape = scrapes > 0 ? "\(scrapeNanoseconds / Int64(scrapes) / 1000)" : "-"
    print("metrics=\(arguments[1]) taps=\(taps) buttons=\(count) draw=\(draws) ns_per_tap=\(perTap) scrape_us=\(scrape)")
}

MainActor.assumeIsolated { run() }
