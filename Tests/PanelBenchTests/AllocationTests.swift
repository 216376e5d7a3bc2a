import Glibc
import MallocInterposerSwift
import PanelBench
import PanelCore
import Testing
import TouchControllers

/// The thread whose allocations `countMallocs` counts, and its count. Written before the hook
/// is installed; the hook only touches them on that thread.
nonisolated(unsafe) private var measuredThread = pthread_self()
nonisolated(unsafe) private var measuredThreadAllocations = 0

/// Counts mallocs made by `body` on this thread. The interposer's own totals are process-wide,
/// so an allocation by another thread (swift-testing reporting the previous test, say) could
/// land in a measured window; the allocation hook runs on the allocating thread and counts only
/// this one.
func countMallocs(_ body: () -> Void) -> Int {
    measuredThread = pthread_self()
    measuredThreadAllocations = 0
    MallocInterposerSwift.setAllocationHook { _ in
        if pthread_equal(pthread_self(), measuredThread) != 0 { measuredThreadAllocations += 1 }
    }
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    body()
    MallocInterposerSwift.unhook()
    MallocInterposerSwift.setAllocationHook(nil)
    return measuredThreadAllocations
}

/// Accumulates mallocs over many separately counted regions: what the emulated finger and chip
/// do to change their state (the stand-in for the physical world) stays outside; the input path
/// — wait for the interrupt, the I2C read from the chip, decode, track, enqueue, dequeue — is
/// counted.
struct MallocMeter {
    var total = 0
    mutating func measure(_ body: () -> Void) { total += countMallocs(body) }
}

/// Whether this build is optimized. Allocation figures are about the code as deployed: in a
/// debug (-Onone) build the compiler heap-boxes variables captured by non-escaping closures,
/// which optimized builds keep on the stack, so the zero-allocation tests run in the optimized
/// pass of `scripts/test` and are reported as skipped in the debug pass.
let isOptimizedBuild: Bool = {
    #if DEBUG
    return false
    #else
    return true
    #endif
}()

@Suite("Zero allocation on the input path", .serialized)
struct AllocationTests {
    @Test("the malloc counter sees allocations (positive control)")
    func positiveControl() {
        let count = countMallocs {
            for i in 0 ..< 10 { blackHole([Int](repeating: i, count: 100)) }
        }
        #expect(count >= 10)
    }

    @Test("steady-state FT6x06 read, decode, track, enqueue and dequeue allocate nothing", .enabled(if: isOptimizedBuild))
    func ftSteadyState() throws {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let interrupt = MockLine(name: "int", clock: clock, direction: .input)
        interrupt.recordsHistory = false
        try interrupt.configureAsInput(edges: .rising, bias: .asIs)
        let chip = FT6x06Emulator(interrupt: interrupt, clock: clock)
        let queue = EventQueue(capacity: 64)
        let driver = FT6x06(
            bus: chip, interrupt: interrupt, clock: clock, configuration: .init(transform: TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)))
        var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        try pipeline.start()
        var delivered = 0
        var meter = MallocMeter()
        func inputPath() {
            pipeline.step(timeout: .zero)
            while let item = queue.pop() { if case .frame(let f) = item { delivered += f.count } }
        }
        func taps(_ n: Int) {
            for i in 0 ..< n {
                for step in 0 ..< 4 {
                    chip.touch(finger: 1, x: 10 + step * 5, y: 10 + i % 100)
                    chip.report()
                    clock.advance(by: .milliseconds(2))
                    meter.measure(inputPath)
                }
                chip.lift(finger: 1)
                chip.report()
                clock.advance(by: .milliseconds(2))
                meter.measure(inputPath)
            }
        }
        taps(10)  // warm up
        meter.total = 0
        taps(1000)
        #expect(meter.total == 0)
        #expect(delivered == 1010 * 5)
        #expect(pipeline.statistics.errors == 0)
    }

    @Test("steady-state GT911 read, decode, clear, track, enqueue and dequeue allocate nothing", .enabled(if: isOptimizedBuild))
    func gtSteadyState() throws {
        let clock = ManualClock()
        clock.recordsSleeps = false
        let interrupt = MockLine(name: "int", clock: clock, direction: .input)
        interrupt.recordsHistory = false
        let chip = GT911Emulator(interrupt: interrupt, clock: clock)
        let queue = EventQueue(capacity: 64)
        let driver = GT911(
            bus: chip, reset: MockLine?.none, interrupt: interrupt, clock: clock,
            configuration: .init(transform: TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)))
        var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
        try pipeline.start()
        var delivered = 0
        var meter = MallocMeter()
        func inputPath() {
            pipeline.step(timeout: .zero)
            while let item = queue.pop() { if case .frame(let f) = item { delivered += f.count } }
        }
        func taps(_ n: Int) {
            for i in 0 ..< n {
                for step in 0 ..< 4 {
                    chip.touch(finger: 1, x: 10 + step * 5, y: 10 + i % 100)
                    chip.touch(finger: 2, x: 200 - step * 5, y: 10 + i % 100)
                    chip.report()
                    clock.advance(by: .milliseconds(2))
                    meter.measure(inputPath)
                }
                chip.lift(finger: 1)
                chip.lift(finger: 2)
                chip.report()
                clock.advance(by: .milliseconds(2))
                meter.measure(inputPath)
            }
        }
        taps(10)
        meter.total = 0
        taps(1000)
        #expect(meter.total == 0)
        #expect(delivered == 1010 * 10)
        #expect(pipeline.statistics.errors == 0)
    }
}

@inline(never) func blackHole<T>(_ value: T) { _ = value }
