public import PanelCore

/// The board's push buttons on GPIO lines.
extension Board {
    /// One entry of `buttons`.
    public struct Button: Hashable, Sendable {
        /// What a push is, as UIKit's press types name them.
        public enum Press: String, Hashable, Sendable, CaseIterable {
            case up, down, left, right, select, menu, playPause = "play-pause", pageUp = "page-up", pageDown = "page-down"
        }
        /// The line, its active level and bias.
        public var pin: Pin
        /// The press it makes.
        public var press: Press
        /// The debounce interval in milliseconds (0–100).
        public var debounceMilliseconds = 10
        /// Eager (the first edge is the press, no added latency) or deferred (reported once the
        /// level has held for the interval; immune to noise).
        public var debounce = Debouncer.Mode.eager

        public init(pin: Pin, press: Press) {
            self.pin = pin
            self.press = press
        }
    }

    static let buttonKeys = ["pin", "press", "debounce-ms", "debounce"]

    static func decodeButtons(_ value: JSONValue?, reader r: inout BoardReader) -> [Button] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            r.issue(
                "buttons", "is \(value.typeName)",
                "write an array of buttons, e.g. [{\"pin\": {\"chip\": \"gpiochip0\", \"line\": 5, \"active-low\": true, \"bias\": \"pull-up\"}, \"press\": \"select\"}]"
            )
            return []
        }
        var buttons: [Button] = []
        for (i, item) in items.enumerated() {
            let path = "buttons[\(i)]"
            guard let b = r.object(item, at: path, known: buttonKeys) else { continue }
            let pin = r.pin(b, "pin", at: path)
            if b["pin"] == nil {
                r.issue(path, "has no pin", "add \"pin\": {\"chip\": \"gpiochip0\", \"line\": N, \"active-low\": true, \"bias\": \"pull-up\"}")
            }
            let pressText = r.string(b, "press", at: path, required: true, example: "\"select\"")
            let press = pressText.flatMap(Button.Press.init(rawValue:))
            if let pressText, press == nil {
                r.issue("\(path).press", "\"\(pressText)\" is not a press", "use one of \(Button.Press.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let interval = r.integer(b, "debounce-ms", at: path, range: 0 ... 100, unit: " ms") ?? 10
            var mode = Debouncer.Mode.eager
            switch r.string(b, "debounce", at: path, example: "\"eager\"") {
            case nil, "eager": break
            case "deferred": mode = .deferred
            case let other?:
                r.issue("\(path).debounce", "\"\(other)\" is not a debounce mode", "use \"eager\" (no added latency) or \"deferred\" (noise-immune)")
            }
            guard let pin, let press else { continue }
            var button = Button(pin: pin, press: press)
            button.debounceMilliseconds = interval
            button.debounce = mode
            buttons.append(button)
        }
        return buttons
    }
}
