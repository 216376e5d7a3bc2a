#if os(Linux)
import PanelCore
import PanelLinux
public import PanelMetrics
public import PanelPlatform
public import PanelUI

extension PanelMetrics.Sample {
    /// What `application` and its platform's input have counted since `started`.
    @MainActor
    public init(application: Application, platform: (any Platform)?, started: MonotonicInstant) {
        self.init()
        uptimeSeconds = (SystemClock().now - started).seconds
        touchDowns = application.touchDownCount
        touchActions = application.touchActionCount
        frames = UInt64(application.display?.framesRendered ?? 0)
        framesLost = application.lostFrameCount
        touchesDropped = application.droppedTouchCount
        if let input = platform?.inputStatistics {
            reports = input.reports
            errors = input.errors
            failedRecoveries = input.failedRecoveries
            recoveries = input.recoveries
            controllerUp = !input.isControllerDown
        }
        screenBrightness =
            switch application.screenState {
            case .on: 1
            case .dimmed(let level): level
            case .blanked: 0
            }
    }
}
#endif
