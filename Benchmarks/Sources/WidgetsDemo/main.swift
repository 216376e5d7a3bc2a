// WidgetsDemo: PanelKit's side of the widgets-demo comparison with LVGL (Benchmarks/LVGL/lvdemo.c):
// Examples/WidgetShowcase, LVGL 9.4's lv_demo_widgets rebuilt, on an 800x480 XRGB8888 memory
// framebuffer and a manual clock.
//
// usage: WidgetsDemo [redraws=500] [switches=24] [warmup=3] [--phase NAME]
// Phases, each printed as one line (times in µs; a frame is the clock moved one frame-clock
// interval, 16.7 ms, and one run of the application: timers, frame clock, layout, draw, present):
//   create        WidgetShowcase() made the window's root (its first tab's view is loaded; the
//                 other tabs load when first shown, as UIKit's do): one sample
//   first_frame   the first run: layout and the whole first frame: one sample
//   full_redraw   the whole window marked for drawing and one run, on Profile, warm
//   photo         the Profile photo marked for drawing and one run: its 136x136 area redrawn
//                 (the card and the ring behind it, the photo clipped round), warm
//   idle          a frame on Profile with nothing to do
//   switch_first  the first switch Profile → Analytics (a tap on its tab: Analytics' view is
//                 loaded, both tabs are drawn once and cross-faded in 0.25 s): per frame and whole
//   switch        warm switches cycling Shop → Profile → Analytics → Shop…: per frame and whole
//   dials         Analytics scrolled to its three dials, which sweep to new values once a
//                 second: every frame of 3 s
// --phase NAME runs the set-up and that phase only (Benchmarks/LVGL/run.sh demo counts each
// phase's instructions under callgrind as the difference from a run with 0 samples).
import BenchmarkSupport
import Glibc
import PanelBench
import PanelCore
import PanelUI
import ShowcaseScreens

let (numbers, only): ([Int], String?) = {
    var numbers: [Int] = []
    var only: String?
    var arguments = CommandLine.arguments.dropFirst()[...]
    while let argument = arguments.popFirst() {
        if argument == "--phase", let name = arguments.popFirst() {
            only = name
        } else if let n = Int(argument), n >= 0 {
            numbers.append(n)
        } else {
            print("usage: WidgetsDemo [redraws=500] [switches=24] [warmup=3] [--phase create|first_frame|full_redraw|photo|idle|switch_first|switch|dials]")
            exit(2)
        }
    }
    return (numbers, only)
}()
let redraws = numbers.count > 0 ? numbers[0] : 500
let switches = numbers.count > 1 ? numbers[1] : 24
let warmup = numbers.count > 2 ? numbers[2] : 3

func report(_ phase: String, _ samples: [UInt64], extra: String = "") {
    guard only == nil || only == phase else { return }
    let us = { (ns: UInt64) in Double(ns / 100) / 10 }
    print(
        "panelkit-demo \(phase) samples=\(samples.count) p50_us=\(us(median(samples))) p99_us=\(us(percentile(samples, 0.99)))"
            + " max_us=\(us(samples.max() ?? 0))\(extra)")
}

@MainActor func timed(_ body: () -> Void) -> UInt64 {
    let start = hostNanoseconds()
    body()
    return hostNanoseconds() - start
}

func wanted(_ phase: String) -> Bool { only == nil || only == phase }

/// The showcase on an 800×480 memory framebuffer and a manual clock.
@MainActor
final class Scene {
    let clock = ManualClock()
    let application: Application
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    var showcase: WidgetShowcase!

    init() {
        clock.recordsSleeps = false
        application = Application(clock: clock)
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        application.addWindow(window)
        window.makeKeyAndVisible()
    }

    /// One frame: the clock moves one frame-clock interval and the application runs once.
    func frame() {
        clock.advance(by: FrameClock.interval)
        application.runOnce()
    }

    /// Taps tab `index` (its button's action, as a finger's lift sends it) and runs frames
    /// until the cross-fade is over; returns the frames' times.
    func tabSwitch(to index: Int) -> [UInt64] {
        var times: [UInt64] = []
        times.append(
            timed {
                showcase.tabs.tabBar.buttons[index].sendActions(for: .touchUpInside)
                frame()
            })
        while application.frameClock.isRunning && times.count < 1000 { times.append(timed { frame() }) }
        return times
    }
}

@MainActor func run() {
    let scene = Scene()
    let application = scene.application, window = scene.window
    let create = timed {
        scene.showcase = WidgetShowcase()
        window.rootViewController = scene.showcase
    }
    report("create", [create])
    report("first_frame", [timed { application.runOnce() }])
    let showcase = scene.showcase!
    let frame = scene.frame

    if wanted("full_redraw") {
        var samples: [UInt64] = []
        for k in 0 ..< 20 + redraws {
            window.setNeedsDisplay()
            let ns = timed { application.runOnce() }
            if k >= 20 { samples.append(ns) }
        }
        report("full_redraw", samples)
    }
    if wanted("photo") {
        var samples: [UInt64] = []
        for k in 0 ..< 20 + redraws {
            showcase.profile.avatar.setNeedsDisplay()
            let ns = timed { application.runOnce() }
            if k >= 20 { samples.append(ns) }
        }
        report("photo", samples)
    }
    if wanted("idle") {
        for _ in 0 ..< 20 { frame() }
        report("idle", (0 ..< 300).map { _ in timed { frame() } })
    }
    if wanted("switch_first") || wanted("switch") || wanted("dials") {
        let first = scene.tabSwitch(to: 1)
        report("switch_first", first, extra: " frames=\(first.count) whole_us=\(Double(first.reduce(0, +) / 100) / 10)")
    }
    if wanted("switch") {
        var frames: [UInt64] = [], wholes: [UInt64] = []
        var counts = Set<Int>()
        var next = 2
        for k in 0 ..< warmup + switches {
            let times = scene.tabSwitch(to: next)
            next = (next + 1) % 3
            guard k >= warmup else { continue }
            frames += times
            wholes.append(times.reduce(0, +))
            counts.insert(times.count)
        }
        report("switch", frames, extra: " frames_per_switch=\(counts.min() ?? 0)..\(counts.max() ?? 0)")
        report("switch", wholes, extra: " (whole switches)")
    }
    if wanted("dials") {
        if showcase.tabs.selectedIndex != 1 { _ = scene.tabSwitch(to: 1) }
        let page = showcase.analytics.page
        page.setContentOffset(page.maximumContentOffset, animated: false)
        for _ in 0 ..< 20 { frame() }
        report("dials", (0 ..< 180).map { _ in timed { frame() } })
    }
}

MainActor.assumeIsolated { run() }
