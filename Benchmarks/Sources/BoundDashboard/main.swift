// BoundDashboard: PanelKit's side of the observer comparison with LVGL (Benchmarks/LVGL/lvobserver.c).
//
// usage: BoundDashboard [frames=1000] [warmup=100]
// BenchScreens' BoundDashboardBench: 4 gauges, a 200-point chart and 20 labels on an 800x480
// XRGB8888 screen, each bound through updateProperties to its own @Observable signal. The model
// changes 1000 times a second, one signal at a time in turn; a timed 60 Hz frame makes the 16 or
// 17 changes since the last one and runs the application once (the views that read a changed
// signal update, once each, and what changed is drawn and presented). After each, an idle frame
// (no change) is timed too.
// prints: panelkit-observer frames=<n> frame_p50_us=<> frame_p99_us=<> frame_max_us=<>
//         idle_frame_p50_us=<> scene_heap_bytes=<> peak_rss_kb=<>
// Allocations per frame: RenderBenchmarks' Allocations_BoundDashboard_Frame and _IdleFrame.
// Instructions per frame: Benchmarks/LVGL/run.sh observer runs it under callgrind with 0 and N
// frames and divides the difference by N.
import BenchScreens
import CHeapUsage
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

let numbers = CommandLine.arguments.dropFirst().map { Int($0) }
guard numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else {
    print("usage: BoundDashboard [frames=1000] [warmup=100]  (whole numbers)")
    exit(2)
}
let frames = numbers.count > 0 ? numbers[0]! : 1000
let warmup = numbers.count > 1 ? numbers[1]! : 100

MainActor.assumeIsolated {
    let before = Int(heap_bytes_in_use())
    let bench = BoundDashboardBench()
    let sceneHeap = Int(heap_bytes_in_use()) - before
    var times: [Int64] = []
    var idle: [Int64] = []
    times.reserveCapacity(frames)
    idle.reserveCapacity(frames)
    for k in 0 ..< warmup + frames {
        let ns = nanoseconds { bench.frame() }
        let idleNs = nanoseconds { bench.idleFrame() }
        if k >= warmup {
            times.append(ns)
            idle.append(idleNs)
        }
    }
    times.sort()
    idle.sort()
    print(
        "panelkit-observer frames=\(frames) frame_p50_us=\(percentile(times, 50)) frame_p99_us=\(percentile(times, 99))"
            + " frame_max_us=\(percentile(times, 100)) idle_frame_p50_us=\(percentile(idle, 50))"
            + " scene_heap_bytes=\(sceneHeap) peak_rss_kb=\(peakResidentKilobytes())")
}
