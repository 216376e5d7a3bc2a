public import PanelCore

/// The board's push buttons on GPIO lines.
extension Board {
    /// One entry of `buttons`.
    public struct Button: Hashable, Sendable {
        /// What a push is, as UIKit's press types name them, or a key by its Linux key code
        /// (the board's `key-code`).
        public enum Press: Hashable, Sendable {
            case up, down, left, right, select, menu, playPause, pageUp, pageDown
            case key(UInt16)

            /// The presses a board names, as it names them.
            public static let named: [(name: String, press: Press)] = [
                ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("select", .select), ("menu", .menu),
                ("play-pause", .playPause), ("page-up", .pageUp), ("page-down", .pageDown),
            ]

            /// The press a board's name names; nil for anything else.
            public init?(name: String) {
                guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
                self = found.press
            }

            /// The names, for messages.
            static var names: String { named.map(\.name).joined(separator: ", ") }

            /// The press's name as a board names it (`menu`), or `key-CODE` for a key code.
            public var name: String {
                if case .key(let code) = self { return "key-\(code)" }
                return Self.named.first { $0.press == self }?.name ?? "\(self)"
            }
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
        /// What holding it down does.
        public enum Hold: Hashable, Sendable {
            /// Nothing: one press per push.
            case single
            /// Auto-repeat: after the delay, the press ends and begins again every interval.
            case repeating(delayMilliseconds: Int, intervalMilliseconds: Int)
            /// Held for the time, the press is cancelled and becomes `press`.
            case longPress(afterMilliseconds: Int, press: Press)
        }
        /// What holding it down does (`repeat` or `long-press`).
        public var hold = Hold.single

        /// A button on `pin` that sends `press`, once per push.
        public init(pin: Pin, press: Press) {
            self.pin = pin
            self.press = press
        }
    }

    static let buttonKeys = ["pin", "press", "key-code", "debounce-ms", "debounce", "repeat", "long-press"]

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
            var press: Button.Press?
            if b["key-code"] != nil {
                if b["press"] != nil { r.issue("\(path).key-code", "is set with press", "a button is a named press or a key code: remove one of them") }
                press = r.integer(b, "key-code", at: path, range: 1 ... 767).map { .key(UInt16($0)) }
            } else {
                let pressText = r.string(b, "press", at: path, required: true, example: "\"select\" (or \"key-code\": 59 for KEY_F1)")
                press = pressText.flatMap(Button.Press.init(name:))
                if let pressText, press == nil {
                    r.issue("\(path).press", "\"\(pressText)\" is not a press", "use one of \(Button.Press.names), or \"key-code\" with a Linux key code")
                }
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
            let hold = decodeHold(b, at: path, reader: &r)
            var button = Button(pin: pin, press: press)
            button.debounceMilliseconds = interval
            button.debounce = mode
            button.hold = hold
            buttons.append(button)
        }
        return buttons
    }

    /// A button's `repeat` (true, or {"delay-ms", "interval-ms"}) or `long-press`
    /// ({"after-ms", "press"}); both at once are an issue.
    static func decodeHold(_ b: JSONValue, at path: String, reader r: inout BoardReader) -> Button.Hold {
        var hold = Button.Hold.single
        switch b["repeat"] {
        case nil, .bool(false)?: break
        case .bool(true)?: hold = .repeating(delayMilliseconds: 500, intervalMilliseconds: 100)
        case let value?:
            if let o = r.object(value, at: "\(path).repeat", known: ["delay-ms", "interval-ms"]) {
                hold = .repeating(
                    delayMilliseconds: r.integer(o, "delay-ms", at: "\(path).repeat", range: 50 ... 10_000, unit: " ms") ?? 500,
                    intervalMilliseconds: r.integer(o, "interval-ms", at: "\(path).repeat", range: 10 ... 10_000, unit: " ms") ?? 100)
            }
        }
        guard let value = b["long-press"] else { return hold }
        guard let o = r.object(value, at: "\(path).long-press", known: ["after-ms", "press"]) else { return hold }
        if hold != .single {
            r.issue("\(path).long-press", "is set with repeat", "a held button either repeats or becomes a long press: remove one of them")
            return hold
        }
        let after = r.integer(o, "after-ms", at: "\(path).long-press", range: 100 ... 10_000, unit: " ms") ?? 800
        let text = r.string(o, "press", at: "\(path).long-press", required: true, example: "\"menu\"")
        guard let text else { return hold }
        guard let press = Button.Press(name: text) else {
            r.issue("\(path).long-press.press", "\"\(text)\" is not a press", "use one of \(Button.Press.names)")
            return hold
        }
        return .longPress(afterMilliseconds: after, press: press)
    }
}
