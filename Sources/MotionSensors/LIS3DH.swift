public import PanelCore

/// The ST LIS3DH three-axis accelerometer over I2C.
///
/// Why this one: it is the accelerometer of the common breakout boards (Adafruit, SparkFun,
/// Pimoroni), costs little, runs at 1.7–3.6 V from the Pi's 3.3 V, and has what a panel needs
/// and nothing more: ±2/4/8/16 g, 1 Hz–5.3 kHz output rates, 12-bit samples, and an interrupt
/// pin for data ready or a motion threshold. (The ADXL345 is older and pricier; the MPU-6050
/// adds a gyroscope a panel does not need and is out of production.) Linux has an IIO driver
/// for it too (`st_accel`); this one needs none.
///
/// Registers (datasheet DocID17530): WHO_AM_I 0x0F = 0x33; CTRL_REG1 0x20 (rate, axes);
/// CTRL_REG4 0x23 (block update, full scale, high resolution); STATUS_REG 0x27; OUT_X_L…OUT_Z_H
/// 0x28–0x2D, read in one transaction with the auto-increment bit (0x80) set on the address.
public struct LIS3DH<Bus: I2CBus> {
    /// Full scale.
    public enum Range: UInt8, Sendable, Hashable {
        case g2 = 0, g4 = 1, g8 = 2, g16 = 3

        /// g per digit of a 12-bit high-resolution sample.
        var gPerDigit: Double {
            switch self {
            case .g2: 0.001
            case .g4: 0.002
            case .g8: 0.004
            case .g16: 0.012
            }
        }
    }

    /// The two addresses the SA0 pin selects.
    public static var defaultAddress: I2CAddress { I2CAddress(0x18) }
    public static var alternateAddress: I2CAddress { I2CAddress(0x19) }
    /// WHO_AM_I's value.
    public static var identity: UInt8 { 0x33 }

    public var bus: Bus
    public let address: I2CAddress
    public let range: Range
    /// Output data rate in Hz: 1, 10, 25, 50, 100, 200 or 400.
    public let rate: Int

    public init(bus: Bus, address: I2CAddress = LIS3DH.defaultAddress, range: Range = .g2, rate: Int = 100) {
        self.bus = bus
        self.address = address
        self.range = range
        self.rate = rate
    }

    /// Checks the chip's identity and starts it: the rate, all three axes, high resolution,
    /// block data update, the range.
    /// - Throws: ``MotionSensorError``: no answer on the bus, or another chip (the ID read and
    ///   the ID expected).
    public mutating func start() throws(MotionSensorError) {
        let id: UInt8
        do { id = try bus.readRegister(address, register: 0x0F) } catch { throw .bus(address: address, error) }
        guard id == Self.identity else { throw .wrongIdentity(address: address, read: id, expected: Self.identity) }
        let rateBits: UInt8 =
            switch rate {
            case ...1: 1
            case ...10: 2
            case ...25: 3
            case ...50: 4
            case ...100: 5
            case ...200: 6
            default: 7
            }
        do {
            try bus.writeRegister(address, register: 0x20, value: rateBits << 4 | 0x07)
            try bus.writeRegister(address, register: 0x23, value: 0x80 | range.rawValue << 4 | 0x08)
        } catch {
            throw .bus(address: address, error)
        }
    }

    /// Reads the latest sample (one 6-byte transaction; nothing allocates).
    public mutating func read(at time: MonotonicInstant = .zero) throws(MotionSensorError) -> Acceleration {
        var raw: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        do {
            try withUnsafeMutableBytes(of: &raw) { (buffer) throws(I2CError) in
                try bus.readRegisters(address, register: 0x28 | 0x80, into: buffer)
            }
        } catch {
            throw .bus(address: address, error)
        }
        // Left-justified 16-bit two's complement; 12 significant bits in high-resolution mode.
        func axis(_ low: UInt8, _ high: UInt8) -> Double {
            Double(Int16(bitPattern: UInt16(high) << 8 | UInt16(low)) >> 4) * range.gPerDigit
        }
        return Acceleration(x: axis(raw.0, raw.1), y: axis(raw.2, raw.3), z: axis(raw.4, raw.5), timestamp: time)
    }
}

/// Why an accelerometer cannot be used.
public enum MotionSensorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bus failed (no answer at the address, a NAK, a timeout).
    case bus(address: I2CAddress, I2CError)
    /// Another chip answers at the address.
    case wrongIdentity(address: I2CAddress, read: UInt8, expected: UInt8)

    public var description: String {
        switch self {
        case .bus(let address, let error):
            "accelerometer at \(address): \(error)"
        case .wrongIdentity(let address, let read, let expected):
            "the chip at \(address) says WHO_AM_I = 0x\(String(read, radix: 16)), not the LIS3DH's 0x\(String(expected, radix: 16)): another chip shares the address, or SA0 selects the other one (0x18/0x19)"
        }
    }
}
