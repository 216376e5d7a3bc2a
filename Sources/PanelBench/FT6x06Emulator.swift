public import PanelCore

/// A FocalTech FT6x06/FT5x06 modelled at register level, as an ``I2CBus``.
///
/// It models (docs/controllers.md §1, §7): the 8-bit auto-incrementing register pointer; identity
/// registers (0xA3 chip ID, 0xA8 vendor, 0xA6 firmware, 0xA1–A2 library); writable settings
/// (0x80 threshold, 0x86 control, 0x88 report rate, 0xA4 interrupt mode, 0xA5 power mode);
/// reports with TD_STATUS, event flags (press down once, then contact, then one lift-up record
/// after the active ones) and unused records at 0xFF; the INT line pulsing once per report
/// (trigger mode) or held active while touched (level mode); NAK at any other address, while
/// held in reset and while hibernating; the reset line; and the ``EmulatorFaults``.
public final class FT6x06Emulator: RegisterLevelChip, PeriodicReporting {
    /// The chip's address.
    public let address: I2CAddress
    /// Points per report (2 for FT6x06, 5 or 10 for FT5x06).
    public let maxPoints: Int
    /// Faults to show.
    public var faults = EmulatorFaults()
    /// The report period (60 Hz scan on the FT6336U; 10 ms here by default).
    public var reportPeriod: MonotonicDuration = .milliseconds(10)
    /// Transactions answered (including NAKs).
    public private(set) var transactions = 0
    /// Reports published.
    public private(set) var reports = 0
    /// Whether the chip is hibernating (0xA5 = 3); only a reset wakes it.
    public var isHibernating: Bool { registers.bytes[0xA5] == 3 }
    /// Whether the chip is held in reset.
    public private(set) var inReset = false
    /// Whether a contact that begins and ends between two reports is still reported: down in
    /// the next report and lifted in the one after, as a controller whose scan integrates over
    /// the whole report period would see it. Off by default: the chip then samples the fingers
    /// at each report, and a touch shorter than the gap between two reports can go unseen.
    public var reportsShortTouches = false

    private struct Finger {
        var finger: Int
        var id: UInt8
        var x: Int
        var y: Int
        var reported = false
        var lifted = false
        /// Lifted before its first report (``reportsShortTouches``): reported once as down, then
        /// as lifted.
        var liftPending = false
    }

    private var registers = RegisterFile(size: 256)
    private var fingers: [Finger] = []
    private let interrupt: MockLine?
    private let clock: ManualClock?
    let ticker: ReportTicker
    private var defaults: [UInt8]
    /// Called at each report tick before the report (the scripted-finger API uses it).
    public var onTick: ((MonotonicInstant) -> Void)?

    /// Creates an emulator.
    /// - Parameters:
    ///   - chipID: the 0xA3 value (0x64 FT6336U, 0x06 FT6206, 0x36 FT6236, 0x55 FT5x06 …).
    ///   - maxPoints: points per report.
    ///   - interrupt: the INT line the chip drives (logical: `.high` = asserted).
    ///   - reset: the RESET line (logical: `.high` = in reset) the chip obeys.
    ///   - clock: drives periodic reports with ``startReporting()``.
    public init(
        address: I2CAddress = .ft6x06, chipID: UInt8 = 0x64, vendorID: UInt8 = 0x11, firmware: UInt8 = 0x10,
        maxPoints: Int = 2, interrupt: MockLine? = nil, reset: MockLine? = nil, clock: ManualClock? = nil
    ) {
        precondition(maxPoints >= 1 && maxPoints <= 10, "FocalTech parts report 1…10 points")
        self.address = address
        self.maxPoints = maxPoints
        self.interrupt = interrupt
        self.clock = clock
        self.ticker = ReportTicker(clock: clock)
        var r = [UInt8](repeating: 0, count: 256)
        for i in 3 ..< 3 + 6 * maxPoints { r[i] = 0xFF }
        r[0x80] = 0x16; r[0x88] = 0x0A; r[0x86] = 0x01
        r[0xA1] = 0x30; r[0xA2] = 0x03
        r[0xA3] = chipID; r[0xA4] = 0x01; r[0xA6] = firmware; r[0xA8] = vendorID
        defaults = r
        registers.bytes = r
        fingers.reserveCapacity(10)
        reset?.observe { [weak self] _, level in self?.resetLine(level) }
    }

    /// Reads a register directly (test inspection).
    public func register(_ address: UInt8) -> UInt8 { registers.bytes[Int(address)] }

    /// Writes raw bytes into the register file from `address` on, as a chip with broken
    /// firmware or a corrupted transfer would present them (fuzzing and fault tests); bytes past
    /// the end of the register file are ignored.
    public func overwriteRegisters(at address: Int, with bytes: some Sequence<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { registers.overwrite(at: address, with: UnsafeRawBufferPointer($0)) }
        guard copied == nil else { return }
        Array(bytes).withUnsafeBytes { registers.overwrite(at: address, with: $0) }
    }

