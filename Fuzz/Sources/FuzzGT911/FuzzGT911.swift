import FuzzSupport
// GT911 buffers from a chip gone wrong: after a normal start (reset, address strap, config
// checksum), each input is a series of 82-byte images of the report registers from 0x814E
// (status, ten point records, key byte), read by the real driver, tracked, queued and consumed.
// Invariants as for the FT6x06 target.
import PanelBench
import PanelCore
import TouchControllers

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzGT911``.
@_cdecl("FuzzGT911_main")
public func fuzzGT911Main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzGT911(data, size) }
}

/// The chip, its started driver and the queue, made once: the per-input cost is the input's
/// own reads. Each input gets a fresh pipeline (tracker, backoff) around a copy of the driver as
/// it was just after its start, so no input sees what an earlier one left.
final class GT911Rig: @unchecked Sendable {
    let clock = ManualClock()
    let chip: GT911Emulator
    let started: GT911<GT911Emulator, NoLine, NoLine, ManualClock>
    let queue = EventQueue(capacity: 8)

    init() {
        clock.recordsSleeps = false
        chip = GT911Emulator(clock: clock)
        let transform = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
        var driver = GT911(bus: chip, clock: clock, configuration: .init(transform: transform))
        guard (try? driver.start()) != nil else { fatalError("the emulated chip did not start") }
        started = driver
    }
}

/// libFuzzer calls the target on one thread, one input at a time: the rig is never shared.
private let rig = GT911Rig()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGT911(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let chip = rig.chip
    chip.faults = EmulatorFaults()
    var pipeline = TouchPipeline(
        source: rig.started, queue: rig.queue, clock: rig.clock, tracker: TouchTracker(watchdogTimeout: .milliseconds(200)))
    var checker = FrameChecker(width: 320, height: 480)
    playReportImages(
        bytes, imageSize: 82, through: &pipeline, checker: &checker,
        present: { chip.overwriteRegisters(at: 0x814E, with: $0) }, lift: { chip.overwriteRegisters(at: 0x814E, with: noFingers) })
    return 0
}

private let noFingers = [0x80] + [UInt8](repeating: 0, count: 81)
