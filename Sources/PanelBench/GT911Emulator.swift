public import PanelCore

/// A Goodix GT911 modelled at register level, as an ``I2CBus``.
///
/// It models (docs/controllers.md §2, §7): big-endian 16-bit register pointers with auto-increment;
/// the product ID, firmware and resolution block at 0x8140; the configuration block at 0x8047
/// (by default the real 320×480 factory dump whose checksum is 0x21) with the firmware's
/// acceptance rules — applied only when the fresh flag is written 1, the checksum is right and
/// the version is not lower than the stored one; the fresh flag reads back 0; the status
/// register — no new data until the host writes 0 to 0x814E, the interrupt repeating every
/// period while uncleared, a 0x80 frame when the last finger lifts; the address chosen by the
/// INT level while RESET rises (0x5D low, 0x14 high; a floating INT picks
/// ``floatingStrapAddress``), with the timing minimums checked; NAK at the wrong address, in
/// reset and asleep (command 5); and the ``EmulatorFaults``.
public final class GT911Emulator: RegisterLevelChip, PeriodicReporting {
    /// The address the chip answers at (changed by the strap).
    public private(set) var address: I2CAddress
    /// The address a reset picks when INT is not driven (random on real boards).
    public var floatingStrapAddress: I2CAddress = .gt911Alternate
    /// Faults to show.
    public var faults = EmulatorFaults()
    /// Keys pressed (bit i = key i), reported with the next frame.
    public var keys: UInt8 = 0
    /// Report a large-area touch with the next frames.
    public var largeTouch = false
    /// Transactions answered (including NAKs).
    public private(set) var transactions = 0
    /// Reports loaded into the buffer.
    public private(set) var reports = 0
    /// Interrupts repeated because the host had not cleared the status.
    public private(set) var repeatedInterrupts = 0
    /// Configuration writes the firmware accepted / ignored.
    public private(set) var configurationsAccepted = 0
    /// Configuration writes the firmware ignored (bad checksum, lower version, fresh ≠ 1).
    public private(set) var configurationsIgnored = 0
    /// Datasheet timing minimums the host violated, in words.
    public private(set) var timingViolations: [String] = []
    /// Whether the chip is asleep (command 5).
    public private(set) var isAsleep = false
    /// Whether RESET is asserted.
    public private(set) var inReset = false

    private struct Finger {
        var finger: Int
        var id: UInt8
        var x: Int
        var y: Int
        var size: UInt16
    }

    private var registers = RegisterFile(size: 0x10000)
    private var storedConfig: [UInt8]
    private var fingers: [Finger] = []
    private var releasePending = false
    private let interrupt: MockLine?
    private let clock: ManualClock?
    let ticker: ReportTicker
    private var readyAt: MonotonicInstant = .zero
    private var resetAssertedAt: MonotonicInstant?
    private var interruptLevelSince: MonotonicInstant = .zero
    private var answersFrom: MonotonicInstant = .zero
    /// Called at each report tick before the report (the scripted-finger API uses it).
    public var onTick: ((MonotonicInstant) -> Void)?

    /// The real 186-byte factory configuration of a 320×480 GT911 module (docs/controllers.md §5.3).
    public static let factoryConfiguration: [UInt8] = [
        0x61, 0x40, 0x01, 0xE0, 0x01, 0x05, 0x35, 0x00, 0x02, 0x08, 0x1E, 0x08, 0x50, 0x3C, 0x0F, 0x05, 0x00, 0x00, 0x00, 0x00,
        0x50, 0x00, 0x00, 0x18, 0x1A, 0x1E, 0x14, 0x87, 0x27, 0x0A, 0x4B, 0x4D, 0xD3, 0x07, 0x00, 0x00, 0x00, 0x02, 0x32, 0x1D,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x2A, 0x32, 0x64, 0x94, 0xD5, 0x02, 0x07, 0x00, 0x00, 0x04,
        0xA5, 0x35, 0x00, 0x91, 0x3D, 0x00, 0x80, 0x46, 0x00, 0x70, 0x51, 0x00, 0x63, 0x5D, 0x00, 0x63, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x12, 0x10, 0x0E, 0x0C, 0x0A, 0x08, 0x06, 0x04,
        0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x24, 0x22, 0x21, 0x20, 0x1F, 0x1E, 0x1D, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x21, 0x00,
    ]

