public import PanelMetrics
import Prometheus

/// A panel's ``PanelMetrics`` in a Prometheus registry of their own (swift-prometheus's
/// swift-metrics factory, with the timers' buckets set), as the text exposition format: what
/// the runtime's `--metrics` endpoint serves.
@MainActor
public final class PrometheusPanelMetrics {
    /// The metrics; bring them up to date with ``PanelMetrics/update(_:latencies:renders:)``.
    public let metrics: PanelMetrics
    private let registry: PrometheusCollectorRegistry

    /// The metrics of the panel `board` running the app at `version`.
    public init(board: String, version: String? = nil) {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [
            PanelMetrics.Name.latency: PanelMetrics.latencyBuckets, PanelMetrics.Name.render: PanelMetrics.renderBuckets,
        ]
        self.registry = registry
        metrics = PanelMetrics(board: board, version: version, factory: factory)
    }

    /// The Prometheus text exposition format (version 0.0.4) of everything.
    public func text() -> [UInt8] { registry.emitToBuffer() }
}
