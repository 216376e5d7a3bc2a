import CoreMetrics
import MetricsTestKit
import PanelCore
import PanelMetrics
import Testing

@MainActor
@Suite("the panel's metrics through swift-metrics, for any backend")
struct PanelMetricsTests {
    @Test("counters advance by what the runtime counted since the last update, gauges take the latest value")
    func countersAdvanceByDeltas() throws {
        let backend = TestMetrics()
        let metrics = PanelMetrics(board: "mock", factory: backend)
        let rings = (SampleRing(capacity: 8), SampleRing(capacity: 8))
        var sample = PanelMetrics.Sample()
        sample.touchDowns = 3
        sample.errors = 2
        sample.recoveries = 1
        sample.controllerUp = false
        metrics.update(sample, latencies: rings.0, renders: rings.1)
        sample.touchDowns = 5
        sample.controllerUp = true
        sample.screenBrightness = 0.2
        metrics.update(sample, latencies: rings.0, renders: rings.1)
        #expect(backend.counterTotal(label: PanelMetrics.Name.touches) == 5)
        #expect(backend.counterTotal(label: PanelMetrics.Name.errors) == 2)
        #expect(backend.counterTotal(label: PanelMetrics.Name.recoveries) == 1)
        #expect(try backend.expectGauge(PanelMetrics.Name.controllerUp).lastValue == 1)
        #expect(try backend.expectGauge(PanelMetrics.Name.brightness).lastValue == 0.2)
        #expect(try backend.expectGauge(PanelMetrics.Name.info, [("board", "mock")]).lastValue == 1)
    }

    @Test("panelkit_build_info is 1, labelled with the app's version, the board and the architecture by Debian's name")
    func buildInfo() throws {
        let backend = TestMetrics()
        _ = PanelMetrics(board: "mock", version: "1.1.0", factory: backend)
        #expect(PanelMetrics.architecture == "amd64" || PanelMetrics.architecture == "arm64")
        let labels = [("version", "1.1.0"), ("board", "mock"), ("arch", PanelMetrics.architecture)]
        #expect(try backend.expectGauge(PanelMetrics.Name.buildInfo, labels).lastValue == 1)
    }

    @Test("without a version the build info says unknown")
    func buildInfoUnknown() throws {
        let backend = TestMetrics()
        _ = PanelMetrics(board: "mock", factory: backend)
        let labels = [("version", "unknown"), ("board", "mock"), ("arch", PanelMetrics.architecture)]
        #expect(try backend.expectGauge(PanelMetrics.Name.buildInfo, labels).lastValue == 1)
    }

    @Test("the latency ring's samples reach the backend's timer once each, in nanoseconds")
    func latencySamplesReachTimer() throws {
        let backend = TestMetrics()
        let metrics = PanelMetrics(board: "mock", factory: backend)
        let latencies = SampleRing(capacity: 8)
        latencies.record(.microseconds(300))
        latencies.record(.microseconds(700))
        metrics.update(PanelMetrics.Sample(), latencies: latencies, renders: SampleRing(capacity: 8))
        metrics.update(PanelMetrics.Sample(), latencies: latencies, renders: SampleRing(capacity: 8))
        #expect(try backend.expectTimer(PanelMetrics.Name.latency).values == [300_000, 700_000])
    }

    @Test("a counter that went backwards (a restarted input thread) is not decremented")
    func countersNeverGoBack() throws {
        let backend = TestMetrics()
        let metrics = PanelMetrics(board: "mock", factory: backend)
        let rings = (SampleRing(capacity: 8), SampleRing(capacity: 8))
        var sample = PanelMetrics.Sample()
        sample.reports = 100
        metrics.update(sample, latencies: rings.0, renders: rings.1)
        sample.reports = 10
        metrics.update(sample, latencies: rings.0, renders: rings.1)
        #expect(backend.counterTotal(label: PanelMetrics.Name.reports) == 100)
    }
}
