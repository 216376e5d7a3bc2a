public import PanelCore

/// A driver for FocalTech FT6x06 (FT6206, FT6236, FT6336U) and register-compatible FT5x06
/// controllers (5 or 10 points), generic over the bus, the optional reset and interrupt lines
/// and the clock. It owns its bus. `init` does no I/O; ``start()`` brings the chip up.
///
/// Lines: `reset` is driven logically — `.high` asserts reset (declare the pin active-low in
/// the board file, as the chip's RESET is); `interrupt` reports the chip's INT (active-low:
/// declare it so, and ask for rising logical edges). Without an interrupt line the driver polls
/// at ``Configuration/pollInterval``.
///
/// Interrupts are only a hint that something changed: while fingers are down the driver also
/// polls, because some firmware never signals the lift (docs/controllers.md §1.6, §3 #15).
public struct FT6x06<Bus: I2CBus, Reset: DigitalOutput, Interrupt: EdgeEventSource, Clock: MonotonicClock>: TouchSource {
    /// ``FT6x06InterruptMode``.
    public typealias InterruptMode = FT6x06InterruptMode
    /// The board's settings (``FT6x06Configuration``), outside the generic driver type.
    public typealias Configuration = FT6x06Configuration
    /// ``FT6x06ChipInfo``.
    public typealias ChipInfo = FT6x06ChipInfo
    /// The configuration.
    public private(set) var configuration: Configuration
    /// The bus (owned).
    public private(set) var bus: Bus
    /// The reset line, if wired.
    public private(set) var reset: Reset?
    /// The interrupt line, if wired.
    public private(set) var interrupt: Interrupt?
    /// The clock.
    public let clock: Clock
    /// Set by ``start()``.
    public private(set) var info: ChipInfo?
    /// Malformed reports dropped within the tolerance window after a reset.
    public var discardedReports: UInt64 { tolerance.discarded }

    private var tolerance = StartupTolerance()
    private var pendingEdge: MonotonicInstant?

    /// Creates the driver; no I/O happens until ``start()``.
    public init(bus: Bus, reset: Reset?, interrupt: Interrupt?, clock: Clock, configuration: Configuration) {
        self.bus = bus
        self.reset = reset
        self.interrupt = interrupt
        self.clock = clock
        self.configuration = configuration
    }

    /// Resets the chip (if a reset line is wired), identifies it, reads its versions and applies
    /// the configured interrupt mode, threshold and report rate.
    public mutating func start() throws(TouchSourceError) {
        info = nil
        if reset != nil {
            try onLines { () throws(GPIOError) in
                try reset!.set(.high)
                clock.sleep(for: configuration.resetPulse)
                try reset!.set(.low)
            }
            clock.sleep(for: configuration.startupDelay)
        }
        let address = configuration.address
        let chipID: UInt8
        do {
            chipID = try readChipID(on: &bus, at: address, register: FT6x06Register.chipID, clock: clock)
        } catch {
            if error.isNoDevice { throw .noDevice(addresses: [address], underlying: error) }
            throw .bus(error)
        }
        let chip = FT6x06Chip(chipID: chipID)
        if case .unknown = chip, !configuration.acceptUnknownChip {
            throw .unexpectedChipID(register: UInt16(FT6x06Register.chipID), value: [chipID])
        }
        let maxContacts = configuration.maxContacts ?? chip.maxContacts
        guard maxContacts >= 1 && maxContacts <= TouchFrame.capacity else {
            throw .configurationRejected(
                reason: "maxContacts \(maxContacts) is outside 1…\(TouchFrame.capacity): set the board file's touch points to the panel's (2, 5 or 10)")
        }
        try onBus { () throws(I2CError) in
            let vendor = try bus.readRegister(address, register: FT6x06Register.vendorID)
            let firmware = try bus.readRegister(address, register: FT6x06Register.firmwareVersion)
            var library: (UInt8, UInt8) = (0, 0)
            try withUnsafeMutableBytes(of: &library) { (raw) throws(I2CError) in
                try bus.readRegisters(address, register: FT6x06Register.libraryVersion, into: raw)
            }
            try applySettings()
            info = ChipInfo(
                chip: chip, vendorID: vendor, firmwareVersion: firmware,
                libraryVersion: UInt16(library.0) << 8 | UInt16(library.1), maxContacts: maxContacts)
        }
        try resumeReading()
    }

