import Glibc
import PanelBoards
import PanelControllers
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

    @Test("a board name is found in the first directory of the search path that has it")
    func searchPath() throws {
        let first = temporaryDirectory(), second = temporaryDirectory()
        let mock = try readFile("\(boardsDirectory)/mock.json")
        try writeFile("\(second)/bench.json", mock)
        try writeFile("\(first)/bench.json", mock.replacing("PanelKit bench", with: "First bench"))
        let loader = BoardLoader(searchPath: [first, second], calibrationDirectory: .some(nil), includesBuiltInBoards: false)
        #expect(try loader.locate("bench") == "\(first)/bench.json")
        #expect(try loader.load("bench").model.hasPrefix("First bench"))
        #expect(loader.availableBoards() == ["bench"])
        // A path is taken as it is.
        #expect(try loader.locate("\(second)/bench.json") == "\(second)/bench.json")
    }
}
