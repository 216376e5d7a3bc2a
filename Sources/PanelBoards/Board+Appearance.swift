public import PanelCore

/// The board's appearance: light or dark (by choice or by the clock), and contrast.
extension Board {
    /// The `appearance` object.
    public struct Appearance: Hashable, Sendable {
        /// When the app is dark.
        public enum Style: Hashable, Sendable, CustomStringConvertible {
            /// Always light (the default).
            case light
            /// Always dark.
            case dark
            /// Dark during the board's `power.off-hours`, light otherwise.
            case offHours
            /// Dark during these hours of the day, on the local clock.
            case scheduled(DailySchedule)

            /// As the board file writes it: "light", "dark", "off-hours" or "22:00-07:00".
            public var description: String {
                switch self {
                case .light: "light"
                case .dark: "dark"
                case .offHours: "off-hours"
                case .scheduled(let schedule): "\(schedule)"
                }
            }

            /// Reads "light", "dark", "off-hours" or a daily period ("19:00-07:00"); nil for
            /// anything else.
            public init?(parsing text: String) {
                switch text {
                case "light": self = .light
                case "dark": self = .dark
                case "off-hours": self = .offHours
                default:
                    guard let schedule = DailySchedule(parsing: text) else { return nil }
                    self = .scheduled(schedule)
                }
            }
        }

        /// Light, dark, or dark by the clock. Default light.
        public var style = Style.light
        /// Whether the app starts in high contrast. Default false.
        public var highContrast = false

        /// The defaults: light, normal contrast.
        public init() {}
    }

    static let appearanceKeys = ["style", "contrast"]

    static func decodeAppearance(_ value: JSONValue?, power: Power, reader r: inout BoardReader) -> Appearance {
        var appearance = Appearance()
        guard let value, let a = r.object(value, at: "appearance", known: appearanceKeys) else { return appearance }
        if let text = r.string(a, "style", at: "appearance", example: "\"light\", \"dark\", \"off-hours\" or \"19:00-07:00\"") {
            if let style = Appearance.Style(parsing: text) {
                if style == .offHours && power.offHours == nil {
                    r.issue(
                        "appearance.style", "is \"off-hours\" but the board has no power.off-hours",
                        "set power.off-hours (\"22:00-07:00\"), or give the dark hours here (\"19:00-07:00\")")
                } else {
                    appearance.style = style
                }
            } else {
                r.issue(
                    "appearance.style", "\"\(text)\" is not a style",
                    "write \"light\", \"dark\", \"off-hours\" (dark during power.off-hours) or a daily period such as \"19:00-07:00\"")
            }
        }
        if let text = r.string(a, "contrast", at: "appearance", example: "\"normal\" or \"high\"") {
            switch text {
            case "normal": appearance.highContrast = false
            case "high": appearance.highContrast = true
            default: r.issue("appearance.contrast", "\"\(text)\" is not a contrast", "write \"normal\" or \"high\"")
            }
        }
        return appearance
    }
}
