#if os(Linux)
import PanelCore
import PanelLinux
public import PanelMetrics
import PanelPlatform
public import PanelUI

extension PanelMetrics.Sample {
    /// What `application` and, on a board, its input thread have counted since `started`.
    @MainActor
    public init(application: Application, platform: LinuxPlatform?, started: MonotonicInstant) {
        self.init()
        uptimeSeconds = (SystemClock().now - started).seconds
        touchDowns = application.touchDownCount
        touchActions = application.touchActionCount
        frames = UInt64(application.display?.framesRendered ?? 0)
        framesLost = application.lostFrameCount
        touchesDropped = application.droppedTouchCount
        if let thread = platform?.input?.thread {
            reports = thread.reportCount
            errors = thread.errorCount
            failedRecoveries = thread.failedRecoveryCount
            recoveries = thread.recoveryCount
            controllerUp = thread.backoff == .zero
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
