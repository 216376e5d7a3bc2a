// Touch → first changed pixel in the scanned-out buffer of a DRM display, the flip wait
// counted, on a real kernel (scripts/latency --drm runs it in the QEMU testbed's bochs card;
// on a Pi, run it as root with the app stopped). A uinput touchscreen is read by PanelKit's evdev
// source on its input thread; LVGL's 100-button grid is drawn into DRMFramebuffer, turned by
// the steps of the loop apps run (Platform.run's: runOnce, then LinuxRunLoop's wait until the
// next timer), one step at a time so that each flip can be looked at. For each tap: the finger goes down, the loop runs, and each completed flip's
// buffer is looked at until the tapped button's probe pixel has changed; that flip's vertical
// blank (the kernel's timestamp: the new frame's first line leaving for the glass) minus the
// touch's evdev timestamp is the latency. Then idle and blanked: run-loop wake-ups and CPU.
// Then animation pacing: a view moved across the screen for 1.5 s, its frames started by the
// page-flip events (DRMFramebuffer.paceFrames) and then by the free-running 60 Hz timer, and
// the intervals between the flips that showed them (the kernel's vblank timestamps).
//
// Usage: DRMLatency [--card /dev/dri/card0] [--taps N] [--idle-seconds N]
import BenchScreens
import BenchmarkSupport
import Glibc
import PanelBench
import PanelCore
import PanelGraphics
import PanelLinux
import PanelPlatform
import PanelUI

struct Options {
    var card = "/dev/dri/card0"
    var taps = 200
    var idleSeconds: Int64 = 3
}

func fail(_ message: String) -> Never {
    var text = "error: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func parse() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        func number(_ range: ClosedRange<Int>) -> Int {
            guard let text = arguments.popFirst(), let n = Int(text), range.contains(n) else {
                fail("\(argument) takes a number in \(range.lowerBound)…\(range.upperBound)")
            }
            return n
        }
        switch argument {
        case "--card":
            guard let path = arguments.popFirst() else { fail("--card takes a path, e.g. /dev/dri/card0") }
            options.card = path
        case "--taps": options.taps = number(1 ... 100_000)
        case "--idle-seconds": options.idleSeconds = Int64(number(1 ... 3600))
        case "-h", "--help":
            print("usage: DRMLatency [--card /dev/dri/card0] [--taps N] [--idle-seconds N]")
            exit(0)
        default: fail("unknown option \(argument)")
        }
    }
    return options
}

/// CPU time this process has used, in nanoseconds.
func cpuNanoseconds() -> UInt64 {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func ns(_ t: timeval) -> UInt64 { UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_usec) * 1_000 }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

