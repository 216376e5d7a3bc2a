public import PanelCore

/// A driver for Goodix GT911 and its GT9xx siblings, generic over the bus, the reset line, the
/// reconfigurable INT line and the clock. It owns its bus. `init` does no I/O; ``start()`` runs
/// the reset and address-strap sequence, identifies the part, reads and verifies its
/// configuration and optionally writes a new one.
///
/// Lines: `reset` is driven logically, `.high` asserting reset (declare it active-low in the
/// board file). `interrupt` must be declared active-high (as-is): the driver drives its
/// electrical level to select the address. Either line may be absent: without INT the address
/// the chip picks is random and both are probed; without reset the chip keeps the address it
/// has; without INT the driver polls.
public struct GT911<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock>: TouchSource {
    /// Sequence timings; each default cites the datasheet minimum (GT911 Programming Guide
    /// §4.2, Linux goodix) and the margin taken.
    public struct Timings: Sendable, Hashable {
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
    public struct Configuration: Sendable {
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
        public var timings = Timings()
        /// Malformed reports tolerated silently right after a (re)start.
        public var garbageTolerance = 3
        /// How ``recover()`` tries the chip without a reset before resetting it.
        public var recovery = RecoveryPolicy()

        /// Creates a configuration.
        public init(transform: TouchscreenTransform) {
            self.transform = transform
        }
    }

    /// What ``start()`` learned.
    public struct ChipInfo: Sendable, Hashable {
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

    /// The configuration.
    public private(set) var configuration: Configuration
    /// The bus (owned).
    public internal(set) var bus: Bus
    /// The reset line, if wired.
    public internal(set) var reset: Reset?
    /// The INT line, if wired.
    public internal(set) var interrupt: Interrupt?
    /// The clock.
    public let clock: Clock
    /// Set by ``start()``.
    public internal(set) var info: ChipInfo?
    /// The configuration block as read at the first start, before any write: a backup.
    public internal(set) var factoryConfiguration: GT911ConfigBlock?
    /// The configuration block in effect.
    public internal(set) var currentConfiguration: GT911ConfigBlock?
    /// Malformed reports dropped within the tolerance window after a reset.
    public var discardedReports: UInt64 { tolerance.discarded }
    /// Interrupts after which the buffer never became ready (spurious, e.g. after a lift).
    public internal(set) var spuriousInterrupts: UInt64 = 0

    var tolerance = StartupTolerance()
    var pendingEdge: MonotonicInstant?
    var transform: TouchscreenTransform

    /// Creates the driver; no I/O happens until ``start()``.
    public init(bus: Bus, reset: Reset?, interrupt: Interrupt?, clock: Clock, configuration: Configuration) {
        self.bus = bus
        self.reset = reset
        self.interrupt = interrupt
        self.clock = clock
        self.configuration = configuration
        self.transform = configuration.transform
    }
}

extension GT911 where Reset == NoLine, Interrupt == NoLine {
    /// Creates a polling driver for a board with neither reset nor INT wired.
    public init(bus: Bus, clock: Clock, configuration: Configuration) {
        self.init(bus: bus, reset: nil, interrupt: nil, clock: clock, configuration: configuration)
    }
}
