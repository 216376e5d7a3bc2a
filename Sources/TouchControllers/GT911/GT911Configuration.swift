public import PanelCore

// The GT911 driver's settings and what it learns at start: plain values, outside the generic
// driver type, so a board's configuration is spelled without the bus, lines and clock.

/// Sequence timings; each default cites the datasheet minimum (GT911 Programming Guide
/// §4.2, Linux goodix) and the margin taken.
public struct GT911Timings: Sendable, Hashable {
    /// T2: reset held before the address is presented (≥ 10 ms; Linux waits 20 ms).
    public var resetHold: MonotonicDuration = .milliseconds(20)
    /// T3: INT level set up before reset is released (≥ 100 µs; 2 ms covers slow GPIO paths).
    public var addressSetup: MonotonicDuration = .milliseconds(2)
    /// T4: after reset release before INT sync (≥ 5 ms; Linux 6–10 ms).
    public var resetRelease: MonotonicDuration = .milliseconds(10)
    /// T5: INT held low for the sync (50 ms, from the guide).
    public var interruptSync: MonotonicDuration = .milliseconds(50)
    /// How long to poll the status for "buffer ready" after an interrupt (the bit lags the
    /// edge by about 10 ms; Linux gives it 20 ms).
    public var readyWindow: MonotonicDuration = .milliseconds(20)
    /// Pause between status polls inside the ready window (the guide: 1 ms).
    public var readyPoll: MonotonicDuration = .milliseconds(1)
    /// Wait after writing a configuration for the firmware to apply it (Linux: 10 ms).
    public var configApply: MonotonicDuration = .milliseconds(10)

    /// The defaults.
    public init() {}
}

/// The board's settings.
public struct GT911Configuration: Sendable {
    /// The address to strap and try first.
    public var address: I2CAddress = .gt911Primary
    /// Try the other address (0x5D ↔ 0x14) when the first does not answer (Zephyr
    /// `alt-addr`): for boards whose INT cannot be driven or floats.
    public var allowAddressFallback = true
    /// Controller → UI mapping. With ``useChipResolution`` the controller extents are taken
    /// from the chip's configuration.
    public var transform: TouchscreenTransform
    /// Replace the transform's controller resolution by the chip's X/Y_Output_Max.
    public var useChipResolution = true
    /// Points to read; nil takes the configuration's Touch_Number (capped by the part).
    public var maxContacts: Int?
    /// A configuration block to write at start (Config_Version first; the checksum and
    /// fresh bytes are computed). Written only under the firmware's rules; the factory block
    /// stays available in ``GT911/factoryConfiguration``.
    public var configurationToWrite: [UInt8]?
    /// Poll period without an interrupt line, and while fingers are down.
    public var pollInterval: MonotonicDuration = .milliseconds(10)
    /// Timings of the sequences.
    public var timings = GT911Timings()
    /// Malformed reports tolerated silently right after a (re)start.
    public var garbageTolerance = 3
    /// How ``GT911/recover()`` tries the chip without a reset before resetting it.
    public var recovery = RecoveryPolicy()

    /// Creates a configuration.
    public init(transform: TouchscreenTransform) {
        self.transform = transform
    }
}

/// What ``GT911/start()`` learned.
public struct GT911ChipInfo: Sendable, Hashable {
    /// The product ID string ("911").
    public var productID: String
    /// The matched variant.
    public var variant: GT911Variant
    /// Firmware version (0x8144, little-endian).
    public var firmwareVersion: UInt16
    /// The address the chip answered at.
    public var address: I2CAddress
    /// Config_Version in effect.
    public var configVersion: UInt8
    /// Resolution from the configuration.
    public var xResolution: Int
    /// Resolution from the configuration.
    public var yResolution: Int
    /// Points read per frame.
    public var maxContacts: Int
}
