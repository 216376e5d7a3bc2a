import PanelBoards
import PanelControllers
import PanelCore
import Testing
import TouchControllers

@Suite("One board-to-driver mapping for the bench and the board")
struct ConfigurationDecodingTests {
    @Test("a GT911 board may fall back to the other strap address only when it names one")
    func goodixFallback() throws {
        var board = try BoardLoader(searchPath: [], calibrationDirectory: .some(nil)).load("mock-gt911")
        let withAlternate = GoodixController.configuration(for: board)
        #expect(withAlternate.allowAddressFallback)
        #expect(withAlternate.address == .gt911Primary)
        board.touch.alternateAddress = nil
        #expect(!GoodixController.configuration(for: board).allowAddressFallback)
    }

    @Test("a FocalTech board's address, contact limit and polling interval reach the driver")
    func focalTech() throws {
        let board = try BoardLoader(searchPath: [], calibrationDirectory: .some(nil)).load("mock")
        let configuration = FocalTechController.configuration(for: board)
        #expect(configuration.address == (board.touch.address ?? .ft6x06))
        #expect(configuration.maxContacts == board.touch.maxContacts)
        #expect(configuration.pollInterval == .milliseconds(Int64(board.touch.pollIntervalMilliseconds)))
    }
}
