// Physical inputs on a real kernel (scripts/latency --inputs runs it in the QEMU testbed):
// a GPIO button's edge → its press delivered to the app, p50/p99; a rotary encoder turned at
// 200 detents a second, every detent counted; and the run loop's wake-ups with every input
// source open and nothing touched. The lines are gpio-sim's, pulled by a "finger" thread
// while the UI thread sleeps in the run loop as an app's does.
//
// Usage: InputLatency [--pushes N]
import BenchmarkSupport
import Glibc
import MotionSensors
import PanelBench
import PanelBoards
import PanelControllers
import PanelCore
import PanelKit
import PanelLinux
import PanelLinuxPlatform
import PanelPlatform
import PanelThreads

func fail(_ message: String) -> Never {
    var text = "error: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func environment(_ name: String) -> String {
    guard let value = getenv(name) else { fail("\(name) is not set: run it in the testbed (scripts/latency --inputs)") }
    return String(cString: value)
}

let gpioChip = environment("TESTBED_GPIOCHIP")
let gpioSysfs = environment("TESTBED_GPIO_SYSFS")

/// Sets gpio-sim's simulated input level of `line` (an edge when it changes).
@Sendable func pull(_ line: Int, up: Bool) {
    let fd = open("\(gpioSysfs)/sim_gpio\(line)/pull", O_WRONLY)
    guard fd >= 0 else { fail("cannot open gpio-sim line \(line): errno \(errno)") }
    let text = up ? "pull-up" : "pull-down"
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
}

/// Records each input with the time it reached the app.
@MainActor
final class Collector: RunLoopClient {
    let eventQueue: EventQueue? = nil
    let clock: any MonotonicClock = SystemClock()
    var nextTimerDeadline: MonotonicInstant? { nil }
    var arrivals: [(input: DeviceInput, at: MonotonicInstant)] = []
    func runOnce() {}
    func handle(_ input: DeviceInput) { arrivals.append((input, SystemClock().now)) }
    func cancelAllTouches() {}
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// CPU time this process has used, in nanoseconds.
func cpuNanoseconds() -> UInt64 {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func ns(_ t: timeval) -> UInt64 { UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_usec) * 1_000 }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
}

