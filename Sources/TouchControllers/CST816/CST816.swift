public import PanelCore

/// A driver for Hynitron CST816S, CST816T, CST816D and CST716 single-touch controllers (the
/// chip on many small round and 1.28–2.8-inch modules), generic over the bus, the optional reset
/// and interrupt lines and the clock. It owns its bus. `init` does no I/O; ``start()`` brings the
/// chip up.
///
/// Lines: `reset` is driven logically, `.high` asserting reset (declare RST active-low in the
/// board file); `interrupt` reports the chip's INT, which pulses low (declare it active-low and
/// ask for rising logical edges). Without an interrupt line the driver polls.
///
/// The part's trap is its auto-sleep: after two seconds without a touch it stops answering the
/// bus until a touch wakes it (the S and T) or a reset. ``start()`` therefore resets the chip
/// when it can and writes DisAutoSleep at once, so it stays awake; a board without a reset line
/// must start the app within the chip's first two seconds or while the panel is touched, and
/// the error says so. With ``CST816Configuration/autoSleep`` the chip sleeps, and the driver
/// reads it only after its interrupt.
public struct CST816<Bus: I2CBus, Reset: DigitalOutput, Interrupt: EdgeEventSource, Clock: MonotonicClock>: TouchSource {
    /// The configuration.
    public private(set) var configuration: CST816Configuration
    /// The bus (owned).
    public private(set) var bus: Bus
    /// The reset line, if wired.
    public private(set) var reset: Reset?
    /// The interrupt line, if wired.
    public private(set) var interrupt: Interrupt?
    /// The clock.
    public let clock: Clock
    /// Set by ``start()``.
    public private(set) var info: CST816ChipInfo?
    /// The gesture the chip reported with the last frame (its own verdict; the UI's recognizers
    /// work from the touches).
    public private(set) var lastGesture = CST816Gesture.none
    /// Malformed reports dropped within the tolerance window after a reset.
    public var discardedReports: UInt64 { tolerance.discarded }

    private var tolerance = StartupTolerance()
    private var pendingEdge: MonotonicInstant?

    /// Creates the driver; no I/O happens until ``start()``.
    public init(bus: Bus, reset: Reset?, interrupt: Interrupt?, clock: Clock, configuration: CST816Configuration) {
        self.bus = bus
        self.reset = reset
        self.interrupt = interrupt
        self.clock = clock
        self.configuration = configuration
    }

