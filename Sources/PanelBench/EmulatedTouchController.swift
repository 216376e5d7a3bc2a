public import PanelBoards
public import PanelControllers
public import PanelCore
import TouchControllers

/// A touch controller of the chip registry with a register-level twin on the bench: what a
/// mock board (or a real board run `--headless`) drives through the real driver. The emulator
/// half of the registry lives here, with the bench, so that an app built for a board links no
/// emulator.
///
/// PanelKit's three controllers conform below. An app's own controller conforms too to run
/// headless; one that does not is refused on a mock board with an error that names it.
public protocol EmulatedTouchController: TouchController {
    /// The emulated chip: a register-level model on the mock bus.
    associatedtype Emulator: TouchControllerEmulator & I2CBus

    /// The chip a mock board names, on the bench's lines and clock (the part the compatible
    /// names, at the board's address).
    static func makeEmulator(board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock) -> Emulator
}

extension FocalTechController: EmulatedTouchController {
    public static func makeEmulator(board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock) -> FT6x06Emulator {
        FT6x06Emulator(
            address: board.touch.address ?? .ft6x06, chipID: chipID(board.touch.compatible), maxPoints: board.touch.maxContacts ?? 2,
            interrupt: interrupt, reset: reset, clock: clock)
    }

    /// The 0xA3 value of the part a compatible names.
    static func chipID(_ compatible: String) -> UInt8 {
        switch compatible {
        case "focaltech,ft6206": 0x06
        case "focaltech,ft6236": 0x36
        case "focaltech,ft6336": 0x64
        default: 0x55  // the FT5x06 family
        }
    }
}

extension GoodixController: EmulatedTouchController {
    public static func makeEmulator(board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock) -> GT911Emulator {
        GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
    }
}

extension HynitronController: EmulatedTouchController {
    public static func makeEmulator(board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock) -> CST816Emulator {
        let chipID: UInt8 =
            switch board.touch.compatible {
            case "hynitron,cst816t": 0xB5
            case "hynitron,cst816d": 0xB6
            case "hynitron,cst716": 0x20
            default: 0xB4
            }
        return CST816Emulator(address: board.touch.address ?? .cst816, chipID: chipID, interrupt: interrupt, reset: reset, clock: clock)
    }
}
