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

/// The chip, its started driver and the queue, made once: the per-input cost is the input's
/// own reads. Each input gets a fresh pipeline (tracker, backoff) around a copy of the driver as
/// it was just after its start, so no input sees what an earlier one left.
final class FT6x06Rig: @unchecked Sendable {
    let clock = ManualClock()
    let chip: FT6x06Emulator
    let started: FT6x06<FT6x06Emulator, NoLine, NoLine, ManualClock>
    let queue = EventQueue(capacity: 8)

    init() {
        clock.recordsSleeps = false
        chip = FT6x06Emulator(maxPoints: 5, clock: clock)
        let transform = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
        var configuration = FT6x06Configuration(transform: transform)
        configuration.maxContacts = 5
        var driver = FT6x06(bus: chip, clock: clock, configuration: configuration)
        guard (try? driver.start()) != nil else { fatalError("the emulated chip did not start") }
        started = driver
    }
}

/// libFuzzer calls the target on one thread, one input at a time: the rig is never shared.
private let rig = FT6x06Rig()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFT6x06(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let chip = rig.chip
    chip.faults = EmulatorFaults()
    var pipeline = TouchPipeline(
        source: rig.started, queue: rig.queue, clock: rig.clock, tracker: TouchTracker(watchdogTimeout: .milliseconds(200)))
    var checker = FrameChecker(width: 320, height: 480)
    playReportImages(
        bytes, imageSize: 64, through: &pipeline, checker: &checker,
        present: { chip.overwriteRegisters(at: 0, with: $0) }, lift: { chip.overwriteRegisters(at: 0, with: zeros) })
    return 0
}

private let zeros = [UInt8](repeating: 0, count: 64)
