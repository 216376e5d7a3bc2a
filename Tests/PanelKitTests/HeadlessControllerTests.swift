import PanelBoards
import PanelControllers
import PanelCore
import PanelKit
import Testing
import TouchControllers

/// An app's controller for boards only: it has a driver but no emulator.
private enum BoardOnlyController: TouchController {
    static let model = TouchControllerModel(
        driver: Board.Driver("acme-board"), family: "ACME", compatibles: ["acme,board-only"], addresses: [I2CAddress(0x45)], maxContacts: { _ in 2 })

    static func launch<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock, Launcher: DriverLauncher>(
        on bus: sending Bus, reset: sending Reset?, interrupt: sending Interrupt?, clock: sending Clock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        var configuration = FT6x06Configuration(transform: board.transform())
        configuration.address = board.touch.address ?? I2CAddress(0x45)
        return try launcher.launch(FT6x06(bus: bus, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration)) { _ in
            DriverIdentity(["acme"])
        }
    }
}

@Suite("Headless runs need the controller's emulator")
@MainActor
struct HeadlessControllerTests {
    @Test("a mock board whose controller has no emulator is a board error naming the controller and EmulatedTouchController")
    func controllerWithoutEmulatorIsRefused() {
        let registry = TouchControllerRegistry.standard.adding(BoardOnlyController.self)
        let board = try? Board(
            json:
                #"{"model": "m", "touch": {"compatible": "acme,board-only", "bus": "mock", "touchscreen-size-x": 100, "touchscreen-size-y": 100}, "display": {"device": "memory", "width": 100, "height": 100}}"#,
            path: "x.json", name: "x", controllers: registry.catalog)
        #expect(board != nil)
        guard let board else { return }
        #expect {
            _ = try HeadlessPlatform(board: board, registry: registry)
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .board && e?.description.contains("BoardOnlyController") == true
                && e?.description.contains("EmulatedTouchController") == true
        }
    }
}
