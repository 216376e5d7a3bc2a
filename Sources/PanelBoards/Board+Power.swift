public import PanelCore

/// The board's screen power: its backlight and when an idle panel dims and blanks.
extension Board {
    /// The `power` object.
    public struct Power: Hashable, Sendable {
        /// Where the backlight is.
        public enum Backlight: Hashable, Sendable {
            /// The first in /sys/class/backlight.
            case automatic
            /// That directory (`/sys/class/backlight/10-0045`).
            case path(String)
        }
        /// The backlight; nil: none (dimming then only reaches the app; blanking still turns
        /// the display off).
        public var backlight: Backlight?
        /// Seconds without input before dimming; nil: never.
        public var dimAfterSeconds: Int?
        /// Seconds without input before blanking; nil: never.
        public var blankAfterSeconds: Int?
        /// The dimmed brightness in percent of the "on" level.
        public var dimPercent = 20
        /// Whether the touch or key that wakes the screen is swallowed.
        public var swallowWakeInput = true
        /// The daily period, in local time, when the screen is off ("22:00-07:00"); nil: none.
        public var offHours: DailySchedule?
        /// Seconds a screen woken in off hours stays lit without input.
        public var offHoursWakeSeconds = 60

        /// A policy that neither dims nor blanks; set its properties.
        public init() {}

        /// Whether anything dims or blanks.
        public var isIdlePolicySet: Bool { dimAfterSeconds != nil || blankAfterSeconds != nil || offHours != nil }
    }

    static let powerKeys = ["backlight", "dim-after", "blank-after", "dim-percent", "swallow-wake-input", "off-hours", "off-hours-wake"]

    static func decodePower(_ value: JSONValue?, reader r: inout BoardReader) -> Power {
        var power = Power()
        guard let value, let p = r.object(value, at: "power", known: powerKeys) else { return power }
        switch r.string(p, "backlight", at: "power", example: "\"auto\" or \"/sys/class/backlight/10-0045\"") {
        case nil: break
        case "auto": power.backlight = .automatic
        case let path? where path.hasPrefix("/sys/"): power.backlight = .path(path)
        case let other?:
            r.issue(
                "power.backlight", "\"\(other)\" is not a backlight",
                "write \"auto\" (the first in /sys/class/backlight) or its directory, e.g. \"/sys/class/backlight/10-0045\"")
        }
        power.dimAfterSeconds = r.integer(p, "dim-after", at: "power", range: 1 ... 604_800, unit: " seconds")
        power.blankAfterSeconds = r.integer(p, "blank-after", at: "power", range: 1 ... 604_800, unit: " seconds")
        power.dimPercent = r.integer(p, "dim-percent", at: "power", range: 1 ... 100, unit: " percent") ?? 20
        power.swallowWakeInput = r.bool(p, "swallow-wake-input", at: "power") ?? true
        if let text = r.string(p, "off-hours", at: "power", example: "\"22:00-07:00\"") {
            if let schedule = DailySchedule(parsing: text) {
                power.offHours = schedule
            } else {
                r.issue(
                    "power.off-hours", "\"\(text)\" is not a daily period",
                    "write its start and end in 24-hour local time, \"HH:MM-HH:MM\" (e.g. \"22:00-07:00\"), two different times")
            }
        }
        power.offHoursWakeSeconds = r.integer(p, "off-hours-wake", at: "power", range: 1 ... 86_400, unit: " seconds") ?? 60
        if let dim = power.dimAfterSeconds, let blank = power.blankAfterSeconds, blank <= dim {
            r.issue("power.blank-after", "\(blank) s is not after dim-after (\(dim) s)", "make blank-after longer than dim-after, or remove dim-after")
        }
        return power
    }
}
