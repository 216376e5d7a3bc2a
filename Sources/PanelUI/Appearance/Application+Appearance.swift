public import PanelCore

/// The app's appearance: its theme, light or dark (by choice or by the clock), and contrast.
/// A change redraws every view whose look changes, once, in the next frame; nothing is laid out
/// again, as the theme's colours do not change sizes (a theme whose fonts change does lay out).
extension Application {
    /// The theme every view draws from. Default ``Theme/standard``. A theme whose palettes lack
    /// system colours is stored completed (``Theme/completed()``): each lacking palette takes
    /// its light palette's entries, and that is reported once, as the theme is set.
    public var theme: Theme {
        get { appearanceState.theme }
        set {
            guard newValue != appearanceState.theme else { return }
            let newValue = newValue.completed()
            guard newValue != appearanceState.theme else { return }
            let relayout = newValue.textStyles != appearanceState.theme.textStyles
            changeAppearance(themeChanged: true) { $0.appearanceState.theme = newValue }
            if relayout { for window in windows { window.textSizeDidChange() } }
        }
    }

    /// Light or dark, for every window (views may override it:
    /// ``View/overrideUserInterfaceStyle``). Default light. Setting it stops a
    /// ``darkSchedule``.
    public var userInterfaceStyle: UserInterfaceStyle {
        get { appearanceState.style }
        set {
            darkSchedule = nil
            setStyle(newValue)
        }
    }

    /// Normal or high contrast, for every window: the user's "Increase Contrast" (views may
    /// override it: ``View/overrideAccessibilityContrast``). Default normal.
    public var accessibilityContrast: AccessibilityContrast {
        get { appearanceState.contrast }
        set {
            guard newValue != appearanceState.contrast else { return }
            changeAppearance(themeChanged: false) { $0.appearanceState.contrast = newValue }
        }
    }

    /// The hours of the day the app is dark, on ``localClock`` (a board's `appearance.style`
    /// of `"off-hours"` uses its `power.off-hours`): the style turns dark at the start and light
    /// at the end, with one timer for the next edge and no wake-up between. nil (the default):
    /// ``userInterfaceStyle`` is the app's choice. Without a local clock the schedule is kept
    /// and applied once one is set.
    public var darkSchedule: DailySchedule? {
        get { appearanceState.darkSchedule }
        set {
            appearanceState.darkSchedule = newValue
            followDarkSchedule()
        }
    }

    /// Sets the style and the schedule's timer for its next edge.
    func followDarkSchedule() {
        if let timer = appearanceState.darkScheduleTimer { cancelTimer(timer) }
        appearanceState.darkScheduleTimer = nil
        guard let schedule = appearanceState.darkSchedule, let local = localClock else { return }
        let now = local.timeOfDay()
        setStyle(schedule.contains(now) ? .dark : .light)
        let wait = local.duration(until: schedule.nextEdge(after: now))
        appearanceState.darkScheduleTimer = try? scheduleTimer(after: max(wait, .milliseconds(1))) { [unowned self] _ in
            appearanceState.darkScheduleTimer = nil
            followDarkSchedule()
        }
    }

    private func setStyle(_ style: UserInterfaceStyle) {
        guard style != appearanceState.style else { return }
        changeAppearance(themeChanged: false) { $0.appearanceState.style = style }
    }

    /// Makes `change`, then tells every window what changed for it (without allocating: a
    /// window's traits are its own overrides over the app's).
    func changeAppearance(themeChanged: Bool, _ change: (Application) -> Void) {
        var old = TraitCollection(
            userInterfaceStyle: appearanceState.style, accessibilityContrast: appearanceState.contrast, textSize: appearanceState.textSize)
        change(self)
        for window in windows {
            let sizeClasses = TraitCollection.sizeClasses(for: window.bounds.size)
            old.horizontalSizeClass = sizeClasses.horizontal
            old.verticalSizeClass = sizeClasses.vertical
            window.appearanceChanged(from: window.ownTraits(over: old), themeChanged: themeChanged)
        }
    }
}
