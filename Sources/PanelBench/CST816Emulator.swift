public import PanelCore
public import TouchControllers

/// A Hynitron CST816S/T/D or CST716 modelled at register level, as an ``I2CBus``.
///
/// It models: the 8-bit auto-incrementing register pointer; the report at 0x01–0x06 (GestureID,
/// FingerNum, and the event and 12-bit coordinates of the one finger it tracks: down once, then
/// contact, then one lift); the identity registers (0xA7 chip ID, 0xA8 project, 0xA9
/// firmware); the gestures its firmware recognises (swipes, a tap, a double tap when MotionMask
/// asks for it, a long press after LongPressTick); the INT line pulsing low as IrqCtl (0xFA)
/// says, for IrqPluseWidth (0xED); the auto-sleep after AutoSleepTime (0xF9) seconds without a
/// touch unless DisAutoSleep (0xFE) is set, in which it NAKs every transfer until a touch wakes
/// it (the S and T only) or a reset; deep sleep after SleepMode (0xE5) = 3, until a reset; NAK
/// at any other address and while held in reset; and the ``EmulatorFaults``.
public final class CST816Emulator: RegisterLevelChip, PeriodicReporting {
    /// The chip's address.
    public let address: I2CAddress
    /// The part, from its chip ID.
    public let chip: CST816Chip
    /// Faults to show.
    public var faults = EmulatorFaults()
    /// The report period (the modules scan at about 100 Hz).
    public var reportPeriod: MonotonicDuration = .milliseconds(10)
    /// Transactions answered (including NAKs).
    public private(set) var transactions = 0
    /// Reports published.
    public private(set) var reports = 0
    /// Whether the chip is held in reset.
    public private(set) var inReset = false
    /// The gestures the chip has reported, oldest first.
    public private(set) var gestures: [CST816Gesture] = []
    /// Called at each report tick before the report (the scripted-finger API uses it).
    public var onTick: ((MonotonicInstant) -> Void)?

    private struct Finger {
        var finger: Int
        var x: Int
        var y: Int
        var startX: Int
        var startY: Int
        var downAt: MonotonicInstant
        var reported = false
        var lifted = false
        var longPressed = false
    }

    private var registers = RegisterFile(size: 256)
    private var finger: Finger?
    private var defaults: [UInt8]
    private let interrupt: MockLine?
    private let clock: ManualClock?
    let ticker: ReportTicker
    /// When the chip last saw a touch or came out of reset: its auto-sleep counts from here.
    private var lastActivity = MonotonicInstant.zero
    /// Asleep (auto-sleep standby): NAKs until a touch wakes it or a reset.
    private var asleep = false
    private var lastTapAt: MonotonicInstant?
    private var silentLiftPending = false

    /// Creates an emulator.
    /// - Parameters:
    ///   - chipID: the 0xA7 value (0xB4 CST816S, 0xB5 CST816T, 0xB6 CST816D, 0x20 CST716).
    ///   - interrupt: the INT line the chip pulses (logical: `.high` = asserted).
    ///   - reset: the RST line (logical: `.high` = in reset) the chip obeys.
    ///   - clock: drives periodic reports with ``startReporting()`` and the auto-sleep; without
    ///     one the chip never sleeps.
    public init(
        address: I2CAddress = .cst816, chipID: UInt8 = 0xB4, projectID: UInt8 = 0x00, firmware: UInt8 = 0x01,
        interrupt: MockLine? = nil, reset: MockLine? = nil, clock: ManualClock? = nil
    ) {
        self.address = address
        chip = CST816Chip(chipID: chipID)
        self.interrupt = interrupt
        self.clock = clock
        ticker = ReportTicker(clock: clock)
        var r = [UInt8](repeating: 0, count: 256)
        r[0xA7] = chipID; r[0xA8] = projectID; r[0xA9] = firmware
        r[0xEB] = 100  // LongPressTick: about 1 s
        r[0xED] = 10  // IrqPluseWidth: 1 ms
        r[0xEE] = 1  // NorScanPer
        r[0xF9] = 2  // AutoSleepTime: 2 s
        r[0xFA] = 0x60  // IrqCtl: EnTouch | EnChange
        r[0xFC] = 10  // LongPressTime (auto-reset): 10 s
        defaults = r
        registers.bytes = r
        lastActivity = clock?.now ?? .zero
        reset?.observe { [weak self] _, level in self?.resetLine(level) }
    }

    /// Reads a register directly (test inspection).
    public func register(_ address: UInt8) -> UInt8 { registers.bytes[Int(address)] }

    /// Whether the chip is asleep: in its auto-sleep standby or its deep sleep.
    public var isAsleep: Bool {
        updateSleep()
        return asleep || isInDeepSleep
    }

    /// Whether the chip is in deep sleep (SleepMode = 3); only a reset wakes it.
    public var isInDeepSleep: Bool { registers.bytes[0xE5] == 0x03 }

    /// The chip falls asleep when its auto-sleep is on and no finger has touched for AutoSleepTime.
    private func updateSleep() {
        guard !asleep, let clock, registers.bytes[0xFE] == 0, finger == nil else { return }
        let seconds = Int64(max(registers.bytes[0xF9], 1))
        if clock.now - lastActivity >= .seconds(seconds) { asleep = true }
    }