    /// Creates an emulator.
    /// - Parameters:
    ///   - address: the address before any reset.
    ///   - productID: up to 4 ASCII characters ("911", "9271", "9").
    ///   - configuration: the stored configuration block (186 bytes for a GT911).
    ///   - interrupt: the INT line (active-high, as-is); the chip drives it as an input and reads
    ///     it while RESET rises when the host drives it.
    ///   - reset: the RESET line (logical `.high` = in reset).
    public init(
        address: I2CAddress = .gt911Primary, productID: String = "911", firmware: UInt16 = 0x1060,
        configuration: [UInt8] = GT911Emulator.factoryConfiguration,
        interrupt: MockLine? = nil, reset: MockLine? = nil, clock: ManualClock? = nil
    ) {
        self.address = address
        self.interrupt = interrupt
        self.clock = clock
        self.ticker = ReportTicker(clock: clock)
        self.storedConfig = configuration
        var id = Array(productID.utf8.prefix(4))
        while id.count < 4 { id.append(0) }
        for (i, b) in id.enumerated() { registers.bytes[0x8140 + i] = b }
        registers.bytes[0x8144] = UInt8(firmware & 0xFF)
        registers.bytes[0x8145] = UInt8(firmware >> 8)
        fingers.reserveCapacity(10)
        loadConfiguration()
        reset?.observe { [weak self] _, level in self?.resetLine(level) }
        interrupt?.observe { [weak self] line, _ in
            guard let self, let clock = self.clock else { return }
            self.interruptLevelSince = clock.now
            // Wake from sleep: the host drives INT high.
            if self.isAsleep && line.direction == .output && line.outputLevel == .high { self.isAsleep = false }
        }
        if let interrupt, interrupt.direction == .input { interrupt.deviceDrive(idleLevel) }
    }

    private func loadConfiguration() {
        for (i, b) in storedConfig.enumerated() { registers.bytes[0x8047 + i] = b }
        registers.bytes[0x8047 + storedConfig.count - 1] = 0  // fresh reads back 0
        registers.bytes[0x8146] = storedConfig[1]
        registers.bytes[0x8147] = storedConfig[2]
        registers.bytes[0x8148] = storedConfig[3]
        registers.bytes[0x8149] = storedConfig[4]
    }

    /// The stored configuration block (what the firmware uses).
    public var configuration: [UInt8] { storedConfig }
    /// Config_Version in effect.
    public var configVersion: UInt8 { storedConfig[0] }
    /// Max points from Touch_Number.
    public var maxPoints: Int { max(1, Int(storedConfig[5] & 0x0F)) }
    /// The report period from Refresh_Rate: 5 + N ms.
    public var reportPeriod: MonotonicDuration { .milliseconds(5 + Int64(storedConfig[15] & 0x0F)) }
    /// The status register (test inspection).
    public var status: UInt8 { registers.bytes[0x814E] }

    /// Writes raw bytes into the register file from `address` on, as a chip with broken
    /// firmware or a corrupted transfer would present them (fuzzing and fault tests); bytes past
    /// the end of the register file are ignored.
    public func overwriteRegisters(at address: Int, with bytes: some Sequence<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { registers.overwrite(at: address, with: UnsafeRawBufferPointer($0)) }
        guard copied == nil else { return }
        Array(bytes).withUnsafeBytes { registers.overwrite(at: address, with: $0) }
    }
    /// Reads a register directly (test inspection).
    public func register(_ address: UInt16) -> UInt8 { registers.bytes[Int(address)] }

    /// INT idles low for rising-edge and high-level triggers and high for falling-edge and
    /// low-level ones; a report is the opposite level.
    private var idleLevel: LogicLevel {
        let trigger = storedConfig[6] & 0x03
        return trigger == 0 || trigger == 3 ? .low : .high
    }

    // MARK: Fingers

    public func touch(finger: Int, x: Int, y: Int) {
        if let i = fingers.firstIndex(where: { $0.finger == finger }) {
            fingers[i].x = x
            fingers[i].y = y
            return
        }
        var used: UInt16 = 0
        for f in fingers { used |= 1 << UInt16(f.id) }
        guard fingers.count < maxPoints, let id = (0 ..< 10).first(where: { used & (1 << UInt16($0)) == 0 }) else { return }
        fingers.append(Finger(finger: finger, id: UInt8(id), x: x, y: y, size: 32))
    }

    public func lift(finger: Int) {
        guard let i = fingers.firstIndex(where: { $0.finger == finger }) else { return }
        fingers.remove(at: i)
        if fingers.isEmpty && !faults.missLiftEvents { releasePending = true }
    }

    public var hasActivity: Bool { !fingers.isEmpty || releasePending || registers.bytes[0x814E] & 0x80 != 0 }

    /// One refresh period: load the buffer if the host cleared it (else leave it and interrupt
    /// again), then pulse INT.
    public func report() {
        guard !inReset && !isAsleep else { return }
        if registers.bytes[0x814E] & 0x80 != 0 {
            // The host has not taken the buffer yet: interrupt again, but the buffer that is
            // there keeps its ready time (else a lag of a period or more is never over).
            repeatedInterrupts += 1
        } else if fingers.isEmpty && !releasePending {
            return
        } else if faults.staleReports > 0 {
            faults.staleReports -= 1
            readyAt = (clock?.now ?? .zero) + faults.readyDelay
        } else {
            loadBuffer()
            reports += 1
            readyAt = (clock?.now ?? .zero) + faults.readyDelay
        }
        interrupt?.devicePulse(active: idleLevel == .low ? .high : .low, width: .microseconds(500))
    }