    /// Writes the configured control, interrupt mode, threshold and report rate.
    private mutating func applySettings() throws(I2CError) {
        let address = configuration.address
        if configuration.keepActive {
            try bus.writeRegister(address, register: FT6x06Register.control, value: 0)
        }
        if let mode = configuration.interruptMode {
            try bus.writeRegister(address, register: FT6x06Register.interruptMode, value: mode.rawValue)
        }
        if let threshold = configuration.threshold {
            try bus.writeRegister(address, register: FT6x06Register.threshold, value: threshold)
        }
        if let rate = configuration.reportRate {
            try bus.writeRegister(address, register: FT6x06Register.reportRate, value: rate)
        }
    }

    /// Reading starts afresh after a (re)start: interrupts queued before it (or while the chip
    /// failed) describe reports that are gone, and reading for them would stamp frames with the
    /// past; the first few malformed reports are forgiven.
    mutating func resumeReading() throws(TouchSourceError) {
        _ = try onLines { () throws(GPIOError) in try interrupt?.discardPendingEdges() }
        tolerance.open(configuration.garbageTolerance)
        pendingEdge = nil
    }

    /// Waits for the interrupt; with fingers down (or no interrupt line) waits at most one poll
    /// period, so that a lift the chip never signals is still read.
    public mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        guard info != nil else { throw .notStarted }
        return try waitForInterruptOrPoll(
            &interrupt, clock: clock, pollInterval: configuration.pollInterval, timeout: timeout,
            contactsDown: contactsDown, pendingEdge: &pendingEdge)
    }

    /// Reads one report in a single burst from register 0x00 (one combined transfer; a bus that
    /// only speaks SMBus makes it an I2C-block read) and decodes it.
    public mutating func readFrame() throws(TouchSourceError) -> TouchFrame? {
        guard let info else { throw .notStarted }
        let length = FT6x06Report.length(maxContacts: info.maxContacts)
        var frame = TouchFrame(timestamp: pendingEdge ?? clock.now)
        pendingEdge = nil
        let address = configuration.address
        let transform = configuration.transform
        let maxContacts = info.maxContacts
        var violation: ProtocolViolation?
        try onBus { () throws(I2CError) in
            try withUnsafeTemporaryAllocation(byteCount: length, alignment: 1) { (buffer) throws(I2CError) in
                try bus.readRegisters(address, register: FT6x06Register.deviceMode, into: buffer)
                do throws(ProtocolViolation) {
                    try FT6x06Report.decode(
                        UnsafeRawBufferPointer(buffer), maxContacts: maxContacts, transform: transform, into: &frame)
                } catch {
                    violation = error
                }
            }
        }
        return try tolerance.judge(frame, violation: violation)
    }

    /// Brings the chip back after failed reads: re-probes it without a reset first
    /// (``Configuration/recovery``), re-applying the settings when it answers as the chip it
    /// was; only when it does not, resets it (when a reset line is wired) and starts it again.
    public mutating func recover() throws(TouchSourceError) {
        try recoverByReprobing()
    }

    /// One re-probe: the chip answers its ID register as `known` and takes the settings again.
    mutating func reprobe(expecting known: FT6x06Chip) -> Bool {
        guard let id = try? bus.readRegister(configuration.address, register: FT6x06Register.chipID), FT6x06Chip(chipID: id) == known else {
            return false
        }
        return (try? applySettings()) != nil
    }

    /// Puts the chip in hibernation (ID_G_PMODE = 3); only a reset wakes it.
    public mutating func hibernate() throws(TouchSourceError) {
        try onBus { () throws(I2CError) in
            try bus.writeRegister(configuration.address, register: FT6x06Register.powerMode, value: FT6x06PowerMode.hibernate)
        }
    }
}

extension FT6x06: ReprobingRecovery {
    var knownChip: FT6x06Chip? { info?.chip }
    var recoveryPolicy: RecoveryPolicy { configuration.recovery }
    var recoveryClock: Clock { clock }
}

extension FT6x06 where Reset == NoLine {
    /// Creates a driver for a board with no reset line.
    public init(bus: Bus, interrupt: Interrupt?, clock: Clock, configuration: Configuration) {
        self.init(bus: bus, reset: nil, interrupt: interrupt, clock: clock, configuration: configuration)
    }
}

extension FT6x06 where Reset == NoLine, Interrupt == NoLine {
    /// Creates a polling driver for a board with neither reset nor interrupt line.
    public init(bus: Bus, clock: Clock, configuration: Configuration) {
        self.init(bus: bus, reset: nil, interrupt: nil, clock: clock, configuration: configuration)
    }
}
