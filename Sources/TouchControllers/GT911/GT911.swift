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
    public private(set) var bus: Bus
    /// The reset line, if wired.
    public private(set) var reset: Reset?
    /// The INT line, if wired.
    public private(set) var interrupt: Interrupt?
    /// The clock.
    public let clock: Clock
    /// Set by ``start()``.
    public private(set) var info: ChipInfo?
    /// The configuration block as read at the first start, before any write: a backup.
    public private(set) var factoryConfiguration: GT911ConfigBlock?
    /// The configuration block in effect.
    public private(set) var currentConfiguration: GT911ConfigBlock?
    /// Malformed reports dropped within the tolerance window after a reset.
    public private(set) var discardedReports: UInt64 = 0
    /// Interrupts after which the buffer never became ready (spurious, e.g. after a lift).
    public private(set) var spuriousInterrupts: UInt64 = 0

    private var garbageBudget = 0
    private var pendingEdge: MonotonicInstant?
    private var transform: TouchscreenTransform

    /// Creates the driver; no I/O happens until ``start()``.
    public init(bus: Bus, reset: Reset?, interrupt: Interrupt?, clock: Clock, configuration: Configuration) {
        self.bus = bus
        self.reset = reset
        self.interrupt = interrupt
        self.clock = clock
        self.configuration = configuration
        self.transform = configuration.transform
    }

    // MARK: - Start

    /// Runs the reset/strap sequence, finds the chip, identifies it, verifies its configuration
    /// and writes ``Configuration/configurationToWrite`` if given.
    public mutating func start() throws(TouchSourceError) {
        info = nil
        try resetSequence(address: configuration.address)
        let answered = try probe()
        var id: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        do {
            try withUnsafeMutableBytes(of: &id) { (raw) throws(I2CError) in
                try bus.readRegisters16(answered, register: GT911Register.productID, into: raw)
            }
        } catch {
            throw .bus(error)
        }
        var productID = ""
        for b in [id.0, id.1, id.2, id.3] {
            if b == 0 { break }
            productID.unicodeScalars.append(Unicode.Scalar(b))
        }
        guard let variant = GT911Variant.forProductID(productID) else {
            throw .unexpectedChipID(register: GT911Register.productID, value: [id.0, id.1, id.2, id.3])
        }
        let firmware = UInt16(id.4) | UInt16(id.5) << 8
        var block = try readConfiguration(answered, variant: variant)
        if factoryConfiguration == nil { factoryConfiguration = block }
        if let wanted = configuration.configurationToWrite {
            block = try writeConfiguration(wanted, address: answered, variant: variant, stored: block)
        }
        currentConfiguration = block
        var maxContacts = configuration.maxContacts ?? block.touchNumber
        if maxContacts < 1 || maxContacts > variant.maxContacts { maxContacts = variant.maxContacts }
        transform = configuration.transform
        if configuration.useChipResolution, block.xResolution > 0, block.yResolution > 0 {
            let panelWidth = transform.panelWidth
            let panelHeight = transform.panelHeight
            transform.controllerWidth = block.xResolution
            transform.controllerHeight = block.yResolution
            transform.panelWidth = panelWidth
            transform.panelHeight = panelHeight
        }
        if interrupt != nil {
            // Module_Switch1 bits 1:0 — rising/high-level report on rising edges, falling/low-level
            // on falling ones (Linux goodix_irq_flags). The line floats, as the guide requires.
            let edges: EdgeDetection = block.interruptTrigger == 0 || block.interruptTrigger == 3 ? .rising : .falling
            do { try interrupt!.configureAsInput(edges: edges, bias: .disabled) } catch { throw .gpio(error) }
        }
        do {
            try bus.writeRegister16(answered, register: GT911Register.status, value: 0)
        } catch {
            throw .bus(error)
        }
        info = ChipInfo(
            productID: productID, variant: variant, firmwareVersion: firmware, address: answered,
            configVersion: block.version, xResolution: block.xResolution, yResolution: block.yResolution,
            maxContacts: maxContacts)
        // Interrupts queued before the reset describe buffers that are gone.
        do { _ = try interrupt?.discardPendingEdges() } catch { throw .gpio(error) }
        garbageBudget = configuration.garbageTolerance
        pendingEdge = nil
    }

    /// The reset and address-strap sequence (Linux `goodix_reset_no_int_sync` + `goodix_int_sync`).
    private mutating func resetSequence(address: I2CAddress) throws(TouchSourceError) {
        guard reset != nil else { return }
        let t = configuration.timings
        do {
            try reset!.set(.high)  // assert reset
            if interrupt != nil { try interrupt!.configureAsOutput(initial: .low) }
            clock.sleep(for: t.resetHold)
            if interrupt != nil {
                // INT high while reset rises selects 0x14, low selects 0x5D.
                try interrupt!.set(address == .gt911Alternate ? .high : .low)
            }
            clock.sleep(for: t.addressSetup)
            try reset!.set(.low)  // release reset
            clock.sleep(for: t.resetRelease)
            if interrupt != nil {
                try interrupt!.set(.low)
                clock.sleep(for: t.interruptSync)
                try interrupt!.configureAsInput(edges: .falling, bias: .disabled)
            } else {
                clock.sleep(for: t.interruptSync)
            }
        } catch {
            throw .gpio(error)
        }
    }

    /// Finds the address that answers: the configured one, then (if allowed) the other.
    private mutating func probe() throws(TouchSourceError) -> I2CAddress {
        let first = configuration.address
        var candidates = [first]
        if configuration.allowAddressFallback {
            if first == .gt911Primary { candidates.append(.gt911Alternate) }
            else if first == .gt911Alternate { candidates.append(.gt911Primary) }
        }
        var lastError = I2CError(.noAcknowledgeAddress, address: first)
        for address in candidates {
            var byte: UInt8 = 0
            do {
                try withUnsafeMutableBytes(of: &byte) { (raw) throws(I2CError) in
                    try bus.readRegisters16(address, register: GT911Register.productID, into: raw)
                }
                return address
            } catch {
                guard error.isNoDevice else { throw .bus(error) }
                lastError = error
            }
        }
        throw .noDevice(addresses: candidates, underlying: lastError)
    }

    private mutating func readBlock(_ address: I2CAddress, variant: GT911Variant) throws(TouchSourceError) -> GT911ConfigBlock {
        var bytes = [UInt8](repeating: 0, count: variant.configLength)
        var failure: I2CError?
        bytes.withUnsafeMutableBytes { raw in
            do throws(I2CError) { try bus.readRegisters16(address, register: variant.configAddress, into: raw) } catch { failure = error }
        }
        if let failure { throw .bus(failure) }
        return GT911ConfigBlock(bytes: bytes, checksum: variant.checksum)
    }

    /// Reads the configuration block and checks its checksum, re-reading once on a mismatch (a
    /// corrupted transfer) before failing.
    private mutating func readConfiguration(_ address: I2CAddress, variant: GT911Variant) throws(TouchSourceError) -> GT911ConfigBlock {
        var block = try readBlock(address, variant: variant)
        if block.isChecksumValid { return block }
        block = try readBlock(address, variant: variant)
        guard block.isChecksumValid else {
            throw .checksumMismatch(expected: block.computedChecksum, found: block.storedChecksum)
        }
        return block
    }

    /// Writes a configuration under the firmware's rules: the length must match the part, the
    /// version must not be lower than the stored one (the chip would ignore it) nor 0; the
    /// checksum and fresh flag are computed; after the write the driver waits for the firmware
    /// and reads the block back to confirm it was taken.
    private mutating func writeConfiguration(
        _ wanted: [UInt8], address: I2CAddress, variant: GT911Variant, stored: GT911ConfigBlock
    ) throws(TouchSourceError) -> GT911ConfigBlock {
        guard wanted.count == variant.configLength else {
            throw .configurationRejected(
                reason: "the block has \(wanted.count) bytes; \(variant.name) takes \(variant.configLength) (Config_Version through the fresh flag)")
        }
        var block = GT911ConfigBlock(bytes: wanted, checksum: variant.checksum)
        guard block.version != 0 else {
            throw .configurationRejected(reason: "Config_Version 0 is not a valid version; use the stored version (0x\(hex(stored.version, digits: 2))) or higher")
        }
        guard block.version >= stored.version else {
            throw .configurationRejected(
                reason: "Config_Version 0x\(hex(block.version, digits: 2)) is lower than the chip's 0x\(hex(stored.version, digits: 2)); the firmware would ignore it — raise the version")
        }
        block.seal()
        var failure: I2CError?
        block.bytes.withUnsafeBytes { raw in
            do throws(I2CError) { try bus.writeRegisters16(address, register: variant.configAddress, raw) } catch { failure = error }
        }
        if let failure { throw .bus(failure) }
        clock.sleep(for: configuration.timings.configApply)
        let readBack = try readConfiguration(address, variant: variant)
        var expected = block
        expected.fresh = readBack.fresh  // the chip clears the fresh flag once applied
        guard readBack.bytes == expected.bytes else {
            throw .configurationRejected(reason: "the chip did not apply the block (read-back differs); its configuration is unchanged")
        }
        return readBack
    }

    // MARK: - Reading

    /// Waits for the INT edge; with fingers down (or no INT line) waits at most one poll period.
    public mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        guard info != nil else { throw .notStarted }
        return try waitForInterruptOrPoll(
            &interrupt, clock: clock, pollInterval: configuration.pollInterval, timeout: timeout,
            contactsDown: contactsDown, pendingEdge: &pendingEdge)
    }

    /// Reads one report: status and first record in one transfer, the other records in a second
    /// one when more than one finger is down, then clears the status register.
    ///
    /// After an interrupt the status is re-read every millisecond for up to 20 ms until "buffer
    /// ready"; if it never becomes ready the interrupt was spurious and nil is returned *without*
    /// clearing (clearing then could discard a buffer that became ready in between, esp-bsp#501).
    /// A polled read that is not ready returns nil at once.
    public mutating func readFrame() throws(TouchSourceError) -> TouchFrame? {
        guard let info else { throw .notStarted }
        let address = info.address
        let maxContacts = info.maxContacts
        let fromInterrupt = pendingEdge != nil
        var frame = TouchFrame(timestamp: pendingEdge ?? clock.now)
        pendingEdge = nil
        let total = 1 + 8 * maxContacts + 1
        var violation: ProtocolViolation?
        var ready = false
        let transform = self.transform
        let timings = configuration.timings
        do {
            try withUnsafeTemporaryAllocation(byteCount: max(total, 10), alignment: 1) { (buffer) throws(I2CError) in
                let head = UnsafeMutableRawBufferPointer(rebasing: buffer[0 ..< 10])
                try bus.readRegisters16(address, register: GT911Register.status, into: head)
                if buffer[0] & 0x80 == 0 && fromInterrupt {
                    let deadline = clock.now + timings.readyWindow
                    while buffer[0] & 0x80 == 0 && clock.now < deadline {
                        clock.sleep(for: timings.readyPoll)
                        try bus.readRegisters16(address, register: GT911Register.status, into: head)
                    }
                }
                guard buffer[0] & 0x80 != 0 else { return }
                ready = true
                let count = Int(buffer[0] & 0x0F)
                if count > maxContacts {
                    violation = .tooManyContacts(count: count, maximum: maxContacts)
                } else if count > 1 {
                    let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[10 ..< 2 + 8 * count])
                    try bus.readRegisters16(address, register: GT911Register.status + 10, into: rest)
                }
                // Always clear, even after a malformed report, or the chip stops updating.
                try bus.writeRegister16(address, register: GT911Register.status, value: 0)
                if violation == nil {
                    do throws(ProtocolViolation) {
                        try GT911Report.decode(
                            UnsafeRawBufferPointer(rebasing: buffer[0 ..< 2 + 8 * count]), maxContacts: maxContacts,
                            transform: transform, into: &frame)
                    } catch {
                        violation = error
                    }
                }
            }
        } catch {
            throw .bus(error)
        }
        guard ready else {
            if fromInterrupt { spuriousInterrupts += 1 }
            return nil
        }
        if let violation {
            if garbageBudget > 0 {
                garbageBudget -= 1
                discardedReports += 1
                return nil
            }
            throw .protocolViolation(violation)
        }
        garbageBudget = 0
        return frame
    }

    /// Runs the reset sequence again and restarts (re-sending the configuration if one was
    /// configured).
    public mutating func recover() throws(TouchSourceError) {
        try start()
    }

    /// Puts the chip to sleep (screen-off command 5 to 0x8040, after driving INT low as the guide
    /// requires). Wake it with ``start()``. While asleep it does not answer I2C.
    public mutating func sleep() throws(TouchSourceError) {
        guard let info else { throw .notStarted }
        do {
            if interrupt != nil { try interrupt!.configureAsOutput(initial: .low) }
        } catch {
            throw .gpio(error)
        }
        clock.sleep(for: .milliseconds(6))
        do {
            try bus.writeRegister16(info.address, register: GT911Register.command, value: 5)
        } catch {
            throw .bus(error)
        }
    }
}

