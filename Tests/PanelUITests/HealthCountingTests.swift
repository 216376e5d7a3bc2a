import BenchScreens
import PanelBench
import PanelCore
import Testing

@testable import PanelUI

@MainActor
@Suite("the application's health counts: what metrics read, and what they cost when off")
struct HealthCountingTests {
    private func tap(_ grid: ButtonGrid, clock: ManualClock) {
        for phase in [TouchPhase.began, .ended] {
            var frame = TouchFrame(timestamp: clock.now)
            _ = frame.append(Contact(trackID: 0, position: grid.center(of: 0), phase: phase, identity: 1))
            clock.advance(by: .milliseconds(1))
            grid.application.handle(frame)
        }
    }

    @Test("a tap counts its touch and its action but records no latency sample while recording is off")
    func offRecordsNothing() {
        let clock = ManualClock()
        let grid = ButtonGrid(count: 4, clock: clock)
        grid.buttons[0].addAction(.closure("tap") { _, _ in }, for: .touchUpInside)
        tap(grid, clock: clock)
        #expect(grid.application.touchDownCount == 1)
        #expect(grid.application.touchActionCount >= 1)
        #expect(grid.application.touchActionLatencies.count == 0)
    }

    @Test("with recording on, a tap records its touch → action latency on the application's clock")
    func onRecordsLatency() {
        let clock = ManualClock()
        let grid = ButtonGrid(count: 4, clock: clock)
        grid.buttons[0].addAction(.closure("tap") { _, _ in }, for: .touchUpInside)
        grid.application.recordsLatencySamples = true
        tap(grid, clock: clock)
        var samples: [MonotonicDuration] = []
        grid.application.touchActionLatencies.drain { samples.append($0) }
        #expect(samples.contains(.milliseconds(1)))
    }
}
