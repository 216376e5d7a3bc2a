// ChartFeed: PanelKit's side of the chart comparison with LVGL (Benchmarks/LVGL/lvchart.c).
//
// usage: ChartFeed shift|circular [frames=1000] [warmup=100]
// LVGL's chart scene (PanelBench's ChartFeedBench): a 760x440 line chart centred on an 800x480
// XRGB8888 screen, 4 series of 1000 points on 0...1000, prefilled. A timed frame appends one
// sample to each series and runs the application once (the chart's changed area is drawn and
// presented); the samples are computed before the clock starts, as LVGL's harness does.
// prints: panelkit-chart <mode> frames=<n> frame_p50_us=<> frame_p99_us=<> frame_max_us=<>
//         chart_heap_bytes=<> peak_rss_kb=<>
// Instructions per frame: Benchmarks/LVGL/run.sh chart runs it under callgrind with 0 and N
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

/// Bytes the C heap has in use (mallinfo2's uordblks).
func heapInUse() -> Int { Int(heap_bytes_in_use()) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard let modeName = arguments.first, modeName == "shift" || modeName == "circular",
    arguments.dropFirst().allSatisfy({ Int($0).map { $0 >= 0 } ?? false })
else {
    print("usage: ChartFeed shift|circular [frames=1000] [warmup=100]  (whole numbers)")
    exit(2)
}
let numbers = arguments.dropFirst().compactMap { Int($0) }
let frames = numbers.count > 0 ? numbers[0] : 1000
let warmup = numbers.count > 1 ? numbers[1] : 100

MainActor.assumeIsolated {
    let before = heapInUse()
    let bench = ChartFeedBench(mode: modeName == "shift" ? .shift : .circular)
    // The chart's own heap: the scene's growth minus the screen's framebuffers, measured
    // separately below by building the same scene without the chart's samples.
    let withChart = heapInUse() - before
    var times: [Int64] = []
    times.reserveCapacity(frames)
    for k in 0 ..< warmup + frames {
        let values = bench.nextValues()
        let ns = nanoseconds { bench.frame(values) }
        if k >= warmup { times.append(ns) }
    }
    times.sort()
    print(
        "panelkit-chart \(modeName) frames=\(frames) frame_p50_us=\(percentile(times, 50)) frame_p99_us=\(percentile(times, 99))"
            + " frame_max_us=\(percentile(times, 100)) scene_heap_bytes=\(withChart) chart_heap_bytes=\(chartHeap()) peak_rss_kb=\(peakResidentKilobytes())")
}

/// The heap a 4 × 1000 chart with its series costs on its own: made, filled, drawn once.
@MainActor
func chartHeap() -> Int {
    let before = heapInUse()
    let chart = ChartView(frame: Rect(x: 0, y: 0, width: 760, height: 440))
    try? chart.setPointCount(1000)
    for _ in 0 ..< 4 { chart.addSeries().append(1) }
    let after = heapInUse()
    withExtendedLifetime(chart) {}
    return after - before
}
