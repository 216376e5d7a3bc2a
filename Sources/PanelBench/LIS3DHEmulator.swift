public import PanelCore

/// An ST LIS3DH accelerometer modelled at register level, as an ``I2CBus``: the 8-bit register
/// pointer with auto-increment when the address's top bit is set, WHO_AM_I (0x0F = 0x33, or
/// another value to play a wrong chip), the control registers the driver writes, and the
/// output registers holding the acceleration a test sets, encoded as the chip does
/// (left-justified 12-bit two's complement at the configured full scale), and interrupt 1 as
/// a wake-on-motion latch: with INT1_CFG set, a new acceleration whose change from the last one
/// exceeds INT1_THS on an enabled axis sets INT1_SRC's IA bit and raises ``interruptLine``
/// (when given), until INT1_SRC is read.
public final class LIS3DHEmulator: RegisterLevelChip {
    public let address: I2CAddress
    /// NAK the next N transactions.
    public var nakBursts = 0
    /// Transactions answered.
    public private(set) var transactions = 0
    /// The INT1 pin, raised while a motion interrupt is latched (nil: not wired).
    public var interruptLine: MockLine?
    /// Whether interrupt 1 is latched (INT1_SRC's IA bit).
    public var isInterruptLatched: Bool { registers.bytes[0x31] & 0x40 != 0 }
    private var registers = RegisterFile(size: 128)
    private var autoIncrement = false
    private var last: (x: Double, y: Double, z: Double) = (0, 0, 1)

    /// - Parameter identity: the WHO_AM_I value (0x33 for a LIS3DH).
    public init(address: I2CAddress = I2CAddress(0x18), identity: UInt8 = 0x33) {
        self.address = address
        registers.bytes[0x0F] = identity
        registers.bytes[0x20] = 0x07
        set(x: 0, y: 0, z: 1)
    }

    /// The value of a register.
    public func register(_ r: UInt8) -> UInt8 { registers.bytes[Int(r) % 128] }

    /// Sets the acceleration the chip reports next (in g; clamped to its full scale).
    public func set(x: Double, y: Double, z: Double) {
        let scale: Double =
            switch (registers.bytes[0x23] >> 4) & 3 {
            case 0: 0.001
            case 1: 0.002
            case 2: 0.004
            default: 0.012
            }
        for (i, value) in [x, y, z].enumerated() {
            let digits = Int((value / scale).rounded())
            let clamped = Int16(clamping: max(min(digits, 2047), -2048))
            let word = UInt16(bitPattern: clamped << 4)
            registers.bytes[0x28 + 2 * i] = UInt8(word & 0xFF)
            registers.bytes[0x29 + 2 * i] = UInt8(word >> 8)
        }
        registers.bytes[0x27] = 0x0F  // ZYXDA and each axis' data ready
        // Interrupt 1 on motion: the change since the last sample stands in for the chip's
        // high-pass filter.
        let cfg = registers.bytes[0x30]
        let threshold = Double(registers.bytes[0x32] & 0x7F) * scale * 16
        if cfg != 0, threshold > 0 {
            let changes = [abs(x - last.x), abs(y - last.y), abs(z - last.z)]
            let enabled = [cfg & 0x02 != 0, cfg & 0x08 != 0, cfg & 0x20 != 0]
            if (0 ..< 3).contains(where: { enabled[$0] && changes[$0] > threshold }) {
                registers.bytes[0x31] = 0x40
                interruptLine?.deviceDrive(.high)
            }
        }
        last = (x, y, z)
    }

    func begin(_ target: I2CAddress) throws(I2CError) {
        transactions += 1
        if nakBursts > 0 {
            nakBursts -= 1
            throw I2CError(.noAcknowledgeAddress, address: target)
        }
        guard target == address else { throw I2CError(.noAcknowledgeAddress, address: target) }
    }

    func store(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        autoIncrement = first & 0x80 != 0
        registers.pointer = Int(first & 0x7F)
        for byte in bytes.dropFirst() {
            registers.bytes[registers.pointer] = byte
            registers.pointer = autoIncrement ? (registers.pointer + 1) % 128 : registers.pointer
        }
    }

    func load(_ buffer: UnsafeMutableRawBufferPointer) {
        for i in 0 ..< buffer.count {
            buffer[i] = registers.bytes[registers.pointer]
            if registers.pointer == 0x31 {
                // Reading INT1_SRC clears the latch.
                registers.bytes[0x31] = 0
                interruptLine?.deviceDrive(.low)
            }
            if autoIncrement { registers.pointer = (registers.pointer + 1) % 128 }
        }
    }
}
