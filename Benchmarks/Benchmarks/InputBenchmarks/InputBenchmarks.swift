import Benchmark
import BenchmarkSupport
import PanelCore
import TouchControllers

// The input path, measured as LVGL's method does (BENCHMARKS.md): the queue,
// the two report decoders, a tap end to end from the queue and from the chip's interrupt at
// N = 10, 100 and 1000 buttons, hit-testing alone, and pan and pinch streams through the
// recognizers. Each hot path also has an allocation-only benchmark. Names have no spaces: the
// thresholds check looks the files up by the raw name.

/// LVGL's tap figure: (t1 − t0) + (click − t2), in nanoseconds, measured with the host clock
/// at the same points as LVGL's method.
let tapCPU = BenchmarkMetric.custom("tapCPU_ns", polarity: .prefersSmaller, useScalingFactor: false)

/// The queue and decode inputs: one frame of two contacts, and the two chips' reports.
@MainActor
enum Fixtures {
    static let queue = EventQueue(capacity: 64)
    static let frame: TouchFrame = {
        var frame = TouchFrame(timestamp: MonotonicInstant(nanoseconds: 1_000_000))
        _ = frame.append(Contact(trackID: 0, position: Point(x: 400, y: 240), phase: .moved, identity: 7))
        _ = frame.append(Contact(trackID: 1, position: Point(x: 500, y: 300), phase: .moved, identity: 8))
        return frame
    }()
    static let transform = TouchscreenTransform(controllerWidth: 800, controllerHeight: 480)
    /// FT6x06 burst read from 0x00: TD_STATUS 2, (400, 240) and (500, 300) in contact.
    static let ftReport: [UInt8] = [
        0x00, 0x00, 0x02,
        0x81, 0x90, 0x00, 0xF0, 0x18, 0x10,
        0x81, 0xF4, 0x11, 0x2C, 0x18, 0x10,
    ]
    /// GT911 read from 0x814E: ready with five points, then the key byte.
    static let gtReport: [UInt8] = {
        var bytes: [UInt8] = [0x85]
        for id in 0 ..< 5 {
            let x = 100 + id * 120, y = 80 + id * 60
            bytes += [UInt8(id), UInt8(x & 0xFF), UInt8(x >> 8), UInt8(y & 0xFF), UInt8(y >> 8), 0x20, 0x00, 0x00]
        }
        return bytes + [0x00]
    }()
}

@MainActor
func decodeFT(_ frame: inout TouchFrame) {
    Fixtures.ftReport.withUnsafeBytes { raw in
        try! FT6x06Report.decode(raw, maxContacts: 2, transform: Fixtures.transform, into: &frame)
    }
}

@MainActor
func decodeGT(_ frame: inout TouchFrame) {
    Fixtures.gtReport.withUnsafeBytes { raw in
        try! GT911Report.decode(raw, maxContacts: 5, transform: Fixtures.transform, into: &frame)
    }
}

/// Registers the tap benchmark and its allocation-only twin for one entry and size.
func tapBenchmarks(_ entry: TapEntry, count: Int) {
    // LVGL's method: 200 warm-up taps (done when the screen is built), then 5000 timed taps
    // (N = 10, 100) or 2000 (N = 1000).
    let taps = count >= 1000 ? 2000 : 5000
    let timed = Benchmark.Configuration(
        metrics: [tapCPU], warmupIterations: 0, maxDuration: .seconds(30), maxIterations: taps,
        thresholds: [tapCPU: BenchmarkThresholds(relative: [.p90: 50.0])])
    mainActorBenchmark("Tap_\(entry.rawValue)_N\(count)", configuration: timed) { benchmark in
        let bench = TapBench.shared(count: count, entry: entry)
        benchmark.measurement(tapCPU, bench.tap(benchmark: nil))
        if bench.failures > 0 { benchmark.error("\(bench.failures) taps did not fire their button's press and click exactly once") }
    }
    mainActorBenchmark("Allocations_Tap_\(entry.rawValue)_N\(count)", configuration: allocationsOnly()) { benchmark in
        let bench = TapBench.shared(count: count, entry: entry)
        _ = bench.tap(benchmark: benchmark)
        if bench.failures > 0 { benchmark.error("\(bench.failures) taps did not fire their button's press and click exactly once") }
    }
}

