// Register access over an I2CBus: 8-bit pointers (FocalTech) and big-endian 16-bit pointers
// (Goodix). Every helper is one bus transaction and uses stack buffers only.

extension I2CBus {
    /// Reads `buffer.count` bytes starting at 8-bit register `register` (write pointer,
    /// repeated START, read).
    @inlinable
    package mutating func readRegisters(
        _ address: I2CAddress, register: UInt8, into buffer: UnsafeMutableRawBufferPointer
    ) throws(I2CError) {
        var pointer = register
        try withUnsafeBytes(of: &pointer) { (raw) throws(I2CError) in
            try writeRead(to: address, raw, into: buffer)
        }
    }

    /// Reads one 8-bit register.
    @inlinable
    package mutating func readRegister(_ address: I2CAddress, register: UInt8) throws(I2CError) -> UInt8 {
        var value: UInt8 = 0
        try withUnsafeMutableBytes(of: &value) { (raw) throws(I2CError) in
            try readRegisters(address, register: register, into: raw)
        }
        return value
    }

    /// Writes one 8-bit register: `[register, value]` in one transaction.
    @inlinable
    package mutating func writeRegister(_ address: I2CAddress, register: UInt8, value: UInt8) throws(I2CError) {
        var bytes: (UInt8, UInt8) = (register, value)
        try withUnsafeBytes(of: &bytes) { (raw) throws(I2CError) in try write(to: address, raw) }
    }

    /// Reads `buffer.count` bytes starting at 16-bit register `register`, sent big-endian.
    @inlinable
    package mutating func readRegisters16(
        _ address: I2CAddress, register: UInt16, into buffer: UnsafeMutableRawBufferPointer
    ) throws(I2CError) {
        var pointer: (UInt8, UInt8) = (UInt8(register >> 8), UInt8(register & 0xFF))
        try withUnsafeBytes(of: &pointer) { (raw) throws(I2CError) in
            try writeRead(to: address, raw, into: buffer)
        }
    }

    /// Writes `bytes` starting at 16-bit register `register`: `[REG_H, REG_L, bytes…]` in one
    /// transaction (the chip auto-increments).
    @inlinable
    package mutating func writeRegisters16(
        _ address: I2CAddress, register: UInt16, _ bytes: UnsafeRawBufferPointer
    ) throws(I2CError) {
        try withUnsafeTemporaryAllocation(byteCount: bytes.count + 2, alignment: 1) { (buffer) throws(I2CError) in
            buffer[0] = UInt8(register >> 8)
            buffer[1] = UInt8(register & 0xFF)
            for i in 0 ..< bytes.count { buffer[i + 2] = bytes[i] }
            try write(to: address, UnsafeRawBufferPointer(buffer))
        }
    }

    /// Writes one byte at 16-bit register `register`.
    @inlinable
    package mutating func writeRegister16(_ address: I2CAddress, register: UInt16, value: UInt8) throws(I2CError) {
        var bytes: (UInt8, UInt8, UInt8) = (UInt8(register >> 8), UInt8(register & 0xFF), value)
        try withUnsafeBytes(of: &bytes) { (raw) throws(I2CError) in try write(to: address, raw) }
    }

    /// Reads `count` bytes starting at 16-bit register `register` into a new array (set-up
    /// paths only: it allocates).
    package mutating func readRegisters16(_ address: I2CAddress, register: UInt16, count: Int) throws(I2CError) -> [UInt8] {
        try withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { (buffer) throws(I2CError) in
            try readRegisters16(address, register: register, into: buffer)
            return [UInt8](buffer)
        }
    }

    /// Writes `bytes` starting at 16-bit register `register` (set-up paths).
    package mutating func writeRegisters16(_ address: I2CAddress, register: UInt16, bytes: [UInt8]) throws(I2CError) {
        try withUnsafeTemporaryAllocation(byteCount: bytes.count, alignment: 1) { (buffer) throws(I2CError) in
            buffer.copyBytes(from: bytes)
            try writeRegisters16(address, register: register, UnsafeRawBufferPointer(buffer))
        }
    }
}
