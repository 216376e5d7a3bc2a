// PanelKit's portable core on a Cortex-M4 (QEMU mps2-an386), compiled with Embedded Swift:
// the FT6x06 driver reads scripted reports from an in-memory bus, the pipeline tracks them and
// fills the lock-free event queue, and the UI side pops them; the report decoders run the test
// vectors of docs/controllers.md §5. Exits through semihosting: 0 when every check passed.
import PanelCore
import TouchControllers

/// A clock that only moves when the program sleeps on it (no timer hardware needed).
final class TickClock: MonotonicClock {
    private(set) var now = MonotonicInstant(nanoseconds: 1_000_000_000)
    func sleep(for duration: MonotonicDuration) { now += duration }
}

/// An FT6336U behind an I2C bus: answers the identification registers, then serves one
/// scripted 15-byte report per read of register 0x00.
struct ScriptedFT6336: I2CBus {
    var reports: [[UInt8]]
    var served = 0

    mutating func write(to address: I2CAddress, _ bytes: UnsafeRawBufferPointer) throws(I2CError) {
        guard address == .ft6x06 else { throw I2CError(.noAcknowledgeAddress, address: address) }
    }

    mutating func read(from address: I2CAddress, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        throw I2CError(.unsupported, address: address)
    }

    mutating func writeRead(
        to address: I2CAddress, _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer
    ) throws(I2CError) {
        guard address == .ft6x06 else { throw I2CError(.noAcknowledgeAddress, address: address) }
        let reply: [UInt8]
        switch bytes[0] {
        case FT6x06Register.chipID: reply = [0x64]
        case FT6x06Register.vendorID: reply = [0x11]
        case FT6x06Register.firmwareVersion: reply = [0x02]
        case FT6x06Register.libraryVersion: reply = [0x30, 0x03]
        case FT6x06Register.deviceMode:
            reply = served < reports.count ? reports[served] : reports[reports.count - 1]
            served += 1
        default: reply = []
        }
        for index in 0 ..< buffer.count { buffer[index] = index < reply.count ? reply[index] : 0 }
    }
}

/// The checks made so far.
struct Checks {
    var count = 0
    var failures = 0

    mutating func callAsFunction(_ condition: Bool, _ what: StaticString) {
        count += 1
        if !condition {
            failures += 1
            print("FAIL: \(what)")
        }
    }
}

func hexBytes(_ text: StaticString) -> [UInt8] {
    var bytes: [UInt8] = []
    var value: UInt8 = 0, digits = 0
    text.withUTF8Buffer { utf8 in
        for c in utf8 {
            let nibble: UInt8
            switch c {
            case 0x30 ... 0x39: nibble = c - 0x30
            case 0x41 ... 0x46: nibble = c - 0x41 + 10
            default: continue
            }
            value = value << 4 | nibble
            digits += 1
            if digits == 2 { bytes.append(value); value = 0; digits = 0 }
        }
    }
    return bytes
}

