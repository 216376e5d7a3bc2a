import FuzzSupport
// FT6x06 reports from a chip gone wrong: each input is a series of 64-byte register images
// that the emulated FT6336U presents, read by the real driver, tracked, queued and consumed.
// Invariants: nothing traps; every contact lands on the panel; every touch that began ends or
// is cancelled exactly once; timestamps never decrease.
import PanelBench
import PanelCore
import TouchControllers

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzFT6x06``.
@_cdecl("FuzzFT6x06_main")
public func fuzzFT6x06Main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzFT6x06(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFT6x06(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let clock = ManualClock()
    clock.recordsSleeps = false
    let chip = FT6x06Emulator(maxPoints: 5, clock: clock)
    let transform = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
    var configuration = FT6x06<FT6x06Emulator, NoLine, NoLine, ManualClock>.Configuration(transform: transform)
    configuration.maxContacts = 5
    var pipeline = TouchPipeline(
        source: FT6x06(bus: chip, clock: clock, configuration: configuration),
        queue: EventQueue(capacity: 8), clock: clock, tracker: TouchTracker(watchdogTimeout: .milliseconds(200)))
    guard (try? pipeline.start()) != nil else { fatalError("the emulated chip did not start") }
    var checker = FrameChecker(width: 320, height: 480)
    var offset = 0
    while offset < bytes.count {
        chip.overwriteRegisters(at: 0, with: bytes[offset ..< min(offset + 64, bytes.count)])
        offset += 64
        pipeline.step(timeout: .milliseconds(10))
        checker.drain(pipeline.queue)
    }
    // Every finger lifts; the watchdog has its say.
    chip.overwriteRegisters(at: 0, with: [UInt8](repeating: 0, count: 64))
    for _ in 0 ..< 30 { pipeline.step(timeout: .milliseconds(10)) }
    checker.drain(pipeline.queue)
    checker.finish()
    return 0
}
