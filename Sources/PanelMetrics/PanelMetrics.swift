public import PanelCore
import Prometheus

/// A panel's health as Prometheus metrics (swift-prometheus's registry, a swift-metrics
/// backend). Nothing here runs on the touch path: the runtime's own counters and the
/// allocation-free sample rings it records into anyway are read at each scrape (``update(_:)``)
/// and turned into counters, gauges and histograms, so a panel without the endpoint pays nothing
/// and one with it pays only when scraped.
///
/// | metric | type | meaning |
/// |---|---|---|
/// | `panelkit_info{board}` | gauge | 1, labelled with the board |
/// | `panelkit_uptime_seconds` | gauge | since the app started |
/// | `panelkit_touches_total` | counter | fingers that came down |
/// | `panelkit_touch_actions_total` | counter | actions sent for touches (taps, slider changes) |
/// | `panelkit_touch_to_action_seconds` | histogram | the controller's interrupt edge → the action |
/// | `panelkit_frames_total` | counter | frames drawn and presented |
/// | `panelkit_frame_render_seconds` | histogram | drawing and presenting a frame |
/// | `panelkit_touch_reports_total` | counter | reports read from the touch controller |
/// | `panelkit_touch_errors_total` | counter | failed reads (I2C errors, malformed reports) |
/// | `panelkit_touch_failed_recoveries_total` | counter | resets of the controller that did not bring it back |
/// | `panelkit_touch_controller_up` | gauge | 1 while the controller answers, 0 while the input thread backs off |
/// | `panelkit_touch_frames_lost_total` | counter | frames the queue lost (each cancels every touch) |
/// | `panelkit_touches_dropped_total` | counter | touch-downs dropped because every pooled touch was in use |
/// | `panelkit_screen_brightness` | gauge | 1 on, the dimmed level (0.2), 0 blanked |
/// | `panelkit_samples_overwritten_total` | counter | latency samples lost between two scrapes (scrape more often) |
@MainActor
public final class PanelMetrics {
    /// What the runtime counted, read at a scrape.
    public struct Sample: Sendable, Hashable {
        public var uptimeSeconds = 0.0
        public var touchDowns: UInt64 = 0
        public var touchActions: UInt64 = 0
        public var frames: UInt64 = 0
        public var reports: UInt64 = 0
        public var errors: UInt64 = 0
        public var failedRecoveries: UInt64 = 0
        public var controllerUp = true
        public var framesLost: UInt64 = 0
        public var touchesDropped: UInt64 = 0
        public var screenBrightness = 1.0
        public var samplesOverwritten: UInt64 = 0
        public init() {}
    }

    private let registry = PrometheusCollectorRegistry()
    private let uptime: Gauge
    private let touches: Counter
    private let actions: Counter
    private let frames: Counter
    private let reports: Counter
    private let errors: Counter
    private let failedRecoveries: Counter
    private let controllerUp: Gauge
    private let framesLost: Counter
    private let touchesDropped: Counter
    private let brightness: Gauge
    private let overwritten: Counter
    private let latency: DurationHistogram
    private let render: DurationHistogram
    private var last = Sample()

    /// The metrics of the panel `board`.
    public init(board: String) {
        let r = registry
        func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: "panelkit", metricName: metric, unitName: unit, helpText: help)
        }
        r.makeGauge(descriptor: name("info", "", "1, labelled with the board"), labels: [("board", board)]).set(to: 1.0)
        uptime = r.makeGauge(descriptor: name("uptime", "seconds", "Seconds since the app started"))
        touches = r.makeCounter(descriptor: name("touches", "total", "Fingers that came down"))
        actions = r.makeCounter(descriptor: name("touch_actions", "total", "Actions sent for touches (taps, slider changes)"))
        frames = r.makeCounter(descriptor: name("frames", "total", "Frames drawn and presented"))
        reports = r.makeCounter(descriptor: name("touch_reports", "total", "Reports read from the touch controller"))
        errors = r.makeCounter(descriptor: name("touch_errors", "total", "Failed reads of the touch controller (I2C errors, malformed reports)"))
        failedRecoveries = r.makeCounter(
            descriptor: name("touch_failed_recoveries", "total", "Resets of the touch controller that did not bring it back"))
        controllerUp = r.makeGauge(descriptor: name("touch_controller_up", "", "1 while the touch controller answers, 0 while it does not"))
        framesLost = r.makeCounter(descriptor: name("touch_frames_lost", "total", "Touch frames the queue lost (each cancels every touch)"))
        touchesDropped = r.makeCounter(descriptor: name("touches_dropped", "total", "Touch-downs dropped because every pooled touch was in use"))
        brightness = r.makeGauge(descriptor: name("screen_brightness", "", "1 on, the dimmed level when dimmed, 0 blanked"))
        overwritten = r.makeCounter(
            descriptor: name("samples_overwritten", "total", "Latency samples overwritten before a scrape read them (scrape more often)"))
        latency = r.makeDurationHistogram(
            descriptor: name("touch_to_action", "seconds", "The touch controller's interrupt edge to the action it triggered"),
            buckets: [
                .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20),
                .milliseconds(50), .milliseconds(100),
            ])
        render = r.makeDurationHistogram(
            descriptor: name("frame_render", "seconds", "Drawing and presenting a frame (with a page flip's wait for the previous one)"),
            buckets: [
                .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(17), .milliseconds(33),
                .milliseconds(100),
            ])
    }

    /// Brings the metrics up to `sample` and the samples waiting in the rings.
    public func update(_ sample: Sample, latencies: SampleRing, renders: SampleRing) {
        func advance(_ counter: Counter, _ now: UInt64, _ before: UInt64) {
            if now > before { counter.increment(by: Int64(clamping: now - before)) }
        }
        uptime.set(to: sample.uptimeSeconds)
        advance(touches, sample.touchDowns, last.touchDowns)
        advance(actions, sample.touchActions, last.touchActions)
        advance(frames, sample.frames, last.frames)
        advance(reports, sample.reports, last.reports)
        advance(errors, sample.errors, last.errors)
        advance(failedRecoveries, sample.failedRecoveries, last.failedRecoveries)
        controllerUp.set(to: sample.controllerUp ? 1.0 : 0.0)
        advance(framesLost, sample.framesLost, last.framesLost)
        advance(touchesDropped, sample.touchesDropped, last.touchesDropped)
        brightness.set(to: sample.screenBrightness)
        var update = sample
        update.samplesOverwritten = latencies.overwritten + renders.overwritten
        advance(overwritten, update.samplesOverwritten, last.samplesOverwritten)
        latencies.drain { latency.record(.nanoseconds($0.nanoseconds)) }
        renders.drain { render.record(.nanoseconds($0.nanoseconds)) }
        last = update
    }

    /// The Prometheus text exposition format (version 0.0.4) of everything.
    public func text() -> [UInt8] { registry.emitToBuffer() }
}
