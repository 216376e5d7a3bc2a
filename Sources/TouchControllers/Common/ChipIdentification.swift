public import PanelCore

/// Reads a chip's identification register the way the FocalTech and Hynitron parts need: the
/// first reads after a reset may return 0x00 or 0xFF while the firmware boots, so the register
/// gets three chances, 10 ms apart, before its value is taken as it is.
/// - Throws: the bus's error (a NAK: nothing there, or a chip that does not answer yet).
@inlinable
package func readChipID<Bus: I2CBus, Clock: MonotonicClock>(
    on bus: inout Bus, at address: I2CAddress, register: UInt8, clock: Clock
) throws(I2CError) -> UInt8 {
    var attempt = 0
    while true {
        let id = try bus.readRegister(address, register: register)
        attempt += 1
        if (id != 0x00 && id != 0xFF) || attempt == 3 { return id }
        clock.sleep(for: .milliseconds(10))
    }
}
