import PanelCore
import PanelPlatform

/// The application's accessibility: the screen reader while it is on, its voice, the
/// shortcut that switches it, and the running time limits. One value on ``Application``, read
/// and changed by Application+ScreenReader.swift and TimeLimit.swift.
struct AccessibilityState {
    var screenReader: ScreenReader?
    var speechOutput: (any SpeechOutput)?
    /// When back (menu) was last pressed, for the reader's shortcut: three presses in 1.5 s.
    var menuPressTimes: [MonotonicInstant] = []
    var shortcutEnabled = true
    var timeLimits: [TimeLimit] = []
}
