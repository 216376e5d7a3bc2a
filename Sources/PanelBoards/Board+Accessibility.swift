/// The board's accessibility: whether the screen reader starts on, and the voice it speaks with.
extension Board {
    /// The `accessibility` object.
    public struct Accessibility: Hashable, Sendable {
        /// Whether the screen reader is on from the start (else three presses of back turn it
        /// on, or the app does).
        public var screenReader = false
        /// The ALSA device speech plays on: `"default"`, or e.g. `"plughw:1,0"` for a USB headset.
        public var audioDevice = "default"
        /// The language of the default voice (a BCP 47 tag: "en", "de", "zh").
        public var voice = "en"
        /// Words per minute, 80–450.
        public var rate = 175
        /// Pitch, 0–100 (50: the voice's own).
        public var pitch = 50
        /// Volume in percent, 0–200.
        public var volume = 100
        /// The text size in percent, 100–200 (PanelUI's `Application.textSize`).
        public var textSize = 100

        /// The defaults: the reader off, the default device, English at normal speed.
        public init() {}
    }

    static let accessibilityKeys = ["screen-reader", "audio-device", "voice", "rate", "pitch", "volume", "text-size"]

    static func decodeAccessibility(_ value: JSONValue?, reader r: inout BoardReader) -> Accessibility {
        var accessibility = Accessibility()
        guard let value, let a = r.object(value, at: "accessibility", known: accessibilityKeys) else { return accessibility }
        accessibility.screenReader = r.bool(a, "screen-reader", at: "accessibility") ?? false
        if let device = r.string(a, "audio-device", at: "accessibility", example: "\"default\" or \"plughw:1,0\"") {
            if device.isEmpty {
                r.issue("accessibility.audio-device", "is empty", "write \"default\", or the ALSA device `aplay -L` lists for the speaker or headset")
            } else {
                accessibility.audioDevice = device
            }
        }
        if let voice = r.string(a, "voice", at: "accessibility", example: "\"en\", \"de\" or \"zh\"") {
            let valid = !voice.isEmpty && voice.utf8.count <= 35 && voice.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            if valid {
                accessibility.voice = voice
            } else {
                r.issue("accessibility.voice", "\"\(voice)\" is not a language tag", "write a BCP 47 tag such as \"en\", \"de-AT\" or \"zh\"")
            }
        }
        accessibility.rate = r.integer(a, "rate", at: "accessibility", range: 80 ... 450, unit: " words per minute") ?? 175
        accessibility.pitch = r.integer(a, "pitch", at: "accessibility", range: 0 ... 100, unit: "") ?? 50
        accessibility.volume = r.integer(a, "volume", at: "accessibility", range: 0 ... 200, unit: " percent") ?? 100
        accessibility.textSize = r.integer(a, "text-size", at: "accessibility", range: 100 ... 200, unit: " percent") ?? 100
        return accessibility
    }
}
