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
    /// ``GT911Timings``.
    public typealias Timings = GT911Timings
    /// The board's settings (``GT911Configuration``), outside the generic driver type.
    public typealias Configuration = GT911Configuration
    /// ``GT911ChipInfo``.
    public typealias ChipInfo = GT911ChipInfo
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
