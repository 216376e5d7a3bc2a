public import PanelCore

/// The board's accelerometer.
extension Board {
    /// The `motion` object.
    public struct Motion: Hashable, Sendable {
        /// The chips PanelKit drives.
        public enum Chip: String, Hashable, Sendable, CaseIterable {
            /// ST LIS3DH (the common breakout boards' part).
            case lis3dh
        }
        /// The accelerometer (`chip`).
        public var chip: Chip
        /// `/dev/i2c-N`.
        public var bus: String
        /// The chip's 7-bit I2C address (`reg`).
        public var address: I2CAddress
        /// The chip's INT1, wired to a GPIO line: the wake-on-motion interrupt (PanelKit does
        /// not poll an accelerometer, so a still panel never wakes).
        public var interrupt: Pin
        /// Full scale in g: 2, 4, 8 or 16.
        public var rangeG = 2
        /// Samples per second while moved: 10, 25, 50, 100, 200 or 400.
        public var rate = 100
        /// A shake's peaks, in milli-g (the interrupt wakes at half of it).
        public var shakeThresholdMilliG = 1000

        /// An accelerometer `chip` at `address` on `bus`, waking the panel through `interrupt`.
        public init(chip: Chip, bus: String, address: I2CAddress, interrupt: Pin) {
            self.chip = chip
            self.bus = bus
            self.address = address
            self.interrupt = interrupt
        }
    }

    static let motionKeys = ["chip", "bus", "reg", "interrupt", "range-g", "rate", "shake-threshold-mg"]

    static func decodeMotion(_ value: JSONValue?, reader r: inout BoardReader) -> Motion? {
        guard let value, let m = r.object(value, at: "motion", known: motionKeys) else { return nil }
        let chipText = r.string(m, "chip", at: "motion", required: true, example: "\"lis3dh\"")
        let chip = chipText.flatMap(Motion.Chip.init(rawValue:))
        if let chipText, chip == nil {
            r.issue("motion.chip", "\"\(chipText)\" is not an accelerometer PanelKit drives", "use \"lis3dh\"")
        }
        var bus: String?
        switch r.string(m, "bus", at: "motion", required: true, example: "\"/dev/i2c-1\"") {
        case let path? where path.hasPrefix("/dev/i2c-") && Int(path.dropFirst("/dev/i2c-".count)) != nil: bus = path
        case let other?: r.issue("motion.bus", "\"\(other)\" is not an I2C bus", "write \"/dev/i2c-N\" (ls /dev/i2c-*)")
        case nil: break
        }
        let address = r.address(m, "reg", at: "motion", suggestion: I2CAddress(0x18)) ?? I2CAddress(0x18)
        let interrupt = r.pin(m, "interrupt", at: "motion")
        if m["interrupt"] == nil {
            r.issue(
                "motion", "has no interrupt",
                "wire the chip's INT1 to a GPIO line and add \"interrupt\": {\"chip\": \"gpiochip0\", \"line\": N}: PanelKit samples only after the chip's motion interrupt, so a still panel never wakes"
            )
        }
        let range = r.integer(m, "range-g", at: "motion", range: 2 ... 16, unit: " g") ?? 2
        if ![2, 4, 8, 16].contains(range) { r.issue("motion.range-g", "\(range) g is not a range the chip has", "use 2, 4, 8 or 16") }
        let rate = r.integer(m, "rate", at: "motion", range: 10 ... 400, unit: " Hz") ?? 100
        if ![10, 25, 50, 100, 200, 400].contains(rate) { r.issue("motion.rate", "\(rate) Hz is not a rate the chip has", "use 10, 25, 50, 100, 200 or 400") }
        let threshold = r.integer(m, "shake-threshold-mg", at: "motion", range: 300 ... 8000, unit: " mg") ?? 1000
        guard let chip, let bus, let interrupt else { return nil }
        var motion = Motion(chip: chip, bus: bus, address: address, interrupt: interrupt)
        motion.rangeG = range
        motion.rate = rate
        motion.shakeThresholdMilliG = threshold
        return motion
    }
}
