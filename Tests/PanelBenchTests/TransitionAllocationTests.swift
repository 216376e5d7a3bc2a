import BenchScreens
import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation in a transition's frames", .serialized)
    struct Transitions {
        @Test("the frames of a push after the first allocate nothing once the snapshots exist", .enabled(if: isOptimizedBuild))
        func pushFrames() {
            let bench = ScreenLoadBench()
            // Warm-up: two transitions make both screens' snapshots and the animators' first frames.
            bench.transition()
            bench.transition()
            var frames = 0
            var mallocs = 0
            for _ in 0 ..< 5 {
                bench.startTransition()
                frames += 1
                mallocs += countMallocs {
                    while bench.frame() { frames += 1 }
                }
            }
            #expect(frames > 100)
            #expect(mallocs == 0, "\(mallocs) mallocs in \(frames) frames")
        }
    }
}
