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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGT911(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let clock = ManualClock()
    clock.recordsSleeps = false
    let chip = GT911Emulator(clock: clock)
    let transform = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
    var pipeline = TouchPipeline(
        source: GT911(bus: chip, clock: clock, configuration: .init(transform: transform)),
        queue: EventQueue(capacity: 8), clock: clock, tracker: TouchTracker(watchdogTimeout: .milliseconds(200)))
    guard (try? pipeline.start()) != nil else { fatalError("the emulated chip did not start") }
    var checker = FrameChecker(width: 320, height: 480)
    var offset = 0
    while offset < bytes.count {
        chip.overwriteRegisters(at: 0x814E, with: bytes[offset ..< min(offset + 82, bytes.count)])
        offset += 82
        pipeline.step(timeout: .milliseconds(10))
        checker.drain(pipeline.queue)
    }
    // Every finger lifts; the watchdog has its say.
    chip.overwriteRegisters(at: 0x814E, with: [0x80] + [UInt8](repeating: 0, count: 81))
    for _ in 0 ..< 30 { pipeline.step(timeout: .milliseconds(10)) }
    checker.drain(pipeline.queue)
    checker.finish()
    return 0
}
