public import PanelCore

/// What the scripted-finger API and tests need from an emulated controller.
public protocol TouchControllerEmulator: AnyObject {
    /// Puts finger `finger` (the test's own number) down at raw controller coordinates, or moves
    /// it there. Takes effect at the next report.
    func touch(finger: Int, x: Int, y: Int)
    /// Lifts finger `finger`. Takes effect at the next report.
    func lift(finger: Int)
    /// Publishes the current fingers into the chip's registers and signals the interrupt, as
    /// the chip does once per report period while touched.
    func report()
    /// The chip's report period.
    var reportPeriod: MonotonicDuration { get }
    /// Whether anything would be reported (fingers down, or a lift not yet reported).
    var hasActivity: Bool { get }
    /// Called at each report tick before the report (the scripted-finger API moves its fingers there).
    var onTick: ((MonotonicInstant) -> Void)? { get set }
    /// Starts reporting every ``reportPeriod`` on the clock while there is activity.
    func startReporting()
}

/// Faults an emulated controller can be told to show (docs/controllers.md §3).
public struct EmulatorFaults: Sendable, Hashable {
    /// Answer the next N transactions with a NAK on the address (a loose cable, a brown-out).
    public var nakBursts = 0
    /// Return 0xFF for every byte of the next N reads (the first reads after reset on some
    /// FT6336 units, tinygo#672).
    public var garbageReads = 0
    /// After every reset, return 0xFF for this many reads.
    public var garbageReadsAfterReset = 0
    /// Do not report lifts: a finger that lifts simply stops being reported, with no lift record
    /// and (GT911) no release frame and no interrupt — the stuck-touch fault.
    public var missLiftEvents = false
    /// Skip the next N register updates: reads return the previous report (stale frames).
    public var staleReports = 0
    /// GT911: the status becomes ready only this long after the interrupt (the bit lags the edge
    /// by about 10 ms on real parts).
    public var readyDelay: MonotonicDuration = .zero

    /// No faults.
    public init() {}
}

/// Register-level plumbing shared by the emulators: pointer handling over a register file.
struct RegisterFile {
    var bytes: [UInt8]
    var pointer: Int = 0

    init(size: Int, fill: UInt8 = 0) {
        bytes = [UInt8](repeating: fill, count: size)
    }

    /// Copies `source` in from `address` on; what falls outside the file is dropped.
    mutating func overwrite(at address: Int, with source: UnsafeRawBufferPointer) {
        let start = max(address, 0)
        let skipped = start - address
        guard skipped < source.count, start < bytes.count else { return }
        let count = min(source.count - skipped, bytes.count - start)
        bytes.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: start).copyMemory(from: source.baseAddress!.advanced(by: skipped), byteCount: count)
        }
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer, garbage: Bool) {
        for i in 0 ..< buffer.count {
            buffer[i] = garbage ? 0xFF : bytes[pointer % bytes.count]
            pointer = (pointer + 1) % bytes.count
        }
    }
}

/// The bus side shared by the register-level emulators: every transaction starts with the
/// chip's address check (`begin`), a write moves the pointer and stores (`store`), a read loads
/// from the pointer (`load`); a combined transfer does both under one address phase.
protocol RegisterLevelChip: I2CBus {
    func begin(_ target: I2CAddress) throws(I2CError)
    func store(_ bytes: UnsafeRawBufferPointer)
    func load(_ buffer: UnsafeMutableRawBufferPointer)
}

extension RegisterLevelChip {
    public func write(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer) throws(I2CError) {
        try begin(address)
        store(bytes)
    }

    public func read(from address: I2CAddress, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        try begin(address)
        load(buffer)
    }

    public func writeRead(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        try begin(address)
        store(bytes)
        load(buffer)
    }
}

/// Drives an emulator's periodic reports on a ``ManualClock``.
final class ReportTicker {
    let clock: ManualClock?
    private var timer: ManualClock.TimerID?

    init(clock: ManualClock?) {
        self.clock = clock
    }

    var isRunning: Bool { timer != nil }

    func start(period: MonotonicDuration, _ tick: @escaping (MonotonicInstant) -> Void) {
        guard let clock, timer == nil else { return }
        timer = clock.schedule(at: clock.now + period, repeating: period, tick)
    }

    func stop() {
        if let timer { clock?.cancel(timer) }
        timer = nil
    }
}

/// An emulator that reports periodically while there is activity, calling `onTick` first (the
/// scripted-finger API moves its fingers there).
protocol PeriodicReporting: TouchControllerEmulator {
    var ticker: ReportTicker { get }
}

extension PeriodicReporting {
    /// Starts reporting every ``TouchControllerEmulator/reportPeriod`` on the clock while there
    /// is activity.
    public func startReporting() {
        ticker.start(period: reportPeriod) { [weak self] now in
            guard let self else { return }
            self.onTick?(now)
            if self.hasActivity { self.report() }
        }
    }

    /// Stops periodic reports.
    public func stopReporting() {
        ticker.stop()
    }
}