let benchmarks: @Sendable () -> Void = {
    // Thresholds (Thresholds/*.json, `scripts/bench --check`): timings may not grow by more
    // than half at p90 (machines differ); allocations must stay at zero.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 10, maxDuration: .seconds(3),
        maxIterations: 10_000, thresholds: [.wallClock: BenchmarkThresholds(relative: [.p90: 50.0])])
    // Operations of a few nanoseconds run 1000 times per sample (`scalingFactor: .kilo`); the
    // tables show the time per operation.
    var perOperation = Benchmark.defaultConfiguration
    perOperation.scalingFactor = .kilo
    perOperation.maxIterations = 2000

    // The queue: one frame of two contacts pushed and popped (single producer, single consumer).
    mainActorBenchmark("Queue_PushPop", configuration: perOperation) { benchmark in
        let queue = Fixtures.queue, frame = Fixtures.frame
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            _ = queue.push(frame)
            blackHole(queue.pop())
        }
        benchmark.stopMeasurement()
    }
    mainActorBenchmark("Allocations_Queue_PushPop", configuration: allocationsOnly()) { benchmark in
        let queue = Fixtures.queue, frame = Fixtures.frame
        benchmark.startMeasurement()
        for _ in 0 ..< 1000 {
            _ = queue.push(frame)
            blackHole(queue.pop())
        }
        benchmark.stopMeasurement()
    }

    // Report decode: FT6x06 (two points, 15 bytes) and GT911 (five points, 42 bytes).
    for (name, decode) in [("FT6x06_2Points", decodeFT), ("GT911_5Points", decodeGT)] as [(String, @MainActor (inout TouchFrame) -> Void)] {
        mainActorBenchmark("Decode_\(name)", configuration: perOperation) { benchmark in
            var frame = TouchFrame()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                decode(&frame)
                blackHole(frame.count)
            }
            benchmark.stopMeasurement()
        }
        mainActorBenchmark("Allocations_Decode_\(name)", configuration: allocationsOnly()) { benchmark in
            var frame = TouchFrame()
            benchmark.startMeasurement()
            for _ in 0 ..< 1000 { decode(&frame) }
            benchmark.stopMeasurement()
            if frame.count == 0 { benchmark.error("the report decoded to no contacts") }
        }
    }

    // A tap end to end, from the queue and from the chip's interrupt.
    for entry in [TapEntry.queue, .interrupt] {
        for count in [10, 100, 1000] { tapBenchmarks(entry, count: count) }
    }

    // Hit-testing alone.
    for count in [10, 100, 1000] {
        mainActorBenchmark("HitTest_Random_N\(count)", configuration: perOperation) { benchmark in
            let bench = HitTestBench.shared(count: count)
            let points = bench.randomPoints
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations { blackHole(bench.hit(points[i & 1023])) }
            benchmark.stopMeasurement()
        }
    }
    for (name, index) in [("FirstCreated", 0), ("LastCreated", 999)] {
        mainActorBenchmark("HitTest_\(name)_N1000", configuration: perOperation) { benchmark in
            let bench = HitTestBench.shared(count: 1000)
            let point = bench.grid.center(of: index)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(bench.hit(point)) }
            benchmark.stopMeasurement()
        }
    }
    mainActorBenchmark("Allocations_HitTest_Random_N1000", configuration: allocationsOnly()) { benchmark in
        let bench = HitTestBench.shared(count: 1000)
        let points = bench.randomPoints
        benchmark.startMeasurement()
        for point in points { blackHole(bench.hit(point)) }
        benchmark.stopMeasurement()
    }

    // Gesture frames through the recognizers.
    for (name, kind) in [("Pan", GestureBench.Kind.pan), ("Pinch", .pinch)] {
        mainActorBenchmark("Gesture_\(name)Frame", configuration: nil) { benchmark in
            GestureBench.shared(kind).frame(benchmark: benchmark)
        }
        mainActorBenchmark("Allocations_Gesture_\(name)Frame", configuration: allocationsOnly(maxIterations: 1000)) { benchmark in
            GestureBench.shared(kind).frame(benchmark: benchmark)
        }
    }
}
