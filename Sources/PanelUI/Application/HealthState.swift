import PanelCore
import PanelGraphics

/// What the metrics read of the application: lost frames, actions and their latencies, render
/// times and the last render error. One value on ``Application``; recording it allocates nothing.
struct HealthState {
    var lostFrameCount: UInt64 = 0
    var touchActionCount: UInt64 = 0
    let touchActionLatencies = SampleRing(capacity: 1024)
    let renderDurations = SampleRing(capacity: 1024)
    var recordsLatencySamples = false
    var lastRenderError: FramebufferError?
}
