// What the fuzz targets share: the libFuzzer driver call from SwiftPM's entry point, and the
// invariants every frame stream must keep.
internal import CFuzzer
public import PanelBench
public import PanelCore

/// Runs libFuzzer's driver on `body` (each target's `<Target>_main` calls this).
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, body)
}

/// Checks a stream of queue items: no frame goes back in time, every contact lies on a
/// `width`×`height` panel, and (at ``finish()``) every touch that began ended or was cancelled
/// exactly once.
public struct FrameChecker {
    public let width: Double
    public let height: Double
    private var ledger = TouchLedger()
    private var last = MonotonicInstant.zero

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Takes every item the queue holds.
    public mutating func drain(_ queue: EventQueue) {
        while let item = queue.pop() {
            if case .frame(let frame) = item {
                precondition(frame.timestamp >= last, "a frame went back in time")
                last = frame.timestamp
                for contact in frame { check(contact.position, "\(contact)") }
            }
            ledger.take(item)
        }
    }

    /// A point must lie on the panel.
    public func check(_ p: Point, _ what: @autoclosure () -> String) {
        precondition(p.x >= 0 && p.x <= width - 1 && p.y >= 0 && p.y <= height - 1, "off the panel: \(what())")
    }

    /// The ledger's verdict once the stream is over.
    public func finish() {
        precondition(ledger.violations.isEmpty, "\(ledger.violations)")
        precondition(ledger.active.isEmpty, "touches left active: \(ledger.active)")
    }
}

/// Plays `bytes` as a chip's report images, `imageSize` bytes each, through `pipeline`: each
/// image is written into the chip (`present`) and read in one step; then the chip shows no
/// finger (`lift`) and the pipeline steps while a touch is still active (the watchdog's 200 ms
/// at most), and `checker` judges the whole stream.
@inlinable
public func playReportImages<Source: TouchSource>(
    _ bytes: UnsafeBufferPointer<UInt8>, imageSize: Int, through pipeline: inout TouchPipeline<Source, ManualClock>,
    checker: inout FrameChecker, present: (UnsafeBufferPointer<UInt8>) -> Void, lift: () -> Void
) {
    var offset = 0
    while offset < bytes.count {
        present(UnsafeBufferPointer(rebasing: bytes[offset ..< min(offset + imageSize, bytes.count)]))
        offset += imageSize
        pipeline.step(timeout: .milliseconds(10))
        checker.drain(pipeline.queue)
    }
    lift()
    var steps = 0
    while steps < 30 && (pipeline.tracker.activeCount > 0 || steps == 0) {
        pipeline.step(timeout: .milliseconds(10))
        steps += 1
    }
    checker.drain(pipeline.queue)
    checker.finish()
}
