import PanelBoards
import PanelControllers
import PanelCore
import Testing

@Suite("A board's emulated twin: its panel in memory, its controller on the mock bus")
struct EmulatedBoardTests {
    func board(_ name: String) throws -> Board { try BoardLoader().load(name) }

    @Test("a mock board is its own twin")
    func mockIsItsOwnTwin() throws {
        let mock = try board("mock")
        #expect(mock.emulated() == mock)
    }

    @Test("an I2C board keeps its chip, address and lines' polarity, on the mock bus")
    func i2cBoardKeepsItsChip() throws {
        let real = try board("raspberrypi-gt911-7inch")
        let twin = real.emulated()
        #expect(twin.isMock)
        #expect(twin.display.device == .memory)
        #expect(twin.touch.compatible == real.touch.compatible)
        #expect(twin.touch.address == real.touch.address)
        #expect(twin.touch.reset?.activeLow == real.touch.reset?.activeLow)
        #expect(twin.touch.interrupt?.chip == "mock")
    }

    @Test("an evdev board becomes an FT5x06 covering its panel")
    func evdevBoardBecomesAFocalTech() throws {
        let real = try board("raspberrypi-official-7inch")
        let twin = real.emulated()
        #expect(twin.isMock)
        #expect(twin.touch.driver == .focaltech)
        #expect(twin.touch.sizeX == real.display.width && twin.touch.sizeY == real.display.height)
    }

    @Test("the twin keeps the panel's size, format and rotation")
    func twinKeepsThePanel() throws {
        let real = try board("pimoroni-hyperpixel4")
        let twin = real.emulated()
        #expect(twin.display.width == real.display.width)
        #expect(twin.display.format == real.display.format)
        #expect(twin.display.rotation == real.display.rotation)
    }
}