@MainActor
func measure(pushes: Int) throws {
    for line in [4, 5, 6, 7] { pull(line, up: false) }
    let screen = try UInputTouchscreen(name: "PanelKit bench touchscreen")
    _ = try screen.devicePath()
    let board = try Board(
        json: """
            {"model": "inputs", "touch": {"compatible": "linux,evdev", "device-name": "PanelKit bench touchscreen"},
             "display": {"device": "memory", "width": 800, "height": 480},
             "buttons": [{"pin": {"chip": "\(gpioChip)", "line": 5}, "press": "select"}],
             "encoders": [{"a": {"chip": "\(gpioChip)", "line": 6}, "b": {"chip": "\(gpioChip)", "line": 7}}]}
            """, path: "inputs.json", name: "inputs", controllers: .standard)
    let collector = Collector()
    let wake = try WakeSignal()
    let queue = EventQueue(capacity: 64, wakeUp: wake)
    let loop = try LinuxRunLoop(queueSignal: wake, clock: SystemClock())
    let input = try LiveInput.start(board: board, queue: queue)
    defer { input.thread.stop() }
    let buttons = try LiveButtons(board: board, logger: .panelKit())
    try buttons.start(on: loop, client: collector)
    defer { buttons.stop(runLoop: loop, client: collector) }
    let interrupt = try LinuxGPIOLine(chip: gpioChip, line: .offset(4), activeLow: false, direction: .input(edges: .rising, bias: .asIs))
    let motion = LiveMotion(sensor: LIS3DH(bus: LIS3DHEmulator()), line: interrupt, logger: .panelKit())
    try motion.start(on: loop, client: collector)
    defer { motion.stop() }
    let clockWatch = try WallClockWatch(runLoop: loop) {}
    defer { clockWatch.stop() }
    usleep(200_000)  // gpio-sim requests the lines' interrupts after the chardev marks them used

    /// Runs the loop until `done`, sleeping in it as an app does.
    func run(until done: () -> Bool, seconds: Int64) {
        let deadline = SystemClock().now + .seconds(seconds)
        while !done() && SystemClock().now < deadline {
            loop.wait(until: nil, timeout: .milliseconds(50))
            while queue.pop() != nil {}
        }
    }

    // 1. Button pushes, 20–40 ms apart, held 30 ms.
    let finger = startThread("bench-finger") {
        var random = LCG(seed: 22)
        for _ in 0 ..< pushes {
            usleep(useconds_t(20_000 + random.next(below: 20_000)))
            pull(5, up: true)
            usleep(30_000)
            pull(5, up: false)
        }
    }
    run(until: { collector.arrivals.count >= 2 * pushes }, seconds: Int64(pushes) / 10 + 10)
    finger.join()
    var began: [UInt64] = []
    var ended: [UInt64] = []
    for (input, at) in collector.arrivals {
        guard case .press(_, let phase, let edge) = input, at > edge else { continue }
        if phase == .began { began.append((at - edge).nanoseconds.magnitude) } else { ended.append((at - edge).nanoseconds.magnitude) }
    }
    let pressesOK = began.count == pushes && ended.count == pushes

    // 2. The encoder at 200 detents/s: 200 clockwise, then 200 back; a transition every 1.25 ms.
    collector.arrivals.removeAll()
    let knob = startThread("bench-knob") {
        let clockwise: [(line: Int, up: Bool)] = [(7, true), (6, true), (7, false), (6, false)]
        var next = SystemClock().now.nanoseconds
        for direction in 0 ..< 2 {
            for _ in 0 ..< 200 {
                let steps = direction == 0 ? clockwise : clockwise.reversed().map { ($0.line, !$0.up) }
                for step in steps {
                    next += 1_250_000
                    sleep(until: next)
                    pull(step.line, up: step.up)
                }
            }
        }
    }
    var turned = (clockwise: 0, back: 0)
    run(
        until: {
            turned = (0, 0)
            for (input, _) in collector.arrivals {
                if case .rotation(let n, _) = input { if n > 0 { turned.clockwise += n } else { turned.back -= n } }
            }
            return turned.clockwise >= 200 && turned.back >= 200
        }, seconds: 20)
    knob.join()
    run(until: { false }, seconds: 1)
    turned = (0, 0)
    for (input, _) in collector.arrivals {
        if case .rotation(let n, _) = input { if n > 0 { turned.clockwise += n } else { turned.back -= n } }
    }
    let encoderOK = turned.clockwise == 200 && turned.back == 200

    // 3. Idle with every source open: the touchscreen's input thread, the button, the encoder,
    // the accelerometer's interrupt, the wall clock watch.
    run(until: { false }, seconds: 1)
    let wakeups = loop.statistics.wakeups
    let cpu = cpuNanoseconds()
    let idleSeconds: Int64 = 3
    let end = SystemClock().now + .seconds(idleSeconds)
    while SystemClock().now < end { loop.wait(until: nil, timeout: end - SystemClock().now) }
    let idleWakeups = loop.statistics.wakeups - wakeups
    let idleCPU = cpuNanoseconds() - cpu

    print("inputs on the kernel (gpio-sim, uinput), \(pushes) button pushes")
    print("  \(padded("", 44))\(padded("p50", 12))\(padded("p99", 12))max")
    for (name, values) in [("button edge → press began delivered", began), ("button edge → press ended delivered", ended)] {
        print("  \(padded(name, 44))\(padded(format(percentile(values, 0.5)), 12))\(padded(format(percentile(values, 0.99)), 12))\(format(values.max() ?? 0))")
    }
    print("  presses: \(began.count) began, \(ended.count) ended of \(pushes) pushes")
    print(
        "  encoder at 200 detents/s: \(turned.clockwise) of 200 clockwise, \(turned.back) of 200 back, \(buttons.encoders.first?.decoder.glitches ?? 0) glitches dropped"
    )
    print("  idle with every source open: run-loop wake-ups \(idleWakeups) in \(idleSeconds) s, CPU \(format(idleCPU))")
    if !pressesOK || !encoderOK || idleWakeups != 0 { exit(1) }
}

var pushes = 200
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--pushes":
        guard let text = arguments.popFirst(), let n = Int(text), (1 ... 10_000).contains(n) else { fail("--pushes takes 1…10000") }
        pushes = n
    case "-h", "--help":
        print("usage: InputLatency [--pushes N]")
        exit(0)
    default: fail("unknown option \(argument)")
    }
}
MainActor.assumeIsolated {
    do { try measure(pushes: pushes) } catch { fail("\(error)") }
}
