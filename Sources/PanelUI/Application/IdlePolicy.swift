public import PanelCore

/// When an unattended panel dims and blanks its screen, and what the touch that wakes it does.
///
/// A panel runs for years; nobody should have to look at (or pay for) a lit screen nobody
/// touches. With the policy set (``Application/idlePolicy``, or a board's `power` object), the
/// screen dims after ``dimAfter`` without input and blanks after ``blankAfter``; the first
/// touch or key on a dimmed or blanked screen lights it again and, by default, does nothing
/// else: it is swallowed (no view, control or recognizer sees any of it, from its beginning to
/// its end), so it cannot press a button nobody could see.
public struct IdlePolicy: Sendable, Hashable {
    /// Dim after this long without input; nil: never dim.
    public var dimAfter: MonotonicDuration?
    /// Blank after this long without input (counted from the last input, not from dimming);
    /// nil: never blank.
    public var blankAfter: MonotonicDuration?
    /// The dimmed brightness, a fraction of full (0…1; clamped). Default 0.2.
    public var dimLevel: Double
    /// Whether the input that wakes the screen is swallowed. Default true.
    public var swallowsWakeInput: Bool
    /// The daily period, on the local clock, when the screen is blanked; nil: none.
    public var offHours: DailySchedule?
    /// How long a screen woken in off hours stays lit without input. Default one minute.
    public var offHoursWakeFor: MonotonicDuration
    /// With the screen reader on, how long before the screen blanks for want of input the
    /// reader says so ("The screen turns off in 10 seconds…"), since its user cannot see the
    /// dimming; any touch or key then keeps it on. At most half of ``blankAfter``. Default 10 s;
    /// zero: no warning.
    public var blankWarning = MonotonicDuration.milliseconds(10_000)

    /// A policy that dims after `dimAfter` and blanks after `blankAfter` without input (nil: never),
    /// dims to `dimLevel`, swallows the input that wakes a dark screen unless told otherwise, and blanks
    /// the screen during `offHours`, lighting it for `offHoursWakeFor` after a touch there.
    public init(
        dimAfter: MonotonicDuration? = nil, blankAfter: MonotonicDuration? = nil, dimLevel: Double = 0.2, swallowsWakeInput: Bool = true,
        offHours: DailySchedule? = nil, offHoursWakeFor: MonotonicDuration = .milliseconds(60_000)
    ) {
        self.dimAfter = dimAfter
        self.blankAfter = blankAfter
        self.dimLevel = dimLevel.isFinite ? min(max(dimLevel, 0), 1) : 0.2
        self.swallowsWakeInput = swallowsWakeInput
        self.offHours = offHours
        self.offHoursWakeFor = max(offHoursWakeFor, .milliseconds(1))
    }
}
