import PanelCore
import PanelGraphics

/// What the application's appearance is: its fonts, text size, theme, style and contrast, and
/// the dark hours' schedule with its timer. One value on ``Application``, read and changed by
/// Application+Appearance.swift and View+TextSize.swift.
struct AppearanceSettings {
    /// The TrueType family the board or the app configured; nil: the built-in bitmap font.
    var fontFamily: FontFamily?
    /// The user's text size: 1 is 100 %.
    var textSize = 1.0
    var theme = Theme.standard
    var style = UserInterfaceStyle.light
    var contrast = AccessibilityContrast.normal
    /// The dark hours, and the timer for their next edge.
    var darkSchedule: DailySchedule?
    var darkScheduleTimer: TimerHandle?
}
