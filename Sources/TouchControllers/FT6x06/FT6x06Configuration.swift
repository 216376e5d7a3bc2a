public import PanelCore

// The FT6x06 driver's settings and what it learns at start: plain values, outside the generic
// driver type, so a board's configuration is spelled without the bus, lines and clock.

/// Interrupt behaviour selected through ID_G_MODE (0xA4).
public enum FT6x06InterruptMode: UInt8, Sendable {
    /// INT stays low while touched ("polling" mode, 0x00).
    case level = 0x00
    /// INT pulses once per report ("trigger" mode, 0x01).
    case pulse = 0x01
}

/// The board's settings for the chip.
public struct FT6x06Configuration: Sendable {
    /// The chip's 7-bit address (0x38 on every known board).
    public var address: I2CAddress = .ft6x06
    /// Points to read per frame; nil takes the chip's own (2 for FT6x06, 5 for FT5x06).
    /// Set 10 for FT5506/FT5426 panels.
    public var maxContacts: Int?
    /// Controller → UI mapping.
    public var transform: TouchscreenTransform
    /// Write ID_G_MODE at start; nil leaves the chip's setting.
    public var interruptMode: FT6x06InterruptMode?
    /// Write ID_G_THGROUP (0x80) at start; nil leaves it.
    public var threshold: UInt8?
    /// Write ID_G_PERIODACTIVE (0x88) at start; nil leaves it.
    public var reportRate: UInt8?
    /// Write ID_G_CTRL (0x86) = 0 at start so the chip never enters monitor mode, where it
    /// does not answer I2C. Default true.
    public var keepActive = true
    /// Poll period without an interrupt line, and while fingers are down.
    public var pollInterval: MonotonicDuration = .milliseconds(10)
    /// Reset pulse width (datasheet Trst ≥ 5 ms; 6 ms gives margin).
    public var resetPulse: MonotonicDuration = .milliseconds(6)
    /// Wait after releasing reset before the first access (datasheet Trsi ≥ 300 ms); paid
    /// only after a real reset.
    public var startupDelay: MonotonicDuration = .milliseconds(300)
    /// How ``FT6x06/recover()`` tries the chip without a reset before resetting it.
    public var recovery = RecoveryPolicy()
    /// Accept a 0xA3 value missing from ``FT6x06Chip``'s table (a clone) instead of failing.
    public var acceptUnknownChip = false
    /// Malformed reports tolerated silently right after a (re)start, where registers are
    /// undefined (tinygo#672, RPi #5645); later ones throw.
    public var garbageTolerance = 3

    /// Creates a configuration.
    public init(transform: TouchscreenTransform) {
        self.transform = transform
    }
}

/// What ``FT6x06/start()`` learned about the chip.
public struct FT6x06ChipInfo: Sendable, Hashable {
    /// The chip, from 0xA3.
    public var chip: FT6x06Chip
    /// Panel vendor code (0xA8), informational.
    public var vendorID: UInt8
    /// Firmware version (0xA6).
    public var firmwareVersion: UInt8
    /// Library version (0xA1:0xA2, big-endian).
    public var libraryVersion: UInt16
    /// Points read per frame.
    public var maxContacts: Int
}
