#if os(Linux)
import BenchScreens
import MetricsTestKit
import PanelCore
import PanelBench
import PanelKit
import PanelMetrics
import Testing

@MainActor
@Suite("pushing the panel's metrics to a swift-metrics backend on an interval")
struct MetricsPublisherTests {
    @Test("each interval the backend gets the touches and the tap's latency counted since the last push")
    func pushesOnInterval() throws {
        let clock = ManualClock()
        let grid = ButtonGrid(count: 4, clock: clock)
        grid.buttons[0].addAction(.closure("tap") { _, _ in }, for: .touchUpInside)
        let backend = TestMetrics()
        let publisher = try MetricsPublisher(
            factory: backend, interval: .milliseconds(10_000), board: "mock", application: grid.application, platform: nil)
        for phase in [TouchPhase.began, .ended] {
            var frame = TouchFrame(timestamp: clock.now)
            _ = frame.append(Contact(trackID: 0, position: grid.center(of: 0), phase: phase, identity: 1))
            grid.application.handle(frame)
        }
        grid.application.fireDueTimers()
        #expect(publisher.publications == 0)
        clock.advance(by: .milliseconds(10_000))
        grid.application.fireDueTimers()
        #expect(publisher.publications == 1)
        #expect(backend.counterTotal(label: PanelMetrics.Name.touches) == 1)
        #expect(try backend.expectTimer(PanelMetrics.Name.latency).values.count == 1)
    }

    @Test("stopping pushes once more and cancels the timer")
    func stopPushesLast() throws {
        let clock = ManualClock()
        let grid = ButtonGrid(count: 1, clock: clock)
        let publisher = try MetricsPublisher(
            factory: TestMetrics(), interval: .milliseconds(1000), board: "mock", application: grid.application, platform: nil)
        publisher.stop()
        clock.advance(by: .milliseconds(5000))
        grid.application.fireDueTimers()
        #expect(publisher.publications == 1)
    }
}
#endif
