import PanelBoards
import PanelControllers
import PanelCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The repository's boards/ folder (found from this file: the tests run from the source tree).
let boardsDirectory: String = {
    var path = #filePath
    for _ in 0 ..< 3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/boards"
}()

@Suite("Every board file")
struct AllBoardFilesDecodeTests {
    static let files = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: .some(nil), includesBuiltInBoards: false).availableBoards()

    @Test("every board file in boards/ is compiled into the library, byte for byte")
    func builtIn() throws {
        #expect(BoardLoader.builtInBoards == Self.files)
        for name in Self.files {
            #expect(BoardLoader.builtInBoardFile(named: name) == (try readFile("\(boardsDirectory)/\(name).json")), "\(name).json")
        }
    }

    @Test("a built-in board loads with no board folder anywhere in the search path")
    func builtInWithoutFiles() throws {
        let board = try BoardLoader(searchPath: [], calibrationDirectory: .some(nil)).load("mock-gt911")
        #expect(board.name == "mock-gt911")
        #expect(board.path == "(built-in) mock-gt911.json")
    }

    @Test("a board file in the search path overrides the built-in board of that name")
    func fileOverridesBuiltIn() throws {
        var template = Array("/tmp/panelkit-boards-XXXXXX".utf8CString)
        let dir = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        let text = try readFile("\(boardsDirectory)/mock.json").replacing("\"width\": 800", with: "\"width\": 640")
        try writeFile("\(dir)/mock.json", text)
        let board = try BoardLoader(searchPath: [dir], calibrationDirectory: .some(nil)).load("mock")
        #expect(board.display.width == 640)
        #expect(board.path == "\(dir)/mock.json")
    }

    @Test("the boards the project promises are all there")
    func promisedBoards() {
        for name in [
            "mock", "mock-gt911", "raspberrypi-adafruit-pitft28-capacitive", "raspberrypi-gt911-7inch",
            "raspberrypi-official-7inch", "pimoroni-hyperpixel4",
        ] {
            #expect(Self.files.contains(name), "boards/\(name).json is missing")
        }
    }

    @Test("decodes and validates, and says where its facts came from", arguments: files)
    func decodes(name: String) throws {
        let board = try BoardLoader().decodeFile("\(boardsDirectory)/\(name).json")
        #expect(board.name == name)
        #expect(!board.model.isEmpty)
        #expect(!board.comment.isEmpty, "every board file says in its comment where its facts came from")
        // The transform maps the controller's corners onto the UI.
        let t = board.transform()
        let ui = board.display.uiSize
        #expect(t.uiSize == ui)
        let corner = t.apply(x: t.controllerWidth - 1, y: t.controllerHeight - 1)
        #expect(corner.x >= 0 && corner.x < ui.width && corner.y >= 0 && corner.y < ui.height)
    }

    @Test("the mock boards run on the bench: mock bus and memory framebuffer")
    func mockBoards() throws {
        let loader = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: .some(nil))
        let mock = try loader.load("mock")
        #expect(mock.isMock && mock.display.device == .memory)
        #expect(mock.touch.driver == .focaltech && mock.touch.address == .ft6x06)
        let gt = try loader.load("mock-gt911")
        #expect(gt.isMock && gt.touch.driver == .goodix)
        #expect(gt.touch.address == .gt911Primary && gt.touch.alternateAddress == .gt911Alternate)
        #expect(gt.display.rotation == .degrees90 && gt.display.uiSize == Size(width: 480, height: 320))
    }

    @Test("the Pi boards carry the documented pins and addresses")
    func piFacts() throws {
        let loader = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: .some(nil))
        let pitft = try loader.load("raspberrypi-adafruit-pitft28-capacitive")
        #expect(pitft.touch.bus == .device("/dev/i2c-1"))
        #expect(pitft.touch.interrupt?.line == .offset(24))
        #expect(pitft.touch.swappedXY && pitft.touch.invertedX)
        let gt = try loader.load("raspberrypi-gt911-7inch")
        #expect(gt.touch.interrupt?.line == .offset(4) && gt.touch.reset?.line == .offset(17))
        #expect(gt.touch.address == .gt911Alternate && gt.touch.alternateAddress == .gt911Primary)
        let official = try loader.load("raspberrypi-official-7inch")
        #expect(official.touch.driver == .evdev && official.touch.deviceNames.contains("generic ft5x06 (79)"))
    }
}
