import Glibc
import PanelBoards
import PanelCore
import Testing

func temporaryDirectory() -> String {
    var template = Array("/tmp/panelkit-test-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return String(cString: path!)
}

@Suite("Calibration overrides")
struct CalibrationOverrideTests {
    @Test("a saved calibration is applied by the loader, over the board file")
    func applied() throws {
        let dir = temporaryDirectory()
        let loader = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: dir)
        #expect(try loader.load("mock").touch.calibration == nil)
        let matrix = CalibrationMatrix(a0: 0.96, a1: 0, a2: -8, a3: 0, a4: 1.03, a5: 7)
        try writeFile(loader.calibrationFile(for: "mock")!, CalibrationOverride(board: "mock", matrix: matrix).json)
        let board = try loader.load("mock")
        let applied = try #require(board.touch.calibration)
        #expect(abs(applied.a0 - 0.96) < 1e-4 && abs(applied.a5 - 7) < 1e-4)
        #expect(board.transform().calibration == applied)
    }

    @Test("an override for another board, or a damaged one, is an error naming the file")
    func mismatched() throws {
        let dir = temporaryDirectory()
        let loader = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: dir)
        let file = loader.calibrationFile(for: "mock")!
        try writeFile(file, CalibrationOverride(board: "other", matrix: .identity).json)
        #expect(throws: BoardError.self) { try loader.load("mock") }
        try writeFile(file, "{\"format\": \"panelkit-calibration\", \"version\": 1, \"board\": \"mock\", \"calibration\": [1, 2]}")
        do {
            _ = try loader.load("mock")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains(file) && error.description.contains("calibration"))
        }
    }
}
