import PanelCore

/// GT911 configuration: reading the block (its checksum checked, re-read once on a corrupted
/// transfer) and writing one under the firmware's rules.
extension GT911 {
    mutating func readConfigBlock(_ address: I2CAddress, variant: GT911Variant) throws(TouchSourceError) -> GT911ConfigBlock {
        let bytes = try onBus { () throws(I2CError) in
            try bus.readRegisters16(address, register: variant.configAddress, count: variant.configLength)
        }
        return GT911ConfigBlock(bytes: bytes, checksum: variant.checksum)
    }

    /// Reads the configuration block and checks its checksum, re-reading once on a mismatch (a
    /// corrupted transfer) before failing.
    mutating func readConfiguration(_ address: I2CAddress, variant: GT911Variant) throws(TouchSourceError) -> GT911ConfigBlock {
        var block = try readConfigBlock(address, variant: variant)
        if block.isChecksumValid { return block }
        block = try readConfigBlock(address, variant: variant)
        guard block.isChecksumValid else {
            throw .checksumMismatch(expected: block.computedChecksum, found: block.storedChecksum)
        }
        return block
    }

    /// Writes a configuration under the firmware's rules: the length must match the part, the
    /// version must not be lower than the stored one (the chip would ignore it) nor 0; the
    /// checksum and fresh flag are computed; after the write the driver waits for the firmware
    /// and reads the block back to confirm it was taken.
    mutating func writeConfiguration(
        _ wanted: [UInt8], address: I2CAddress, variant: GT911Variant, stored: GT911ConfigBlock
    ) throws(TouchSourceError) -> GT911ConfigBlock {
        guard wanted.count == variant.configLength else {
            throw .configurationRejected(
                reason: "the block has \(wanted.count) bytes; \(variant.name) takes \(variant.configLength) (Config_Version through the fresh flag)")
        }
        var block = GT911ConfigBlock(bytes: wanted, checksum: variant.checksum)
        guard block.version != 0 else {
            throw .configurationRejected(
                reason: "Config_Version 0 is not a valid version; use the stored version (0x\(hex(stored.version, digits: 2))) or higher")
        }
        guard block.version >= stored.version else {
            throw .configurationRejected(
                reason:
                    "Config_Version 0x\(hex(block.version, digits: 2)) is lower than the chip's 0x\(hex(stored.version, digits: 2)); the firmware would ignore it — raise the version"
            )
        }
        block.seal()
        try onBus { () throws(I2CError) in
            try bus.writeRegisters16(address, register: variant.configAddress, bytes: block.bytes)
        }
        clock.sleep(for: configuration.timings.configApply)
        let readBack = try readConfiguration(address, variant: variant)
        var expected = block
        expected.fresh = readBack.fresh  // the chip clears the fresh flag once applied
        guard readBack.bytes == expected.bytes else {
            throw .configurationRejected(reason: "the chip did not apply the block (read-back differs); its configuration is unchanged")
        }
        return readBack
    }
}
