// One end-to-end run: LVGL's method ("End to end with defaults", described in BENCHMARKS.md)
// on PanelKit. N = 100 buttons; taps from a finger thread at random phase (150–300 ms apart,
// `contact` long); the chip scans at 100 Hz; the driver runs on PanelKit's input thread, the UI
// on the loop apps run (Platform.run, asleep in LinuxRunLoop's epoll wait) on the main thread, drawing into an 800×480 XRGB8888 framebuffer.
import BenchScreens
import BenchmarkSupport
import Glibc
import PanelBench
import PanelCore
import PanelGraphics
import PanelLinux
import PanelPlatform
import PanelThreads
import PanelUI
import Synchronization
import TouchControllers

/// Per-tap timestamps (CLOCK_MONOTONIC ns, 0 = never). Each field is written by one thread —
/// the finger, the chip's scan or the UI — and read once every thread has stopped.
final class TapRecords: @unchecked Sendable {
    let count: Int
    let target: UnsafeMutableBufferPointer<Int>
    let touchAt: UnsafeMutableBufferPointer<UInt64>
    let pressReportAt: UnsafeMutableBufferPointer<UInt64>
    let liftReportAt: UnsafeMutableBufferPointer<UInt64>
    let pressActionAt: UnsafeMutableBufferPointer<UInt64>
    let clickActionAt: UnsafeMutableBufferPointer<UInt64>
    let pixelAt: UnsafeMutableBufferPointer<UInt64>
    /// Actions that fired on another button than the one tapped, or more than once.
    let misfires = Atomic<Int>(0)
    /// The tap in progress; the finger publishes it before touching.
    let currentTap = Atomic<Int>(-1)

    init(count: Int) {
        self.count = count
        func buffer<T>(_ value: T) -> UnsafeMutableBufferPointer<T> {
            let b = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
            b.initialize(repeating: value)
            return b
        }
        target = buffer(0)
        touchAt = buffer(0)
        pressReportAt = buffer(0)
        liftReportAt = buffer(0)
        pressActionAt = buffer(0)
        clickActionAt = buffer(0)
        pixelAt = buffer(0)
    }

    deinit {
        for b in [touchAt, pressReportAt, liftReportAt, pressActionAt, clickActionAt, pixelAt] { b.deallocate() }
        target.deallocate()
    }
}

/// The end-to-end run's framebuffer: LVGL's flush copy, then a look at the probe pixel of the
/// button being tapped, to record when it first changes on the "screen".
@MainActor
final class PixelProbe {
    let framebuffer = FlushCopyFramebuffer()
    var probes: [(x: Int, y: Int)] = []
    var baseline: [UInt32] = []

    func watch(_ records: TapRecords) {
        framebuffer.afterPresent = { [unowned self] in
            let tap = records.currentTap.load(ordering: .acquiring)
            guard tap >= 0, records.pixelAt[tap] == 0 else { return }
            let button = records.target[tap]
            let probe = self.probes[button]
            if self.framebuffer.screen.pixels.word(x: probe.x, y: probe.y) != self.baseline[button] {
                records.pixelAt[tap] = hostNanoseconds()
            }
        }
    }
}

/// What one run measured.
struct RunResult {
    var taps = 0
    /// INT edge of the report with the press → the button's touchDown action.
    var press: [UInt64] = []
    /// INT edge of the report with the lift → the button's touchUpInside action.
    var click: [UInt64] = []
    /// INT edge of the report with the press → the first changed probe pixel on the screen.
    var pixel: [UInt64] = []
    /// The finger landing → touchDown action: adds the wait for the chip's next scan.
    var contactToPress: [UInt64] = []
    /// Taps the chip never reported (its scan missed them).
    var unseenByChip = 0
    /// Taps the chip reported whose touchDown action never ran: lost by PanelKit.
    var lostByPanelKit = 0
    /// Taps the chip reported whose touchUpInside action never ran.
    var clicksLost = 0
    var misfires = 0
    /// Input-thread counters.
    var reports: UInt64 = 0
    var errors: UInt64 = 0
    /// Idle: run-loop and input-thread wake-ups per second with nothing touched.
    var idleLoopWakeupsPerSecond: Double?
    var idleInputWakeupsPerSecond: Double?
}

struct RunConfiguration {
    var taps: Int
    var contactMilliseconds: UInt64
    /// The chip reports a contact shorter than its scan period (FT6x06Emulator.reportsShortTouches).
    var integratingChip: Bool
    var seed: UInt32
    var idleSeconds: UInt64 = 0
    var buttons = 100
}

/// Flags the helper threads watch.
final class RunFlags: Sendable {
    let done = Atomic<Bool>(false)
}

