import BenchScreens
import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation with views bound to an @Observable model", .serialized)
    struct Observation {
        @Test("a frame of a bound dashboard where nothing changed allocates nothing", .enabled(if: isOptimizedBuild))
        func unchangedFrame() {
            let bench = BoundDashboardBench()
            for _ in 0 ..< 10 { bench.frame() }
            var mallocs = 0
            for _ in 0 ..< 50 { mallocs += countMallocs { bench.idleFrame() } }
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 frames")
        }
    }
}
