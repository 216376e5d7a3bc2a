// How a probed controller is described to a person (probe, demo, monitor).
public import PanelBench
public import PanelCore
public import TouchControllers

/// An emulated FocalTech chip's identity as lines for a person (probe, demo, monitor).
public func describe(_ info: FT6x06<FT6x06Emulator, MockLine, MockLine, ManualClock>.ChipInfo) -> [String] {
    describeFocalTech(chip: "\(info.chip)", vendor: info.vendorID, firmware: info.firmwareVersion, library: info.libraryVersion, contacts: info.maxContacts)
}

/// A FocalTech chip's identity as lines for a person: chip, vendor, firmware, library, contacts.
public func describeFocalTech(chip: String, vendor: UInt8, firmware: UInt8, library: UInt16, contacts: Int) -> [String] {
    [
        "chip: \(chip) (FocalTech), vendor 0x\(hex(vendor, digits: 2)), firmware \(firmware), library 0x\(hex(library, digits: 4))",
        "contacts: \(contacts)",
    ]
}

/// An emulated Goodix chip's identity as lines for a person (probe, demo, monitor).
public func describe(_ info: GT911<GT911Emulator, MockLine, MockLine, ManualClock>.ChipInfo) -> [String] {
    describeGoodix(
        product: info.productID, variant: "\(info.variant)", firmware: info.firmwareVersion, address: info.address,
        config: info.configVersion, width: info.xResolution, height: info.yResolution, contacts: info.maxContacts)
}

/// A Goodix chip's identity as lines for a person: product, address, firmware, configuration.
public func describeGoodix(product: String, variant: String, firmware: UInt16, address: I2CAddress, config: UInt8, width: Int, height: Int, contacts: Int)
    -> [String]
{
    [
        "chip: Goodix GT\(product) (\(variant)) at \(address), firmware 0x\(hex(firmware, digits: 4))",
        "configuration: version 0x\(hex(config, digits: 2)) (\(Character(Unicode.Scalar(config)).isLetter ? "'\(Character(Unicode.Scalar(config)))'" : "binary")), resolution \(width)×\(height), contacts: \(contacts)",
    ]
}
