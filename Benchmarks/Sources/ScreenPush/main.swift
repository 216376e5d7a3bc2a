// ScreenPush: PanelKit's side of the screen-load comparison with LVGL (Benchmarks/LVGL/lvscrload.c).
//
// usage: ScreenPush [transitions=30] [warmup=4] [width=800] [height=480] [--bar]
// Two screens as LVGL's screen-load scene has them (PanelBench's ScreenLoadBench: 20 labelled
// buttons and a list of 13 rows each), in a NavigationController with its bar hidden (--bar
// keeps it). A transition is setViewControllers([other], animated: true), which pushes the
// other screen: it slides in from the right in 0.35 s. Then one frame at a time (the clock
// advances one frame-clock interval, 16.7 ms, and the application runs once: the frame clock
// moves the snapshots and the display draws and presents) until it ends. The call is timed
// with the first frame, as LVGL's lv_screen_load_anim is. Transitions alternate between the
// two screens; the first `warmup` are not timed.
// prints: panelkit-push WxH transitions=<t> frames=<n> frames_per_transition=<a>..<b>
//         frame_p50_us=<> frame_p90_us=<> frame_p99_us=<> frame_max_us=<> first_frame_p50_us=<>
//         later_frame_p99_us=<> transition_p50_us=<> peak_rss_kb=<>
// Instructions per frame: Benchmarks/LVGL/run.sh scrload runs it under callgrind with 0 and N
// transitions and divides the difference by the frames.
import BenchScreens
import Glibc
import PanelBench
import PanelUI

func nanoseconds(_ body: () -> Void) -> Int64 {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
}

func percentile(_ sorted: [Int64], _ q: Int) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return Double(sorted[min(sorted.count * q / 100, sorted.count - 1)]) / 1000
}

/// VmHWM from /proc/self/status: the peak resident set, in kB (-1 when unreadable).
func peakResidentKilobytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") { return Int(text.dropFirst(6).filter(\.isNumber)) ?? -1 }
    }
    return -1
}

let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--bar" }
let showsBar = CommandLine.arguments.contains("--bar")
let numbers = arguments.compactMap { Int($0) }
guard numbers.count == arguments.count, numbers.allSatisfy({ $0 >= 0 }) else {
    print("usage: ScreenPush [transitions=30] [warmup=4] [width=800] [height=480] [--bar]  (whole numbers)")
    exit(2)
}
let transitions = numbers.count > 0 ? numbers[0] : 30
let warmup = numbers.count > 1 ? numbers[1] : 4
let width = numbers.count > 2 ? numbers[2] : 800
let height = numbers.count > 3 ? numbers[3] : 480

MainActor.assumeIsolated {
    let bench = ScreenLoadBench(width: width, height: height, showsBar: showsBar)
    var frames: [Int64] = []
    var firstFrames: [Int64] = []
    var laterFrames: [Int64] = []
    var totals: [Int64] = []
    var fewest = Int.max, most = 0
    for k in 0 ..< warmup + transitions {
        let measured = k >= warmup
        var count = 0
        var total: Int64 = 0
        var running = true
        while running {
            let ns = nanoseconds {
                if count == 0 { bench.startTransition() }
                running = bench.frame()
            }
            if measured {
                frames.append(ns)
                if count == 0 { firstFrames.append(ns) } else { laterFrames.append(ns) }
            }
            count += 1
            total += ns
        }
        if measured {
            totals.append(total)
            fewest = min(fewest, count)
            most = max(most, count)
        }
    }
    frames.sort()
    firstFrames.sort()
    laterFrames.sort()
    totals.sort()
    print(
        "panelkit-push \(width)x\(height)\(showsBar ? " bar" : "") transitions=\(transitions) frames=\(frames.count) frames_per_transition=\(transitions > 0 ? fewest : 0)..\(most)"
            + " frame_p50_us=\(percentile(frames, 50)) frame_p90_us=\(percentile(frames, 90)) frame_p99_us=\(percentile(frames, 99)) frame_max_us=\(percentile(frames, 100))"
            + " first_frame_p50_us=\(percentile(firstFrames, 50)) later_frame_p99_us=\(percentile(laterFrames, 99))"
            + " transition_p50_us=\(percentile(totals, 50)) peak_rss_kb=\(peakResidentKilobytes())")
}