    // MARK: Fingers

    public func touch(finger: Int, x: Int, y: Int) {
        if let i = fingers.firstIndex(where: { $0.finger == finger && !$0.lifted && !$0.liftPending }) {
            fingers[i].x = x
            fingers[i].y = y
            return
        }
        var used: UInt16 = 0
        for f in fingers { used |= 1 << UInt16(f.id) }
        let limit = maxPoints <= 2 ? 2 : 10
        guard let id = (0 ..< limit).first(where: { used & (1 << UInt16($0)) == 0 }) else { return }
        fingers.append(Finger(finger: finger, id: UInt8(id), x: x, y: y))
    }

    public func lift(finger: Int) {
        guard let i = fingers.firstIndex(where: { $0.finger == finger && !$0.lifted && !$0.liftPending }) else { return }
        if !fingers[i].reported && reportsShortTouches && !faults.missLiftEvents {
            fingers[i].liftPending = true
        } else if faults.missLiftEvents || !fingers[i].reported {
            fingers.remove(at: i)
            // The registers still change (TD_STATUS drops), but with no lift record and no
            // interrupt for it when the lift is "missed".
            silentUpdatePending = faults.missLiftEvents
        } else {
            fingers[i].lifted = true
        }
    }

    public var hasActivity: Bool {
        !fingers.isEmpty || silentUpdatePending || (interruptMode == 0 && registers.bytes[2] != 0)
    }

    private var silentUpdatePending = false

    private var interruptMode: UInt8 { registers.bytes[0xA4] }

    public func report() {
        guard !inReset && !isHibernating else { return }
        if faults.staleReports > 0 {
            faults.staleReports -= 1
        } else {
            writeReport()
        }
        silentUpdatePending = false
        reports += 1
        guard let interrupt else { return }
        let touching = registers.bytes[2] & 0x0F != 0
        if interruptMode == 0 {
            // Level mode: INT low (asserted) while touched.
            interrupt.deviceDrive(touching ? .high : .low)
        } else if touching || lastReportHadLift {
            interrupt.devicePulse(active: .high, width: .microseconds(1000))
        }
    }

    private var lastReportHadLift = false

    private func writeReport() {
        var r = 3
        var active = 0
        for f in fingers where !f.lifted {
            guard active < maxPoints else { break }
            writeRecord(at: r, event: f.reported ? 2 : 0, f)
            r += 6
            active += 1
        }
        lastReportHadLift = false
        for f in fingers where f.lifted && r < 3 + 6 * maxPoints {
            writeRecord(at: r, event: 1, f)
            r += 6
            lastReportHadLift = true
        }
        while r < 3 + 6 * maxPoints {
            for k in 0 ..< 6 { registers.bytes[r + k] = 0xFF }
            r += 6
        }
        registers.bytes[0] = 0
        registers.bytes[1] = 0
        registers.bytes[2] = UInt8(active)
        fingers.removeAll(where: { $0.lifted })
        for i in fingers.indices {
            fingers[i].reported = true
            if fingers[i].liftPending { fingers[i].lifted = true }
        }
    }

    private func writeRecord(at r: Int, event: UInt8, _ f: Finger) {
        registers.bytes[r] = event << 6 | UInt8((f.x >> 8) & 0x0F)
        registers.bytes[r + 1] = UInt8(f.x & 0xFF)
        registers.bytes[r + 2] = f.id << 4 | UInt8((f.y >> 8) & 0x0F)
        registers.bytes[r + 3] = UInt8(f.y & 0xFF)
        registers.bytes[r + 4] = 0x18
        registers.bytes[r + 5] = 0x10
    }

    private func resetLine(_ level: LogicLevel) {
        if level == .high {
            inReset = true
            return
        }
        guard inReset else { return }
        inReset = false
        registers.bytes = defaults
        fingers.removeAll()
        faults.garbageReads = faults.garbageReadsAfterReset
    }

    // MARK: I2CBus

    func begin(_ target: I2CAddress) throws(I2CError) {
        transactions += 1
        if target != address || inReset || isHibernating {
            throw I2CError(.noAcknowledgeAddress, address: target)
        }
        if faults.nakBursts > 0 {
            faults.nakBursts -= 1
            throw I2CError(.noAcknowledgeAddress, address: target)
        }
    }

    func store(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        registers.pointer = Int(first)
        for i in 1 ..< max(bytes.count, 1) {
            let reg = registers.pointer
            // Only the settings registers are writable; identity and report registers are not.
            if reg == 0x00 || (0x80 ... 0x96).contains(reg) || reg == 0xA4 || reg == 0xA5 {
                registers.bytes[reg] = bytes[i]
            }
            registers.pointer = (reg + 1) & 0xFF
        }
    }

    func load(_ buffer: UnsafeMutableRawBufferPointer) {
        let garbage = faults.garbageReads > 0
        if garbage { faults.garbageReads -= 1 }
        registers.read(into: buffer, garbage: garbage)
    }
}
