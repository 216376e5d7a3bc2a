// The hardware of the end-to-end run, emulated in real time: an FT6336U whose scan publishes a
// report every 10 ms while touched, an I2C bus that takes as long as a 400 kHz bus would, and an
// interrupt line the input thread sleeps on. The finger, the chip and PanelKit each run on
// their own thread, as on a board.
import BenchmarkSupport
import Glibc
import PanelBench
import PanelCore
import PanelLinux

/// What the finger and the chip's scan share, under the chip's lock.
struct ChipState {
    var chip: FT6x06Emulator
    /// The tap the finger is making (-1: none yet).
    var tap = -1
    var lifted = false
    var pressReported = false
    var liftReported = false
}

/// A value behind a pthread mutex.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// The emulated chip, shared by three threads: the finger touches and lifts it, its scan
/// publishes reports, and the driver reads its registers over the bus.
final class SharedChip: Sendable {
    let state: Locked<ChipState>

    init(shortTouches: Bool) {
        // No INT line for the emulator itself: its scan thread raises ``ChipInterrupt``.
        let chip = FT6x06Emulator()
        chip.reportsShortTouches = shortTouches
        state = Locked(ChipState(chip: chip))
    }
}

/// The I2C bus to the shared chip at 400 kHz: each transaction returns after the time its bits
/// take on the wire (start, address and data bytes with their ACKs, repeated start, stop),
/// spinning as a thread blocked in the kernel's i2c-dev would wait for the controller. A
/// 15-byte FT6x06 report read is 165 bits: 412.5 µs.
struct PacedBus: I2CBus {
    let shared: SharedChip
    /// Nanoseconds per bit: 2500 at 400 kHz.
    let bitNanoseconds: UInt64 = 2_500

    private func finish(startedAt start: UInt64, bits: Int) {
        let end = start + UInt64(bits) * bitNanoseconds
        while hostNanoseconds() < end {}
    }

    mutating func write(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer) throws(I2CError) {
        let start = hostNanoseconds()
        try shared.state.withLock { (state) throws(I2CError) in try state.chip.write(to: address, bytes) }
        finish(startedAt: start, bits: 1 + 9 + 9 * bytes.count + 1)
    }

    mutating func read(from address: I2CAddress, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let start = hostNanoseconds()
        try shared.state.withLock { (state) throws(I2CError) in try state.chip.read(from: address, into: buffer) }
        finish(startedAt: start, bits: 1 + 9 + 9 * buffer.count + 1)
    }

    mutating func writeRead(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let start = hostNanoseconds()
        try shared.state.withLock { (state) throws(I2CError) in try state.chip.writeRead(to: address, bytes, into: buffer) }
        finish(startedAt: start, bits: 1 + 9 + 9 * bytes.count + 1 + 9 + 9 * buffer.count + 1)
    }
}

/// The INT line: the chip's scan raises it with the edge's timestamp; the driver sleeps on it
/// in poll(2), beside the input thread's stop signal, as it sleeps on a GPIO line's descriptor.
/// Edges queue up (16 deep, like the kernel's line buffer) if the driver falls behind.
final class ChipInterrupt: Sendable {
    private let signal: WakeSignal
    private let edges = Locked<(times: [UInt64], head: Int, count: Int, sequence: UInt32)>(([UInt64](repeating: 0, count: 16), 0, 0, 0))

    init() throws(RunLoopError) { signal = try WakeSignal() }

    /// The chip asserts INT.
    func raise(at time: UInt64) {
        edges.withLock { e in
            if e.count == e.times.count { e.head = (e.head + 1) % e.times.count; e.count -= 1 }
            e.times[(e.head + e.count) % e.times.count] = time
            e.count += 1
        }
        signal.raise()
    }

    fileprivate func take() -> EdgeEvent? {
        edges.withLock { e in
            guard e.count > 0 else { return nil }
            let time = e.times[e.head]
            e.head = (e.head + 1) % e.times.count
            e.count -= 1
            e.sequence &+= 1
            return EdgeEvent(kind: .rising, timestamp: MonotonicInstant(nanoseconds: time), sequence: e.sequence)
        }
    }

    fileprivate var fileDescriptor: Int32 { signal.fileDescriptor }
    fileprivate func clear() { signal.clear() }
}

/// The driver's side of the INT line.
struct InterruptLine: EdgeEventSource {
    let line: ChipInterrupt
    /// The input thread's stop signal: raised, the wait ends with no edge.
    let interruptor: WakeSignal

    mutating func waitForEdge(timeout: MonotonicDuration?) throws(GPIOError) -> EdgeEvent? {
        let deadline = timeout.map { hostNanoseconds() + UInt64(max($0.nanoseconds, 0)) }
        while true {
            if let edge = line.take() { return edge }
            var remaining: Int32 = -1
            if let deadline {
                let current = hostNanoseconds()
                if current >= deadline { return nil }
                remaining = Int32((deadline - current + 999_999) / 1_000_000)
            }
            var fds = (
                pollfd(fd: line.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interruptor.fileDescriptor, events: Int16(POLLIN), revents: 0)
            )
            let ready = withUnsafeMutableBytes(of: &fds) { raw in
                poll(raw.baseAddress!.assumingMemoryBound(to: pollfd.self), 2, remaining)
            }
            if ready < 0 && errno != EINTR { throw GPIOError(.io, line: "emulated INT", code: errno) }
            if fds.1.revents != 0 { return nil }
            if fds.0.revents != 0 { line.clear() }
        }
    }
}
