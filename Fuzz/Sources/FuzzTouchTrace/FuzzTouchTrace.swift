import FuzzSupport
// Touch traces (panelctl record/replay): any bytes. Invariants: loading either fails with a
// TraceError naming a line inside the file, or yields frames whose points map into an emulated
// controller's range without trapping.
import PanelBoards
import PanelCore

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzTouchTrace``.
@_cdecl("FuzzTouchTrace_main")
public func fuzzTouchTraceMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzTouchTrace(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouchTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = try? decodeUTF8Text(bytes) else { return 0 }
    let trace: TouchTrace
    do {
        trace = try TouchTrace(jsonLines: text, path: "fuzz.trace")
    } catch {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        precondition(error.line >= 1 && error.line <= max(lines, 1), "error on line \(error.line) of \(lines)")
        return 0
    }
    let transform = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480, rotation: .degrees90)
    for frame in trace.frames {
        for contact in frame.contacts {
            guard let raw = transform.controllerPoint(for: contact.position) else { continue }
            precondition(transform.contains(x: raw.x, y: raw.y), "\(raw) outside the controller")
        }
    }
    return 0
}
