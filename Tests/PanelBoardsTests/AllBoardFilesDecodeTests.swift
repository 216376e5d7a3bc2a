import PanelBoards
import PanelCore
import Testing

/// The repository's boards/ folder.
let boardsDirectory = BoardLoader.sourceTreeBoards

@Suite("Every board file")
struct AllBoardFilesDecodeTests {
    static let files = BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: .some(nil)).availableBoards()

    @Test("the boards the project promises are all there")
    func promisedBoards() {
        for name in ["mock", "mock-gt911", "raspberrypi-adafruit-pitft28-capacitive", "raspberrypi-gt911-7inch",
                     "raspberrypi-official-7inch", "pimoroni-hyperpixel4"] {
            #expect(Self.files.contains(name), "boards/\(name).json is missing")
        }
    }

    @Test("decodes and validates, and says where its facts came from", arguments: files)
    func decodes(name: String) throws {
        let board = try BoardLoader.decodeFile("\(boardsDirectory)/\(name).json")
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
