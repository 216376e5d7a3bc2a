import PanelCore
import PanelPlatform

/// The screen's power: the idle policy and its monitor, what dims and blanks the screen, and
/// the local wall clock the off hours are kept on. One value on ``Application``.
struct PowerState {
    var idlePolicy: IdlePolicy?
    var idleMonitor: IdleMonitor?
    var screenPower: (any ScreenPower)?
    var localClock: (any LocalClock)?
}
