#if os(Linux) && Metrics
public import PanelLinux
import PanelMetrics
public import PanelPrometheus
public import PanelPlatform
public import PanelUI
import PanelCore

/// The runtime's metrics endpoint: `GET /metrics` on the run loop answers with the panel's
/// health (``PanelMetrics``), read from the counters the application and the input thread keep
/// anyway. Off unless the app is started with `--metrics` (or `PANELKIT_METRICS`), and only in a
/// build with PanelKit's `Metrics` trait, which links swift-prometheus.
@MainActor
public final class MetricsExporter {
    /// The panel's metrics, as Prometheus serves them.
    public let metrics: PrometheusPanelMetrics
    /// The HTTP endpoint that answers scrapes (GET and HEAD of `/metrics`).
    public let endpoint: HTTPEndpoint
    private let application: Application
    private let platform: (any Platform)?
    private let started: MonotonicInstant

    /// Listens on `address` for scrapes of `application` (and, on a board, its input thread);
    /// `version` is the app's release (``PanelAppOptions/appVersion``).
    /// - Throws: `HTTPEndpointError`: the port is in use, the address is not IPv4.
    public init(
        address: PanelAppOptions.MetricsAddress, board: String, version: String? = nil, application: Application, platform: (any Platform)?,
        watcher: any DescriptorWatching
    ) throws(HTTPEndpointError) {
        let metrics = PrometheusPanelMetrics(board: board, version: version)
        application.recordsLatencySamples = true
        self.metrics = metrics
        self.application = application
        self.platform = platform
        started = SystemClock().now
        weak var exporter: MetricsExporter?
        endpoint = try HTTPEndpoint(runLoop: watcher, host: address.host, port: address.port) { path in
            guard path == "/metrics", let exporter else { return nil }
            return HTTPEndpoint.Response(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: exporter.scrape())
        }
        exporter = self
    }

    /// The metrics text, brought up to date.
    public func scrape() -> [UInt8] {
        let sample = PanelMetrics.Sample(application: application, platform: platform, started: started)
        metrics.metrics.update(sample, latencies: application.touchActionLatencies, renders: application.renderDurations)
        return metrics.text()
    }

    /// Stops listening.
    public func stop() { endpoint.stop() }
}
#endif
