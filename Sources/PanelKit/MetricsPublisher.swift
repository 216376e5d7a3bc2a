#if os(Linux)
public import CoreMetrics
public import PanelCore
public import PanelMetrics
public import PanelPlatform
public import PanelUI
import PanelLinux

/// The panel's metrics pushed to any swift-metrics backend on an interval, for backends that
/// export on their own schedule rather than being scraped: swift-otel's OTLP exporter, StatsD,
/// an app's own. An app sets ``PanelAppOptions/metricsBackend`` (or makes one of these) after
/// bootstrapping its backend; the runtime's counters and latency rings are read on an
/// application timer, on the UI thread, never on the touch path.
///
/// The timer wakes the run loop once per interval: choose it with the backend's export
/// interval (10–60 s), not shorter.
@MainActor
public final class MetricsPublisher {
    /// The metrics, made by the backend's factory.
    public let metrics: PanelMetrics
    private unowned let application: Application
    private let platform: (any Platform)?
    private let started: MonotonicInstant
    private var timer: TimerHandle?
    /// Updates published so far.
    public private(set) var publications = 0

    /// Publishes the metrics of `application` (and, on a board, its input thread) through
    /// `factory` every `interval`, starting one interval from now.
    /// - Throws: `ApplicationError` when the timer cannot be scheduled (an interval of zero).
    public init(
        factory: any MetricsFactory, interval: MonotonicDuration, board: String, application: Application, platform: (any Platform)?
    ) throws(ApplicationError) {
        metrics = PanelMetrics(board: board, factory: factory)
        self.application = application
        self.platform = platform
        started = SystemClock().now
        application.recordsLatencySamples = true
        timer = try application.scheduleTimer(after: interval, repeating: interval) { [weak self] _ in self?.publish() }
    }

    /// Brings the backend up to date now.
    public func publish() {
        publications += 1
        let sample = PanelMetrics.Sample(application: application, platform: platform, started: started)
        metrics.update(sample, latencies: application.touchActionLatencies, renders: application.renderDurations)
    }

    /// Stops the timer (after one last update).
    public func stop() {
        guard let timer else { return }
        application.cancelTimer(timer)
        self.timer = nil
        publish()
    }
}
#endif
