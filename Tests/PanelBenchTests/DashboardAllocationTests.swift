import BenchScreens
import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation feeding a chart", .serialized)
    struct Charts {
        @Test("appending to 4 series of 1000 points and presenting allocates nothing, shift mode", .enabled(if: isOptimizedBuild))
        func shift() {
            let bench = ChartFeedBench(mode: .shift)
            for _ in 0 ..< 5 { bench.frame(bench.nextValues()) }
            var mallocs = 0
            for _ in 0 ..< 50 {
                let values = bench.nextValues()
                mallocs += countMallocs { bench.frame(values) }
            }
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 frames")
        }

        @Test("bars of 4 series, a sample each appended and presented, allocate nothing", .enabled(if: isOptimizedBuild))
        func bars() {
            let bench = ChartFeedBench(mode: .shift, points: 60)
            bench.chart.kind = .bar
            for _ in 0 ..< 5 { bench.frame(bench.nextValues()) }
            var mallocs = 0
            for _ in 0 ..< 50 {
                let values = bench.nextValues()
                mallocs += countMallocs { bench.frame(values) }
            }
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 frames")
        }

        @Test("appending to 4 series of 1000 points and presenting allocates nothing, circular mode", .enabled(if: isOptimizedBuild))
        func circular() {
            let bench = ChartFeedBench(mode: .circular)
            for _ in 0 ..< 5 { bench.frame(bench.nextValues()) }
            var mallocs = 0
            for _ in 0 ..< 50 {
                let values = bench.nextValues()
                mallocs += countMallocs { bench.frame(values) }
            }
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 frames")
        }
    }
}

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation flinging a grid", .serialized)
    struct Grids {
        @Test("the glide frames of a flicked 10 000-cell grid allocate nothing once its pool is full", .enabled(if: isOptimizedBuild))
        func fling() {
            let bench = GridFlingBench()
            // Warm-up: flicks until the reuse pool and every array reach their size.
            for _ in 0 ..< 3 {
                bench.flick()
                while bench.isGliding { bench.frame() }
            }
            var frames = 0
            var mallocs = 0
            for _ in 0 ..< 3 {
                bench.flick()
                mallocs += countMallocs {
                    while bench.isGliding && frames < 3000 {
                        bench.frame()
                        frames += 1
                    }
                }
            }
            #expect(frames > 100)
            #expect(mallocs == 0, "\(mallocs) mallocs in \(frames) frames")
        }
    }
}

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation moving a gauge", .serialized)
    struct Gauges {
        @Test("a gauge's value change, drawn and presented, allocates nothing once warm", .enabled(if: isOptimizedBuild))
        func change() {
            let bench = GaugeBench()
            for _ in 0 ..< 20 { bench.change() }
            let mallocs = countMallocs {
                for _ in 0 ..< 50 { bench.change() }
            }
            #expect(mallocs == 0, "\(mallocs) mallocs in 50 changes")
        }

        @Test("a gauge's animated sweep allocates nothing in its frames once warm", .enabled(if: isOptimizedBuild))
        func sweep() {
            let bench = GaugeBench()
            for _ in 0 ..< 5 { bench.sweep() }
            var frames = 0
            let mallocs = countMallocs {
                for _ in 0 ..< 5 { frames += bench.sweep() }
            }
            #expect(frames > 50)
            #expect(mallocs == 0, "\(mallocs) mallocs in \(frames) frames")
        }
    }
}

extension AllocationTests {
    @MainActor
    @Suite("Zero allocation flinging a picker wheel", .serialized)
    struct Pickers {
        @Test("the glide frames of a flicked picker wheel, snapping to a row, allocate nothing", .enabled(if: isOptimizedBuild))
        func fling() {
            let bench = PickerFlingBench()
            for _ in 0 ..< 3 {
                bench.flick()
                while bench.isGliding { bench.frame() }
            }
            var frames = 0
            var mallocs = 0
            let start = bench.picker.selectedRow(inComponent: 1)
            for _ in 0 ..< 3 {
                bench.flick()
                mallocs += countMallocs {
                    while bench.isGliding && frames < 3000 {
                        bench.frame()
                        frames += 1
                    }
                }
            }
            #expect(frames > 60)
            #expect(bench.picker.selectedRow(inComponent: 1) != start)
            #expect(mallocs == 0, "\(mallocs) mallocs in \(frames) frames")
        }
    }
}