    /// Resets the chip (if a reset line is wired), identifies it, reads its versions and applies
    /// the sleep, interrupt and motion settings.
    public mutating func start() throws(TouchSourceError) {
        info = nil
        if configuration.autoSleep && interrupt == nil {
            throw .configurationRejected(
                reason:
                    "a CST816 that sleeps ignores the bus until a touch wakes it, so it needs its INT line: add touch.interrupt to the board file, or leave auto-sleep off"
            )
        }
        if configuration.autoSleep && !(1 ... 255).contains(Int(configuration.autoSleepSeconds)) {
            throw .configurationRejected(reason: "auto-sleep after \(configuration.autoSleepSeconds) s: the chip takes 1…255 s")
        }
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
            chipID = try readChipID(on: &bus, at: address, register: CST816Register.chipID, clock: clock)
        } catch {
            guard error.isNoDevice else { throw .bus(error) }
            if reset == nil {
                throw .device(
                    description:
                        "no CST816 answers at \(address) (\(error.kind)): the chip sleeps 2 s after its last touch and then ignores the bus; wire its RST line (touch.reset in the board file) so the driver can wake it, or touch the panel while the app starts; otherwise check the bus, the address and the wiring"
                )
            }
            throw .noDevice(addresses: [address], underlying: error)
        }
        let chip = CST816Chip(chipID: chipID)
        if case .unknown = chip, !configuration.acceptUnknownChip {
            throw .unexpectedChipID(register: UInt16(CST816Register.chipID), value: [chipID])
        }
        try onBus { () throws(I2CError) in
            let project = try bus.readRegister(address, register: CST816Register.projectID)
            let firmware = try bus.readRegister(address, register: CST816Register.firmwareVersion)
            try applySettings()
            info = CST816ChipInfo(chip: chip, projectID: project, firmwareVersion: firmware, address: address)
        }
        try resumeReading()
    }

    /// Writes the sleep, interrupt and motion settings.
    private mutating func applySettings() throws(I2CError) {
        let address = configuration.address
        // Staying awake first: every later access then finds the chip answering.
        try bus.writeRegister(address, register: CST816Register.disableAutoSleep, value: configuration.autoSleep ? 0 : 1)
        if configuration.autoSleep {
            try bus.writeRegister(address, register: CST816Register.autoSleepTime, value: configuration.autoSleepSeconds)
        }
        try bus.writeRegister(address, register: CST816Register.interruptControl, value: configuration.interruptControl.rawValue)
        if let mask = configuration.motionMask {
            try bus.writeRegister(address, register: CST816Register.motionMask, value: mask)
        }
    }

    /// Reading starts afresh after a (re)start: interrupts queued before it describe reports
    /// that are gone; the first few malformed reports are forgiven.
    mutating func resumeReading() throws(TouchSourceError) {
        _ = try onLines { () throws(GPIOError) in try interrupt?.discardPendingEdges() }
        tolerance.open(configuration.garbageTolerance)
        pendingEdge = nil
        lastGesture = .none
    }

    /// Waits for the interrupt; with a finger down (or no interrupt line) waits at most one poll
    /// period, so that a lift the chip never signals is still read.
    public mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        guard info != nil else { throw .notStarted }
        return try waitForInterruptOrPoll(
            &interrupt, clock: clock, pollInterval: configuration.pollInterval, timeout: timeout,
            contactsDown: contactsDown, pendingEdge: &pendingEdge)
    }

    /// Reads one report (six bytes from GestureID on, one transfer) and decodes it.
    public mutating func readFrame() throws(TouchSourceError) -> TouchFrame? {
        guard info != nil else { throw .notStarted }
        var frame = TouchFrame(timestamp: pendingEdge ?? clock.now)
        pendingEdge = nil
        let address = configuration.address
        let transform = configuration.transform
        var violation: ProtocolViolation?
        var gesture = CST816Gesture.none
        try onBus { () throws(I2CError) in
            try withUnsafeTemporaryAllocation(byteCount: CST816Report.length, alignment: 1) { (buffer) throws(I2CError) in
                try bus.readRegisters(address, register: CST816Register.gesture, into: buffer)
                do throws(ProtocolViolation) {
                    gesture = try CST816Report.decode(UnsafeRawBufferPointer(buffer), transform: transform, into: &frame)
                } catch {
                    violation = error
                }
            }
        }
        let judged = try tolerance.judge(frame, violation: violation)
        if judged != nil { lastGesture = gesture }
        return judged
    }

    /// Brings the chip back after failed reads: re-probes it without a reset first, re-applying
    /// the settings when it answers as the chip it was; only when it does not, starts it again
    /// (with a reset, when a reset line is wired).
    public mutating func recover() throws(TouchSourceError) {
        try recoverByReprobing()
    }

    /// One re-probe: the chip answers its ID register as `known` and takes the settings again.
    mutating func reprobe(expecting known: CST816Chip) -> Bool {
        guard let id = try? bus.readRegister(configuration.address, register: CST816Register.chipID), CST816Chip(chipID: id) == known else {
            return false
        }
        return (try? applySettings()) != nil
    }

    /// Puts the chip in deep sleep (SleepMode = 3); only a reset wakes it.
    public mutating func hibernate() throws(TouchSourceError) {
        try onBus { () throws(I2CError) in
            try bus.writeRegister(configuration.address, register: CST816Register.sleepMode, value: 0x03)
        }
    }
}

extension CST816: ReprobingRecovery {
    var knownChip: CST816Chip? { info?.chip }
    var recoveryPolicy: RecoveryPolicy { configuration.recovery }
    var recoveryClock: Clock { clock }
}

extension CST816 where Reset == NoLine {
    /// Creates a driver for a board with no reset line.
    public init(bus: Bus, interrupt: Interrupt?, clock: Clock, configuration: CST816Configuration) {
        self.init(bus: bus, reset: nil, interrupt: interrupt, clock: clock, configuration: configuration)
    }
}

extension CST816 where Reset == NoLine, Interrupt == NoLine {
    /// Creates a polling driver for a board with neither reset nor interrupt line.
    public init(bus: Bus, clock: Clock, configuration: CST816Configuration) {
        self.init(bus: bus, reset: nil, interrupt: nil, clock: clock, configuration: configuration)
    }
}