    // MARK: Fingers

    /// Puts the finger down or moves it. The chip tracks one finger: a second one is not seen.
    public func touch(finger id: Int, x: Int, y: Int) {
        updateSleep()
        guard !inReset && !isInDeepSleep else { return }
        if asleep {
            guard chip.wakesAtTouch else { return }
            asleep = false
        }
        lastActivity = clock?.now ?? lastActivity
        if var current = finger, !current.lifted {
            guard current.finger == id else { return }
            current.x = x
            current.y = y
            finger = current
            return
        }
        guard finger == nil else { return }
        finger = Finger(finger: id, x: x, y: y, startX: x, startY: y, downAt: clock?.now ?? .zero)
    }

    public func lift(finger id: Int) {
        guard var current = finger, current.finger == id, !current.lifted else { return }
        lastActivity = clock?.now ?? lastActivity
        if faults.missLiftEvents || !current.reported {
            finger = nil
            silentLiftPending = faults.missLiftEvents
            return
        }
        current.lifted = true
        finger = current
    }

    public var hasActivity: Bool { finger != nil || silentLiftPending }

    // MARK: Reports

    public func report() {
        guard !inReset && !isInDeepSleep && !asleep else { return }
        reports += 1
        if faults.staleReports > 0 {
            faults.staleReports -= 1
            return
        }
        var control = CST816InterruptControl(rawValue: registers.bytes[0xFA])
        if silentLiftPending {
            // The missed lift: the registers say no finger, with no lift event and no pulse.
            writeReport(gesture: .none, count: 0, event: 2, x: 0, y: 0)
            silentLiftPending = false
            return
        }
        guard var current = finger else { return }
        var gesture = CST816Gesture.none
        var pulse = false
        if current.lifted {
            gesture = current.longPressed ? .longPress : liftGesture(current)
            writeReport(gesture: gesture, count: 0, event: 1, x: current.x, y: current.y)
            finger = nil
            pulse = control.contains(.change) || control.contains(.touch)
        } else {
            let tick = MonotonicDuration.milliseconds(10 * Int64(max(registers.bytes[0xEB], 1)))
            if !current.longPressed, let clock, clock.now - current.downAt >= tick,
                abs(current.x - current.startX) < 20, abs(current.y - current.startY) < 20
            {
                current.longPressed = true
                gesture = .longPress
                if control.contains(.longPressOnce) { control.insert(.motion) }
            }
            writeReport(gesture: gesture, count: 1, event: current.reported ? 2 : 0, x: current.x, y: current.y)
            pulse = control.contains(.touch) || (!current.reported && control.contains(.change))
            current.reported = true
            finger = current
        }
        if gesture != .none {
            gestures.append(gesture)
            if control.contains(.motion) { pulse = true }
        }
        if pulse {
            let width = MonotonicDuration.microseconds(100 * Int64(max(registers.bytes[0xED], 1)))
            interrupt?.devicePulse(active: .high, width: width)
        }
    }

    /// What the firmware makes of a finger that lifted: a swipe along its longer travel, else a
    /// tap (a double tap when MotionMask asks for it and the last tap was recent).
    private func liftGesture(_ f: Finger) -> CST816Gesture {
        let dx = f.x - f.startX
        let dy = f.y - f.startY
        if max(abs(dx), abs(dy)) >= 40 {
            lastTapAt = nil
            if abs(dx) >= abs(dy) { return dx > 0 ? .swipeRight : .swipeLeft }
            return dy > 0 ? .swipeDown : .swipeUp
        }
        let now = clock?.now ?? .zero
        if registers.bytes[0xEC] & 0x01 != 0, let last = lastTapAt, now - last <= .milliseconds(400) {
            lastTapAt = nil
            return .doubleTap
        }
        lastTapAt = now
        return .singleTap
    }

    private func writeReport(gesture: CST816Gesture, count: UInt8, event: UInt8, x: Int, y: Int) {
        registers.bytes[0x01] = gesture.code
        registers.bytes[0x02] = count
        registers.bytes[0x03] = event << 6 | UInt8((x >> 8) & 0x0F)
        registers.bytes[0x04] = UInt8(x & 0xFF)
        registers.bytes[0x05] = UInt8((y >> 8) & 0x0F)
        registers.bytes[0x06] = UInt8(y & 0xFF)
    }

    private func resetLine(_ level: LogicLevel) {
        if level == .high {
            inReset = true
            return
        }
        guard inReset else { return }
        inReset = false
        registers.bytes = defaults
        finger = nil
        asleep = false
        silentLiftPending = false
        lastActivity = clock?.now ?? .zero
        faults.garbageReads = faults.garbageReadsAfterReset
    }

    // MARK: I2CBus

    func begin(_ target: I2CAddress) throws(I2CError) {
        transactions += 1
        updateSleep()
        if target != address || inReset || asleep || isInDeepSleep {
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
            // Only the settings registers are writable; the report and identity are not.
            if reg == 0xE5 || (0xEA ... 0xFE).contains(reg) {
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
