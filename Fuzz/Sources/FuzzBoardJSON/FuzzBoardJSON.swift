import FuzzSupport
// Board files as a person or a tool might get them wrong: any bytes. Invariants: decoding
// either fails with a BoardError or yields a board whose transform maps every corner of the
// controller onto the panel and back, and which prints, without trapping.
import PanelBoards
import PanelControllers
import PanelCore

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzBoardJSON``.
@_cdecl("FuzzBoardJSON_main")
public func fuzzBoardJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzBoardJSON(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoardJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = try? decodeUTF8Text(bytes), let board = try? Board(json: text, path: "fuzz.json", name: "fuzz", controllers: .standard) else { return 0 }
    let transform = board.transform()
    let ui = board.display.uiSize
    for (x, y) in [(0, 0), (transform.controllerWidth - 1, 0), (0, transform.controllerHeight - 1), (Int.max / 2, Int.min / 2)] {
        let p = transform.apply(x: x, y: y)
        precondition(p.x >= 0 && p.y >= 0 && p.x <= ui.width && p.y <= ui.height, "\(p) is off a \(ui) screen")
        _ = transform.controllerPoint(for: p)
    }
    if let calibration = board.touch.calibration { _ = calibration.pointercal }
    _ = "\(board)"
    return 0
}
