public import PanelCore

/// The board's rotary encoders on two GPIO lines each.
extension Board {
    /// One entry of `encoders`.
    public struct Encoder: Hashable, Sendable {
        /// Signal A and signal B.
        public var a: Pin
        /// The encoder's signal B (see `a`).
        public var b: Pin
        /// One detent per full quadrature cycle (most encoders) or per half cycle.
        public var resolution = QuadratureDecoder.Resolution.fullStep

        /// An encoder on lines `a` and `b`, one detent per full cycle.
        public init(a: Pin, b: Pin) {
            self.a = a
            self.b = b
        }
    }

    static let encoderKeys = ["a", "b", "resolution"]

    static func decodeEncoders(_ value: JSONValue?, reader r: inout BoardReader) -> [Encoder] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            r.issue("encoders", "is \(value.typeName)", "write an array of encoders, e.g. [{\"a\": {\"line\": 17}, \"b\": {\"line\": 18}}]")
            return []
        }
        var encoders: [Encoder] = []
        for (i, item) in items.enumerated() {
            let path = "encoders[\(i)]"
            guard let e = r.object(item, at: path, known: encoderKeys) else { continue }
            let a = r.pin(e, "a", at: path)
            let b = r.pin(e, "b", at: path)
            for key in ["a", "b"] where e[key] == nil {
                r.issue(
                    path, "has no \(key)",
                    "add \"\(key)\": {\"chip\": \"gpiochip0\", \"line\": N, \"bias\": \"pull-up\"} (the encoder's \(key.uppercased()) pin)")
            }
            var resolution = QuadratureDecoder.Resolution.fullStep
            switch r.string(e, "resolution", at: path, example: "\"full-step\"") {
            case nil, "full-step": break
            case "half-step": resolution = .halfStep
            case let other?: r.issue("\(path).resolution", "\"\(other)\" is not a resolution", "use \"full-step\" (one detent per cycle) or \"half-step\"")
            }
            guard let a, let b else { continue }
            if a == b { r.issue(path, "uses the same line for a and b", "wire and name the encoder's two signal pins") }
            var encoder = Encoder(a: a, b: b)
            encoder.resolution = resolution
            encoders.append(encoder)
        }
        return encoders
    }
}