@MainActor
func measure(_ options: Options) throws {
    let screen = try UInputTouchscreen(name: "PanelKit latency touchscreen")
    let source = EvdevTouchSource(path: try screen.devicePath(), grab: true)
    let stop = try WakeSignal()
    source.interruptor = stop
    let wake = try WakeSignal()
    let queue = EventQueue(capacity: 64, wakeUp: wake)
    var pipeline = TouchPipeline(source: source, queue: queue, clock: SystemClock())
    try pipeline.start()
    let input = try InputThread(pipeline: pipeline, stopSignal: stop)
    defer { input.stop() }

    let display = try DRMFramebuffer(path: options.card)
    let width = display.geometry.width
    let height = display.geometry.height
    let grid = ButtonGrid(count: 100, clock: SystemClock(), eventQueue: queue, width: width, height: height)
    let app = grid.application
    app.display = Display(framebuffer: display)
    let loop = try LinuxRunLoop(queueSignal: wake, clock: SystemClock())
    /// One step of the loop apps run (`Platform.run`): the app's turn, then the epoll wait until
    /// its next timer; `timeout` bounds the wait so that the measurement can look between steps.
    @discardableResult
    func turn(timeout: MonotonicDuration) -> Bool {
        app.runOnce()
        return loop.wait(until: app.nextTimerDeadline, timeout: timeout)
    }

    /// Runs turns until `done` or a second passes; every flip is waited for as it is queued, so
    /// each completed flip's buffer can be looked at.
    func run(until done: () -> Bool) -> Bool {
        let deadline = SystemClock().now + .milliseconds(1_000)
        while !done() {
            guard SystemClock().now < deadline else { return false }
            turn(timeout: .milliseconds(5))
            display.waitForFlip()
        }
        return true
    }
    /// Lets the grid settle: no timers (the highlight fade over), no flip queued.
    func settle() { _ = run { app.nextTimerDeadline == nil && !display.isFlipPending } }

    _ = run { display.flipCount > 0 }
    settle()
    var random = LCG(seed: 2026)
    var touchToPixel: [UInt64] = []
    var writeToPixel: [UInt64] = []
    var flipWait: [UInt64] = []
    var flipsToShow: [UInt64] = []
    var lost = 0
    // The first taps fault in code and caches; ten of them are not counted.
    let warmUp = 10
    for tap in 0 ..< options.taps + warmUp {
        let button = grid.buttons[random.next(below: grid.buttons.count)]
        // A point of the button's background, clear of its title.
        let probe = (x: Int(button.frame.minX + button.frame.width * 0.15), y: Int(button.frame.midY))
        let before = display.withFrontBuffer { $0.color(x: probe.x, y: probe.y) }
        let flipsBefore = display.flipCount
        let written = SystemClock().now
        screen.press(x: Int32(button.frame.midX), y: Int32(button.frame.midY))
        let shown = run { display.flipCount > flipsBefore && display.withFrontBuffer { $0.color(x: probe.x, y: probe.y) } != before }
        if tap < warmUp {
            // Not counted.
        } else if shown, let flip = display.lastFlip, let touched = app.lastFrameTimestamp, let presented = display.lastPresentTime {
            touchToPixel.append(flip.time > touched ? (flip.time - touched).nanoseconds.magnitude : 0)
            writeToPixel.append(flip.time > written ? (flip.time - written).nanoseconds.magnitude : 0)
            flipWait.append(flip.time > presented ? (flip.time - presented).nanoseconds.magnitude : 0)
            flipsToShow.append(display.flipCount - flipsBefore)
        } else {
            lost += 1
        }
        screen.lift()
        settle()
        usleep(useconds_t(20_000 + random.next(below: 40_000)))
        settle()
    }

    /// Wake-ups and CPU over the idle seconds, the loop sleeping as an app's does.
    func idle() -> (wakeups: UInt64, cpu: UInt64) {
        settle()
        let wakeups = loop.statistics.wakeups
        let cpu = cpuNanoseconds()
        let end = SystemClock().now + .seconds(options.idleSeconds)
        while SystemClock().now < end { turn(timeout: end - SystemClock().now) }
        return (loop.statistics.wakeups - wakeups, cpuNanoseconds() - cpu)
    }
    /// A view moved across the screen for 1.5 s on the real run loop; the vblank times of the
    /// flips that showed its frames, and how many frames ran.
    final class Flips {
        var times: [MonotonicInstant] = []
    }
    func animate(paced: Bool) -> (flips: [MonotonicInstant], frames: Int) {
        settle()
        let flips = Flips()
        var source: LinuxRunLoop.Source?
        if paced { source = try? display.paceFrames(of: app, on: loop) }
        let pacing = display.onFlip
        display.onFlip = { time in
            pacing?(time)
            flips.times.append(time)
        }
        let mover = View(frame: Rect(x: 0, y: Double(height) / 2 - 30, width: 60, height: 60))
        mover.backgroundColor = .red
        grid.window.addSubview(mover)
        let ticks = app.frameClock.tickCount
        View.animate(withDuration: 1.5, options: .curveLinear) { mover.frame.origin.x = Double(width - 60) }
        let end = SystemClock().now + .milliseconds(1_600)
        while SystemClock().now < end { turn(timeout: .milliseconds(20)) }
        let frames = app.frameClock.tickCount - ticks
        if let source { loop.remove(source) }
        display.onFlip = nil
        mover.removeFromSuperview()
        settle()
        return (flips.times, frames)
    }
    let paced = animate(paced: true)
    let timed = animate(paced: false)

    let lit = idle()
    try display.setDisplayPower(on: false)
    let blanked = idle()
    try display.setDisplayPower(on: true)

    let mode = display.output.mode
    let refresh = UInt64(1_000_000_000 / max(mode.refresh, 1))
    print(
        "DRM latency: \(options.card) \(display.output.connector.name) \(mode), \(grid.buttons.count) buttons, \(options.taps) taps (after \(warmUp) not counted)"
    )
    print("  \(padded("", 58))\(padded("p50", 12))\(padded("p99", 12))max")
    for (name, values) in [
        ("touch (evdev timestamp) → first changed pixel scanned out", touchToPixel),
        ("uinput write → first changed pixel scanned out", writeToPixel),
        ("flip queued → flip done (the wait for vblank)", flipWait),
    ] {
        print("  \(padded(name, 58))\(padded(format(percentile(values, 0.5)), 12))\(padded(format(percentile(values, 0.99)), 12))\(format(values.max() ?? 0))")
    }
    let oneFlip = flipsToShow.filter { $0 == 1 }.count
    print("  a press shown by its first flip: \(oneFlip) of \(flipsToShow.count) (most flips to show one: \(flipsToShow.max() ?? 0)); lost taps: \(lost)")
    print("  flip wait within one refresh (\(format(refresh))): \(flipWait.filter { $0 <= refresh }.count) of \(flipWait.count)")
    for (name, run) in [("frames paced by page flips", paced), ("frames on the 60 Hz timer", timed)] {
        let intervals = zip(run.flips.dropFirst(), run.flips).map { ($0 - $1).nanoseconds.magnitude }
        let deviations = intervals.map { $0 > refresh ? $0 - refresh : refresh - $0 }
        print(
            "  \(padded(name + ":", 30))\(run.frames) frames, \(run.flips.count) flips in 1.6 s; flip interval p50 \(format(percentile(intervals, 0.5))), p99 \(format(percentile(intervals, 0.99))), max \(format(intervals.max() ?? 0)); |interval − refresh| p99 \(format(percentile(deviations, 0.99)))"
        )
    }
    let seconds = Double(options.idleSeconds)
    for (name, measured) in [("idle, lit", lit), ("idle, blanked (DPMS off)", blanked)] {
        let perSecond = Double(measured.wakeups) / seconds
        print("  \(padded(name, 26))run-loop wake-ups \(measured.wakeups) in \(options.idleSeconds) s (\(perSecond)/s), CPU \(format(measured.cpu))")
    }
    if lost > 0 { exit(1) }
}

let options = parse()
MainActor.assumeIsolated {
    do { try measure(options) } catch { fail("\(error)") }
}
