public import CoreMetrics
public import PanelCore

/// A panel's health through swift-metrics, for any backend: Prometheus (``PrometheusPanelMetrics``,
/// swift-prometheus's registry, what the runtime's `--metrics` endpoint serves), OpenTelemetry
/// (swift-otel's factory) or an app's own. Nothing here runs on the touch path: the runtime's
/// own counters and the allocation-free sample rings are read by ``update(_:latencies:renders:)``
/// (at each scrape, or on the app's export interval) and handed to the factory's counters,
/// gauges and timers, so a panel without metrics pays nothing.
///
/// | metric | type | meaning |
/// |---|---|---|
/// | `panelkit_info{board}` | gauge | 1, labelled with the board |
/// | `panelkit_build_info{version,board,arch}` | gauge | 1, labelled with the app's version (its package's), the board and the CPU architecture (Debian's name) |
/// | `panelkit_uptime_seconds` | gauge | since the app started |
/// | `panelkit_touches_total` | counter | fingers that came down |
/// | `panelkit_touch_actions_total` | counter | actions sent for touches (taps, slider changes) |
/// | `panelkit_touch_to_action_seconds` | histogram | the controller's interrupt edge → the action |
/// | `panelkit_frames_total` | counter | frames drawn and presented |
/// | `panelkit_frame_render_seconds` | histogram | drawing and presenting a frame |
/// | `panelkit_touch_reports_total` | counter | reports read from the touch controller |
/// | `panelkit_touch_errors_total` | counter | failed reads (I2C errors, malformed reports) |
/// | `panelkit_touch_failed_recoveries_total` | counter | resets of the controller that did not bring it back |
/// | `panelkit_touch_recoveries_total` | counter | resets of the controller after failures, whether or not they brought it back |
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
        public var recoveries: UInt64 = 0
        public var controllerUp = true
        public var framesLost: UInt64 = 0
        public var touchesDropped: UInt64 = 0
        public var screenBrightness = 1.0
        public var samplesOverwritten: UInt64 = 0
        public init() {}
    }

    /// The metric names (swift-metrics labels; Prometheus names as they are).
    public enum Name {
        public static let info = "panelkit_info"
        public static let buildInfo = "panelkit_build_info"
        public static let uptime = "panelkit_uptime_seconds"
        public static let touches = "panelkit_touches_total"
        public static let actions = "panelkit_touch_actions_total"
        public static let latency = "panelkit_touch_to_action_seconds"
        public static let frames = "panelkit_frames_total"
        public static let render = "panelkit_frame_render_seconds"
        public static let reports = "panelkit_touch_reports_total"
        public static let errors = "panelkit_touch_errors_total"
        public static let failedRecoveries = "panelkit_touch_failed_recoveries_total"
        public static let recoveries = "panelkit_touch_recoveries_total"
        public static let controllerUp = "panelkit_touch_controller_up"
        public static let framesLost = "panelkit_touch_frames_lost_total"
        public static let touchesDropped = "panelkit_touches_dropped_total"
        public static let brightness = "panelkit_screen_brightness"
        public static let overwritten = "panelkit_samples_overwritten_total"
    }

    /// The histogram buckets for the two timers, for backends that take them.
    public static let latencyBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20),
        .milliseconds(50), .milliseconds(100),
    ]
    public static let renderBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(17), .milliseconds(33),
        .milliseconds(100),
    ]

    private let info: Gauge
    private let buildInfo: Gauge
    private let uptime: Gauge
    private let touches: Counter
    private let actions: Counter
    private let frames: Counter
    private let reports: Counter
    private let errors: Counter
    private let failedRecoveries: Counter
    private let recoveries: Counter
    private let controllerUp: Gauge
    private let framesLost: Counter
    private let touchesDropped: Counter
    private let brightness: Gauge
    private let overwritten: Counter
    private let latency: CoreMetrics.Timer
    private let render: CoreMetrics.Timer
    private var last = Sample()

    /// The CPU architecture this binary was built for, by Debian's name (as `dpkg
    /// --print-architecture` says).
    public static var architecture: String {
        #if arch(x86_64)
        "amd64"
        #elseif arch(arm64)
        "arm64"
        #elseif arch(arm)
        "armhf"
        #elseif arch(riscv64)
        "riscv64"
        #else
        "unknown"
        #endif
    }

    /// The metrics of the panel `board` running the app at `version` ("unknown" when not
    /// given), made by `factory` (swift-metrics' bootstrapped factory unless given).
    public init(board: String, version: String? = nil, factory: any MetricsFactory = MetricsSystem.factory) {
        func counter(_ label: String) -> Counter { Counter(label: label, factory: factory) }
        func gauge(_ label: String) -> Gauge { Gauge(label: label, factory: factory) }
        info = Gauge(label: Name.info, dimensions: [("board", board)], factory: factory)
        info.record(1.0)
        buildInfo = Gauge(
            label: Name.buildInfo, dimensions: [("version", version ?? "unknown"), ("board", board), ("arch", Self.architecture)], factory: factory)
        buildInfo.record(1.0)
        uptime = gauge(Name.uptime)
        touches = counter(Name.touches)
        actions = counter(Name.actions)
        frames = counter(Name.frames)
        reports = counter(Name.reports)
        errors = counter(Name.errors)
        failedRecoveries = counter(Name.failedRecoveries)
        recoveries = counter(Name.recoveries)
        controllerUp = gauge(Name.controllerUp)
        framesLost = counter(Name.framesLost)
        touchesDropped = counter(Name.touchesDropped)
        brightness = gauge(Name.brightness)
        overwritten = counter(Name.overwritten)
        latency = CoreMetrics.Timer(label: Name.latency, factory: factory)
        render = CoreMetrics.Timer(label: Name.render, factory: factory)
    }

    /// Brings the metrics up to `sample` and the samples waiting in the rings.
    public func update(_ sample: Sample, latencies: SampleRing, renders: SampleRing) {
        func advance(_ counter: Counter, _ now: UInt64, _ before: UInt64) {
            if now > before { counter.increment(by: Int64(clamping: now - before)) }
        }
        uptime.record(sample.uptimeSeconds)
        advance(touches, sample.touchDowns, last.touchDowns)
        advance(actions, sample.touchActions, last.touchActions)
        advance(frames, sample.frames, last.frames)
        advance(reports, sample.reports, last.reports)
        advance(errors, sample.errors, last.errors)
        advance(failedRecoveries, sample.failedRecoveries, last.failedRecoveries)
        advance(recoveries, sample.recoveries, last.recoveries)
        controllerUp.record(sample.controllerUp ? 1.0 : 0.0)
        advance(framesLost, sample.framesLost, last.framesLost)
        advance(touchesDropped, sample.touchesDropped, last.touchesDropped)
        brightness.record(sample.screenBrightness)
        var update = sample
        update.samplesOverwritten = latencies.overwritten + renders.overwritten
        advance(overwritten, update.samplesOverwritten, last.samplesOverwritten)
        latencies.drain { latency.recordNanoseconds($0.nanoseconds) }
        renders.drain { render.recordNanoseconds($0.nanoseconds) }
        last = update
    }
}
