// What the benchmark targets share: LVGL's random sequence, the host clock, the configuration
// of allocation-only benchmarks, and the hop onto the main actor.
public import Benchmark
import PanelCore
public import PanelGraphics
import PanelLinux
import PanelPlatform

/// The fixed-seed linear congruential generator of LVGL's method: the same sequence of buttons
/// in every run.
public struct LCG: Sendable {
    private var state: UInt32

    /// Starts the sequence at `seed`.
    public init(seed: UInt32 = 12345) { state = seed }

    /// The next number in `0 ..< bound`.
    public mutating func next(below bound: Int) -> Int {
        state = state &* 1_103_515_245 &+ 12345
        return Int((state >> 16) % UInt32(bound))
    }
}

/// CLOCK_MONOTONIC in nanoseconds: the clock LVGL's method reads around its timed points.
@inline(__always)
public func hostNanoseconds() -> UInt64 { SystemClock().now.nanoseconds }

/// The configuration of an allocation-only benchmark: malloc counts are its only metric (the
/// timing metrics add mallocs of their own), and any allocation fails the thresholds check.
/// `thresholds check` compares the run's p90 with Thresholds/ and applies only the tolerance
/// given for p90: with none there, a benchmark that allocates passes as "EQUAL".
public func allocationsOnly(maxIterations: Int = 200) -> Benchmark.Configuration {
    .init(
        metrics: [.mallocCountTotal], warmupIterations: 10, maxIterations: maxIterations,
        thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0, .p100: 0])])
}

/// Registers a benchmark whose body runs on the main actor, where PanelUI lives.
/// package-benchmark runs its closures off the main thread: each iteration hops to the main
/// actor once, and the body calls `startMeasurement()`/`stopMeasurement()` around the part it
/// times, so the hop and any untimed preparation stay out of the figure.
public func mainActorBenchmark(
    _ name: String, configuration: Benchmark.Configuration? = nil,
    _ body: @escaping @MainActor (Benchmark) -> Void
) {
    Benchmark(name, configuration: configuration ?? Benchmark.defaultConfiguration) { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run { body(benchmark) }
    }
}

/// LVGL's flush, for like-for-like figures: frames are drawn into a RAM buffer and `present`
/// copies the dirty rectangles row by row into a separate 800×480×4 array standing in for
/// `/dev/fb0`, which is what `LinuxFramebuffer` does in its shadow-buffer mode. `afterPresent`
/// runs after each copy (the end-to-end run looks at a probe pixel there).
public final class FlushCopyFramebuffer: Framebuffer {
    public let drawn = Bitmap(width: 800, height: 480, format: .xrgb8888)
    public let screen = Bitmap(width: 800, height: 480, format: .xrgb8888)
    public var afterPresent: (() -> Void)?

    public init() {}

    public var geometry: FramebufferGeometry { FramebufferGeometry(width: 800, height: 480, strideBytes: 3200, format: .xrgb8888) }
    public func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R { try body(drawn.pixels) }
    public func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R { try body(screen.pixels) }
    public func present(_ region: DirtyRegion) throws(FramebufferError) {
        for rect in region { screen.pixels.copy(rect, from: drawn.pixels) }
        afterPresent?()
    }
}

/// One object per key, built on first use (outside any measurement) and kept for the run.
@MainActor
public func cached<Key: Hashable, Value>(_ cache: inout [Key: Value], _ key: Key, _ make: () -> Value) -> Value {
    if let value = cache[key] { return value }
    let value = make()
    cache[key] = value
    return value
}
