import PanelCore

extension LIS3DH {
    /// Sets INT1 to rise when the motion on any axis, gravity filtered out (the high-pass
    /// filter on interrupt 1), exceeds `threshold` g, and to stay high until
    /// ``acknowledgeInterrupt()``: a panel at rest never wakes its host, a hand on it does.
    ///
    /// Registers: CTRL_REG2 0x21 = HP_IA1 (filtered data to interrupt 1); CTRL_REG3 0x22 =
    /// I1_IA1 (interrupt 1 on the INT1 pin); CTRL_REG5 0x24 = LIR_INT1 (latched); INT1_THS
    /// 0x32 (7 bits, 16/32/62/186 mg a step at ±2/4/8/16 g); INT1_DURATION 0x33 = 0;
    /// INT1_CFG 0x30 = XHIE|YHIE|ZHIE (any axis above, OR). Reading REFERENCE 0x26 takes the
    /// current acceleration as the filter's reference.
    /// - Throws: ``MotionSensorError/bus(address:_:)``.
    public mutating func enableMotionInterrupt(threshold: Double) throws(MotionSensorError) {
        let step: Double =
            switch range {
            case .g2: 0.016
            case .g4: 0.032
            case .g8: 0.062
            case .g16: 0.186
            }
        let steps = threshold.isFinite ? (threshold / step).rounded() : 127
        let value = UInt8(min(max(steps, 1), 127))
        do {
            try bus.writeRegister(address, register: 0x21, value: 0x01)
            try bus.writeRegister(address, register: 0x22, value: 0x40)
            try bus.writeRegister(address, register: 0x24, value: 0x08)
            try bus.writeRegister(address, register: 0x32, value: value)
            try bus.writeRegister(address, register: 0x33, value: 0)
            try bus.writeRegister(address, register: 0x30, value: 0x2A)
            _ = try bus.readRegister(address, register: 0x26)
        } catch {
            throw .bus(address: address, error)
        }
    }

    /// Reads INT1_SRC (0x31), which lowers a latched INT1; returns whether it reported motion
    /// (its IA bit).
    /// - Throws: ``MotionSensorError/bus(address:_:)``.
    @discardableResult
    public mutating func acknowledgeInterrupt() throws(MotionSensorError) -> Bool {
        do { return try bus.readRegister(address, register: 0x31) & 0x40 != 0 } catch { throw .bus(address: address, error) }
    }
}
