// FT6x06 reports from a chip gone wrong: each input is a series of 64-byte register images
// that the emulated FT6336U presents, read by the real driver, tracked, queued and consumed.
// Invariants: nothing traps; every contact lands on the panel; every touch that began ends or
// is cancelled exactly once; timestamps never decrease.
import PanelBench
import CFuzzer
import PanelCore
import TouchControllers

/// SwiftPM's entry point for this executable: runs libFuzzer's driver on ``fuzzFT6x06``.
@_cdecl("FuzzFT6x06_main")
public func fuzzFT6x06Main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFT6x06(data, size) }
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
    var ledger = TouchLedger()
    var last = MonotonicInstant.zero
    var offset = 0
    while offset < bytes.count {
        let image = bytes[offset ..< min(offset + 64, bytes.count)]
        offset += 64
        chip.overwriteRegisters(at: 0, with: image)
        pipeline.step(timeout: .milliseconds(10))
        while let item = pipeline.queue.pop() {
            if case .frame(let frame) = item {
                precondition(frame.timestamp >= last, "a frame went back in time")
                last = frame.timestamp
                for contact in frame {
                    precondition(contact.position.x >= 0 && contact.position.x <= 319 && contact.position.y >= 0 && contact.position.y <= 479,
                                 "a contact off the panel: \(contact)")
                }
            }
            ledger.take(item)
        }
    }
    // Lift everything: the chip reports no touches, then the watchdog has its say.
    chip.overwriteRegisters(at: 0, with: [UInt8](repeating: 0, count: 64))
    for _ in 0 ..< 30 { pipeline.step(timeout: .milliseconds(10)) }
    ledger.drain(pipeline.queue)
    precondition(ledger.violations.isEmpty, "\(ledger.violations)")
    precondition(ledger.active.isEmpty, "touches left active: \(ledger.active)")
    return 0
}
