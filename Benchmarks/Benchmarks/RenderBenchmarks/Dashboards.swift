import BenchScreens
import PanelBench
import PanelUI

/// The dashboard scenes, built once each outside any measurement.
@MainActor
enum Dashboards {
    /// LVGL's chart scene in shift mode: the whole plot is drawn each frame.
    static let shift = ChartFeedBench(mode: .shift)
    /// The same in circular mode: a strip around the newest samples.
    static let circular = ChartFeedBench(mode: .circular)
    /// Two gauges.
    static let gauges = GaugeBench()
    /// 4 gauges, a chart and 20 labels bound to an @Observable model.
    static let bound = BoundDashboardBench()
    /// A 10 000-tile grid, flicked.
    static let grid = GridFlingBench()
    /// A three-wheel picker, its middle wheel flicked.
    static let picker = PickerFlingBench()
    /// A settings screen of 30 rows laid out by constraints, solved once.
    static let settings: SettingsLayoutBench = {
        let screen = SettingsLayoutBench()
        screen.activate()
        screen.layout()
        return screen
    }()
    /// The settings page with bars and controls, switched between light and dark.
    static let styleSwitch = StyleSwitchBench()

    /// One frame of a glide, starting a new flick (untimed by the caller's measurement when
    /// `prepare` is used) whenever the last one has stopped.
    static func prepareGlide() {
        if !grid.isGliding { grid.flick() }
    }

    /// The same for the picker's wheel.
    static func preparePickerGlide() {
        if !picker.isGliding { picker.flick() }
    }
}