extension GT911 where Reset == NoLine, Interrupt == NoLine {
    /// Creates a polling driver for a board with neither reset nor INT wired.
    public init(bus: Bus, clock: Clock, configuration: Configuration) {
        self.init(bus: bus, reset: nil, interrupt: nil, clock: clock, configuration: configuration)
    }
}

/// Decoding of a GT911 report read from 0x814E (controllers.md §2.6–2.7, vectors §5.2).
public enum GT911Report {
    /// Decodes status + `n` point records + key byte (`2 + 8·n` bytes) into `frame`.
    ///
    /// Rules: bit 7 of the status must be set (callers check it); n ≤ `maxContacts`; a track ID
    /// (low nibble; bit 7 marks a pen and is ignored) must be below 10 and unique; coordinates
    /// must lie inside the controller's resolution. Status 0x80 (ready, no points) is a real
    /// frame: every finger lifted.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, maxContacts: Int, transform: TouchscreenTransform,
        into frame: inout TouchFrame
    ) throws(ProtocolViolation) {
        frame.removeAll()
        let status = bytes[0]
        let count = Int(status & 0x0F)
        if count > maxContacts { throw .tooManyContacts(count: count, maximum: maxContacts) }
        precondition(bytes.count >= 2 + 8 * count, "GT911 report too short")
        var seen: UInt16 = 0
        for i in 0 ..< count {
            let base = 1 + 8 * i
            let raw = bytes[base]
            let id = raw & 0x0F
            if raw & 0x70 != 0 || id >= 10 { throw .invalidTrackID(raw) }
            let bit: UInt16 = 1 << UInt16(id)
            if seen & bit != 0 { throw .duplicateTrackID(id) }
            seen |= bit
            let x = Int(bytes[base + 1]) | Int(bytes[base + 2]) << 8
            let y = Int(bytes[base + 3]) | Int(bytes[base + 4]) << 8
            let size = UInt16(bytes[base + 5]) | UInt16(bytes[base + 6]) << 8
            guard transform.contains(x: x, y: y) else { throw .coordinateOutOfRange(x: x, y: y) }
            frame.append(Contact(trackID: id, position: transform.apply(x: x, y: y), phase: .moved, size: size))
        }
        frame.keys = status & 0x10 != 0 ? bytes[1 + 8 * count] : 0
        frame.isLargeTouch = status & 0x40 != 0
    }
}