@MainActor
func run(_ configuration: RunConfiguration) throws -> RunResult {
    let records = TapRecords(count: configuration.taps)
    let wakeUp = try WakeSignal()
    let queue = EventQueue(capacity: 64, wakeUp: wakeUp)
    let clock = SystemClock()
    let grid = ButtonGrid(count: configuration.buttons, clock: clock, eventQueue: queue)
    let probe = PixelProbe()
    grid.application.display = Display(framebuffer: probe.framebuffer)
    /// An action that stamps `field` for the current tap, once, on the tapped button.
    func stamp(_ field: UnsafeMutableBufferPointer<UInt64>) -> Action {
        .closure("stamp") { sender, _ in
            let tap = records.currentTap.load(ordering: .acquiring)
            guard tap >= 0, field[tap] == 0, sender === grid.buttons[records.target[tap]] else {
                records.misfires.add(1, ordering: .relaxed)
                return
            }
            field[tap] = hostNanoseconds()
        }
    }
    for button in grid.buttons {
        button.addTarget(nil, action: stamp(records.pressActionAt), for: .touchDown)
        button.addTarget(nil, action: stamp(records.clickActionAt), for: .touchUpInside)
        // The probe: inside the button, left of its centred label, where the pressed look
        // changes the background.
        let frame = button.frame
        probe.probes.append((x: Int(frame.minX) + 4, y: Int(frame.midY)))
    }
    grid.application.runOnce()  // the first full frame
    probe.baseline = probe.probes.map { probe.framebuffer.screen.pixels.word(x: $0.x, y: $0.y) }
    probe.watch(records)
    let centres = grid.buttons.map { (x: Int($0.frame.midX), y: Int($0.frame.midY)) }

    // The input side: chip, bus, INT line, driver, pipeline, input thread.
    let chip = SharedChip(shortTouches: configuration.integratingChip)
    let interrupt = try ChipInterrupt()
    let stopInput = try WakeSignal()
    typealias Driver = FT6x06<PacedBus, NoLine, InterruptLine, SystemClock>
    var driver = Driver(
        bus: PacedBus(shared: chip), interrupt: InterruptLine(line: interrupt, interruptor: stopInput), clock: clock,
        configuration: .init(transform: TouchscreenTransform(controllerWidth: 800, controllerHeight: 480)))
    try driver.start()
    var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
    try pipeline.start()
    let input = try InputThread(pipeline: pipeline, stopSignal: stopInput)
    // The loop an app runs: Platform.run, asleep in the epoll loop between turns.
    let platform = try LoopPlatform(framebuffer: probe.framebuffer, eventQueue: queue, wakeUp: wakeUp) { input.statistics }
    let loop = platform.runLoop
    let flags = RunFlags()

    // The chip's scan: every 10 ms, publish a report while anything is touched and raise INT.
    let scan = startThread("bench-scan") {
        let period: UInt64 = 10_000_000
        var next = hostNanoseconds() + period
        while !flags.done.load(ordering: .acquiring) {
            sleep(until: next)
            next += period
            let (reported, edge) = chip.state.withLock { state -> (Bool, UInt64) in
                guard state.chip.hasActivity else { return (false, 0) }
                state.chip.report()
                let edge = hostNanoseconds()
                let touching = state.chip.register(2) & 0x0F != 0
                if state.tap >= 0 {
                    if touching && !state.pressReported {
                        state.pressReported = true
                        records.pressReportAt[state.tap] = edge
                    } else if !touching && state.lifted && !state.liftReported {
                        state.liftReported = true
                        records.liftReportAt[state.tap] = edge
                    }
                }
                return (true, edge)
            }
            if reported { interrupt.raise(at: edge) }
        }
    }

    // The finger: LVGL's random phase, then `contact` on a random button's centre.
    let contact = configuration.contactMilliseconds * 1_000_000
    let taps = configuration.taps
    let stopLoop = loop.stopSignal
    let seed = configuration.seed
    let finger = startThread("bench-finger") {
        var random = LCG(seed: seed)
        for tap in 0 ..< taps {
            sleep(until: hostNanoseconds() + UInt64(150 + random.next(below: 151)) * 1_000_000)
            let button = random.next(below: centres.count)
            records.target[tap] = button
            records.currentTap.store(tap, ordering: .releasing)
            let touchedAt = chip.state.withLock { state -> UInt64 in
                state.tap = tap
                state.lifted = false
                state.pressReported = false
                state.liftReported = false
                state.chip.touch(finger: 0, x: centres[button].x, y: centres[button].y)
                return hostNanoseconds()
            }
            records.touchAt[tap] = touchedAt
            sleep(until: touchedAt + contact)
            chip.state.withLock { state in
                state.chip.lift(finger: 0)
                state.lifted = true
            }
        }
        sleep(until: hostNanoseconds() + 300_000_000)
        stopLoop.raise()
    }

    try platform.run(grid.application)
    finger.join()

    var result = RunResult()
    if configuration.idleSeconds > 0 {
        // Nothing touched: count the wake-ups of the UI thread and the input thread.
        let loopBefore = loop.statistics.wakeups
        let inputBefore = input.stepCount
        let seconds = configuration.idleSeconds
        let timer = startThread("bench-timer") {
            sleep(until: hostNanoseconds() + seconds * 1_000_000_000)
            stopLoop.raise()
        }
        try platform.run(grid.application)
        timer.join()
        // The stop signal itself wakes the loop once.
        result.idleLoopWakeupsPerSecond = Double(loop.statistics.wakeups - loopBefore - 1) / Double(seconds)
        result.idleInputWakeupsPerSecond = Double(input.stepCount - inputBefore) / Double(seconds)
    }
    flags.done.store(true, ordering: .releasing)
    scan.join()
    input.stop()

    result.taps = taps
    result.misfires = records.misfires.load(ordering: .relaxed)
    result.reports = input.reportCount
    result.errors = input.errorCount
    for tap in 0 ..< taps {
        let pressReport = records.pressReportAt[tap], liftReport = records.liftReportAt[tap]
        let pressAction = records.pressActionAt[tap], clickAction = records.clickActionAt[tap]
        if pressReport == 0 {
            result.unseenByChip += 1
            if pressAction != 0 { result.misfires += 1 }
            continue
        }
        if pressAction == 0 {
            result.lostByPanelKit += 1
        } else {
            result.press.append(pressAction - pressReport)
            result.contactToPress.append(pressAction - records.touchAt[tap])
        }
        if clickAction == 0 || liftReport == 0 {
            result.clicksLost += 1
        } else {
            result.click.append(clickAction - liftReport)
        }
        if records.pixelAt[tap] != 0 { result.pixel.append(records.pixelAt[tap] - pressReport) }
    }
    return result
}
