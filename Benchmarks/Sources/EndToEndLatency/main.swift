// panelkit end-to-end latency: real threads, the real run loop, an emulated FT6336U scanning at
// 100 Hz behind a simulated 400 kHz I2C bus. Run with `scripts/latency` (`--help` for options).
import BenchmarkSupport
import Glibc
import PanelLinux

struct Options {
    var runs = 3
    var taps = 100
    var lostTaps = 100
    var idleSeconds: UInt64 = 5

    init(_ arguments: [String]) {
        var rest = arguments[...]
        func number(_ name: String) -> Int {
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                fail("\(name) needs a positive whole number")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = number(argument)
            case "--taps": taps = number(argument)
            case "--lost-taps": lostTaps = number(argument)
            case "--idle-seconds": idleSeconds = UInt64(number(argument))
            case "--quick":
                runs = 1; taps = 20; lostTaps = 20; idleSeconds = 2
            case "-h", "--help":
                print(
                    """
                    usage: scripts/latency [--runs N] [--taps N] [--lost-taps N] [--idle-seconds N] [--quick]

                    Measures PanelKit end to end as LVGL's method does: 100 buttons, taps from a
                    finger thread at random phase (150–300 ms apart), an emulated FT6336U scanning
                    at 100 Hz behind a simulated 400 kHz I2C bus, PanelKit's input thread and
                    Platform.run on LinuxRunLoop, drawing into an 800×480 XRGB8888 framebuffer.

                      --runs N          latency runs of 100 ms taps (default 3)
                      --taps N          taps per latency run (default 100)
                      --lost-taps N     taps per contact length in the lost-tap test (default 100)
                      --idle-seconds N  how long to count idle wake-ups (default 5)
                      --quick           1 run of 20 taps, 20 taps per lost-tap case, 2 s idle
                    """)
                exit(0)
            default: fail("unknown option \(argument) (see --help)")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    var text = "error: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

func percent(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "–" }
    let tenths = (part * 1000 + whole / 2) / whole
    return "\(tenths / 10).\(tenths % 10) %"
}

/// The CPU model from /proc/cpuinfo.
func cpuModel() -> String {
    guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown CPU" }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, 512, file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("model name") {
            return String(text.drop { $0 != ":" }.dropFirst().drop { $0 == " " }.prefix { $0 != "\n" })
        }
    }
    return "unknown CPU"
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
/// What went wrong beyond timing: a lost tap (with the integrating chip, every tap reaches a
/// report), an action on the wrong button, a driver error. Any of these makes the exit status 1.
var failures: [String] = []
print("PanelKit end to end, LVGL's method: 100 buttons on 800×480 XRGB8888; an emulated FT6336U")
print("scanning at 100 Hz; 400 kHz I2C (a 15-byte report read takes 412.5 µs); input thread +")
print("Platform.run on LinuxRunLoop; \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs, \(cpuModel())")
print("")

do {
    // Latency: LVGL's 100 ms taps, `runs` runs.
    var runs: [RunResult] = []
    for index in 0 ..< options.runs {
        let result = try run(
            RunConfiguration(
                taps: options.taps, contactMilliseconds: 100, integratingChip: true, seed: 12345 &+ UInt32(index),
                idleSeconds: index == 0 ? options.idleSeconds : 0))
        runs.append(result)
    }
    print("latency, \(options.runs) run(s) × \(options.taps) taps of 100 ms (p50: median of the runs' p50s [min–max]; p99: median of the runs' p99s)")
    print("  \(padded("", 46))\(padded("p50", 34))\(padded("p99", 12))LVGL v9.5 p50 / p99")
    let rows: [(String, KeyPath<RunResult, [UInt64]>, String)] = [
        ("INT edge of the press → touchDown action", \.press, "14.8 / 32.1 ms (PRESSED)"),
        ("INT edge of the lift → touchUpInside action", \.click, "15.3 / 33.0 ms (CLICKED)"),
        ("INT edge of the press → first changed pixel", \.pixel, "81.3 / 98.6 ms"),
        ("finger lands → touchDown (with scan wait)", \.contactToPress, "—"),
    ]
    for (name, path, lvgl) in rows {
        let p50s = runs.map { percentile($0[keyPath: path], 0.5) }
        let p99s = runs.map { percentile($0[keyPath: path], 0.99) }
        let p50 = "\(format(median(p50s))) [\(format(p50s.min() ?? 0))–\(format(p50s.max() ?? 0))]"
        print("  \(padded(name, 46))\(padded(p50, 34))\(padded(format(median(p99s)), 12))\(lvgl)")
    }
    let misfires = runs.reduce(0) { $0 + $1.misfires }
    let lost = runs.reduce(0) { $0 + $1.lostByPanelKit + $1.unseenByChip }
    let clicksLost = runs.reduce(0) { $0 + $1.clicksLost }
    let errors = runs.reduce(0) { $0 + $1.errors }
    print("  (each INT-edge figure includes the 412.5 µs the driver's report read takes on the bus)")
    print("  taps without touchDown \(lost), without touchUpInside \(clicksLost), actions on a wrong button \(misfires), driver errors \(errors)")
    if lost + clicksLost + misfires > 0 || errors > 0 {
        failures.append(
            "latency runs: \(lost) taps without touchDown, \(clicksLost) without touchUpInside, \(misfires) misfired actions, \(errors) driver errors")
    }
    if let loopIdle = runs.first?.idleLoopWakeupsPerSecond, let inputIdle = runs.first?.idleInputWakeupsPerSecond {
        print("")
        print("idle, \(options.idleSeconds) s untouched: UI thread \(loopIdle) wake-ups/s, input thread \(inputIdle) wake-ups/s (LVGL: 30/s, its 33 ms timer)")
    }

    // Lost taps at 5, 10 and 20 ms of contact, with a chip whose scan integrates over its period
    // (every contact reaches a report) and with one that samples at each scan.
    print("")
    print("lost taps, \(options.lostTaps) taps per case (a tap is lost when its touchDown action never runs)")
    print("  contact  integrating chip: lost   sampling chip: unseen by the chip / lost by PanelKit   LVGL v9.5")
    for contact: UInt64 in [5, 10, 20] {
        let integrating = try run(RunConfiguration(taps: options.lostTaps, contactMilliseconds: contact, integratingChip: true, seed: 777))
        let sampling = try run(RunConfiguration(taps: options.lostTaps, contactMilliseconds: contact, integratingChip: false, seed: 777))
        let lvgl = contact == 20 ? "38.5 %" : "—"
        let panelKitLost = integrating.lostByPanelKit + integrating.unseenByChip + sampling.lostByPanelKit
        if panelKitLost + integrating.misfires + sampling.misfires > 0 {
            failures.append("\(contact) ms taps: \(panelKitLost) lost by PanelKit, \(integrating.misfires + sampling.misfires) misfired actions")
        }
        print(
            "  \(padded("\(contact) ms", 9))\(padded(percent(integrating.lostByPanelKit + integrating.unseenByChip, of: integrating.taps), 25))\(padded("\(percent(sampling.unseenByChip, of: sampling.taps)) / \(percent(sampling.lostByPanelKit, of: sampling.taps))", 55))\(lvgl)"
        )
    }
} catch {
    fail("\(error)")
}
if !failures.isEmpty {
    for failure in failures { print("FAILED: \(failure)") }
    exit(1)
}