/// The FT6x06 vectors of docs/controllers.md §5.1 through the decoder.
func decoderVectors(_ check: inout Checks) {
    let panel = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
    func decodeFT(_ text: StaticString) -> TouchFrame? {
        let bytes = hexBytes(text)
        var frame = TouchFrame()
        var ok = true
        bytes.withUnsafeBytes { raw in
            do throws(ProtocolViolation) { try FT6x06Report.decode(raw, maxContacts: 2, transform: panel, into: &frame) } catch { ok = false }
        }
        return ok ? frame : nil
    }
    check(decodeFT("00 00 00 FF FF FF FF FF FF FF FF FF FF FF FF")?.isEmpty == true, "F1 no touch")
    let f2 = decodeFT("00 00 01 00 78 00 C8 18 10 FF FF FF FF FF FF")
    check(f2?.count == 1 && f2?[0].position == Point(x: 120, y: 200), "F2 one finger at (120, 200)")
    check(decodeFT("00 00 02 81 2C 01 9A 1A 10 00 32 10 3C 10 10")?.count == 2, "F4 two fingers")
    check(decodeFT("FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF") == nil, "F7 garbage refused")
    check(decodeFT("00 00 01 C0 00 F0 00 00 00 FF FF FF FF FF FF") == nil, "F8 track ID 0xF refused")

    func decodeGT(_ text: StaticString) -> TouchFrame? {
        let bytes = hexBytes(text)
        var frame = TouchFrame()
        var ok = true
        bytes.withUnsafeBytes { raw in
            do throws(ProtocolViolation) { try GT911Report.decode(raw, maxContacts: 5, transform: panel, into: &frame) } catch { ok = false }
        }
        return ok ? frame : nil
    }
    let g4 = decodeGT("82 00 2E 01 9C 01 22 00 00 01 32 00 3C 00 18 00 00 00")
    check(g4?.count == 2 && g4?[1].position == Point(x: 50, y: 60), "G4 two fingers")
    check(decodeGT("80 00 00 00 00 00 00 00 00 00")?.isEmpty == true, "G5 all lifted")
    check(
        decodeGT("8F FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF") == nil,
        "G8 fifteen points refused")
}

/// A press, a move and a lift through driver, tracker and queue, as the input thread runs them.
func pipelineTap(_ check: inout Checks, queue: EventQueue) {
    let clock = TickClock()
    let bus = ScriptedFT6336(reports: [
        hexBytes("00 00 01 00 78 00 C8 18 10 FF FF FF FF FF FF"),  // press at (120, 200)
        hexBytes("00 00 01 81 2C 01 9A 1A 10 FF FF FF FF FF FF"),  // move to (300, 410)
        hexBytes("00 00 00 41 31 01 9F 00 00 FF FF FF FF FF FF"),  // lift
    ])
    let panel = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
    let driver = FT6x06(bus: bus, clock: clock, configuration: .init(transform: panel))
    var pipeline = TouchPipeline(source: driver, queue: queue, clock: clock)
    do throws(TouchSourceError) { try pipeline.start() } catch { check(false, "the FT6336U starts") }
    check(pipeline.source.info?.chip == .ft6336u, "the chip is identified as an FT6336U")
    for _ in 0 ..< 3 { pipeline.step(timeout: .milliseconds(10)) }
    var phases: [TouchPhase] = []
    var last = Point.zero
    while let item = queue.pop() {
        guard case .frame(let frame) = item else { check(false, "no overflow"); continue }
        for contact in frame {
            phases.append(contact.phase)
            if contact.phase != .ended { last = contact.position }
        }
    }
    check(phases == [.began, .moved, .ended], "press, move and lift arrive as began, moved, ended")
    check(last == Point(x: 300, y: 410), "the move arrives at (300, 410)")
    check(pipeline.statistics.errors == 0, "no read failed")
}

/// The queue alone: frames come out in order.
func queueOrder(_ check: inout Checks, queue: EventQueue) {
    for i in 0 ..< 3 {
        var frame = TouchFrame(timestamp: MonotonicInstant(nanoseconds: UInt64(i)))
        _ = frame.append(Contact(trackID: 0, position: Point(x: Double(i), y: 0), phase: i == 0 ? .began : .moved, identity: 1))
        _ = queue.push(frame)
    }
    var order: [UInt64] = []
    while case .frame(let frame)? = queue.pop() { order.append(frame.timestamp.nanoseconds) }
    check(order == [0, 1, 2], "frames come out in the order they went in")
}

@_cdecl("cortexm_main")
func cortexMMain() -> Int32 {
    var check = Checks()
    decoderVectors(&check)
    // One queue, as an app has: its storage is most of the RAM the run reports.
    let queue = EventQueue(capacity: 8)
    pipelineTap(&check, queue: queue)
    queueOrder(&check, queue: queue)
    print("cortex-m: \(check.count - check.failures) of \(check.count) checks passed")
    return check.failures == 0 ? 0 : 1
}