    private func loadBuffer() {
        var status: UInt8 = 0x80 | UInt8(fingers.count)
        if keys != 0 { status |= 0x10 }
        if largeTouch { status |= 0x40 }
        var r = 0x814F
        for f in fingers {
            registers.bytes[r] = f.id
            registers.bytes[r + 1] = UInt8(f.x & 0xFF)
            registers.bytes[r + 2] = UInt8(f.x >> 8)
            registers.bytes[r + 3] = UInt8(f.y & 0xFF)
            registers.bytes[r + 4] = UInt8(f.y >> 8)
            registers.bytes[r + 5] = UInt8(f.size & 0xFF)
            registers.bytes[r + 6] = UInt8(f.size >> 8)
            registers.bytes[r + 7] = 0
            r += 8
        }
        registers.bytes[r] = keys
        registers.bytes[0x814E] = status
        releasePending = false
    }

    // MARK: Reset and strap

    private func resetLine(_ level: LogicLevel) {
        let now = clock?.now ?? .zero
        if level == .high {
            if !inReset { resetAssertedAt = now }
            inReset = true
            return
        }
        guard inReset else { return }
        inReset = false
        if let asserted = resetAssertedAt, now - asserted < .microseconds(100) {
            timingViolations.append("RESET held low \(now - asserted), the minimum is 100µs")
        }
        if let interrupt, interrupt.direction == .output {
            if now - interruptLevelSince < .microseconds(100) {
                timingViolations.append("INT set \(now - interruptLevelSince) before RESET rose, the minimum is 100µs")
            }
            address = interrupt.outputLevel == .high ? .gt911Alternate : .gt911Primary
        } else {
            address = floatingStrapAddress
        }
        // T4: the chip needs 5 ms after reset before it answers.
        answersFrom = now + .milliseconds(5)
        isAsleep = false
        fingers.removeAll()
        releasePending = false
        registers.bytes[0x814E] = 0
        loadConfiguration()
        faults.garbageReads = faults.garbageReadsAfterReset
    }

    // MARK: I2CBus

    func begin(_ target: I2CAddress) throws(I2CError) {
        transactions += 1
        let now = clock?.now ?? .zero
        if target != address || inReset || isAsleep || now < answersFrom {
            throw I2CError(.noAcknowledgeAddress, address: target)
        }
        if faults.nakBursts > 0 {
            faults.nakBursts -= 1
            throw I2CError(.noAcknowledgeAddress, address: target)
        }
    }

    func store(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 2 else { return }
        let start = Int(bytes[0]) << 8 | Int(bytes[1])
        registers.pointer = start
        var touchedFresh = false
        for i in 2 ..< bytes.count {
            let reg = registers.pointer
            let value = bytes[i]
            switch reg {
            case 0x8040:
                registers.bytes[reg] = value
                if value == 5 { isAsleep = true }
            case 0x8041 ... 0x8046, 0x814B:
                registers.bytes[reg] = value
            case 0x8047 ..< 0x8047 + storedConfig.count:
                registers.bytes[reg] = value
                if reg == 0x8047 + storedConfig.count - 1 { touchedFresh = true }
            case 0x814E:
                registers.bytes[reg] = value  // the host clears the buffer status
            default:
                break  // read-only
            }
            registers.pointer = (reg + 1) & 0xFFFF
        }
        if touchedFresh { applyConfiguration() }
    }

    /// The firmware's rules for a new configuration (docs/controllers.md §2.5).
    private func applyConfiguration() {
        var candidate = [UInt8](repeating: 0, count: storedConfig.count)
        for i in 0 ..< candidate.count { candidate[i] = registers.bytes[0x8047 + i] }
        var sum: UInt8 = 0
        for b in candidate[0 ..< candidate.count - 2] { sum &+= b }
        let checksumOK = candidate[candidate.count - 2] == 0 &- sum
        let fresh = candidate[candidate.count - 1] == 1
        if checksumOK && fresh && candidate[0] >= storedConfig[0] {
            candidate[candidate.count - 1] = 0
            storedConfig = candidate
            configurationsAccepted += 1
        } else {
            configurationsIgnored += 1
        }
        loadConfiguration()
    }

    func load(_ buffer: UnsafeMutableRawBufferPointer) {
        let garbage = faults.garbageReads > 0
        if garbage { faults.garbageReads -= 1 }
        let now = clock?.now ?? .zero
        let start = registers.pointer
        registers.read(into: buffer, garbage: garbage)
        // Before the ready delay has passed, the status still reads "not ready".
        if !garbage && start == 0x814E && now < readyAt && buffer.count > 0 {
            buffer[0] &= 0x7F
        }
    }
}
