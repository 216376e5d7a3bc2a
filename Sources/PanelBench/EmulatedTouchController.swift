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

    /// Builds the driver on `emulator` and the bench's lines and clock, and hands it to
    /// `launcher` on this thread. Unlike ``TouchController/launch(on:reset:interrupt:clock:board:with:)``
    /// nothing is sent: the bench goes on stepping the emulator and the clock the driver holds,
    /// and a ``BenchDriverLauncher`` runs the driver where it is made.
    static func launch<Launcher: BenchDriverLauncher>(
        onBench emulator: Emulator, reset: MockLine?, interrupt: MockLine?, clock: ManualClock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result
}

/// Takes a driver built on the bench's emulator, lines and clock and runs it on the calling
/// thread (a pipeline stepped in virtual time), so the values stay shared with the bench. A
/// board's ``DriverLauncher`` takes them as `sending` instead, to move the driver onto its
/// input thread.
public protocol BenchDriverLauncher {
    /// What launching makes (a stepped pipeline).
    associatedtype Result
    /// Why launching failed.
    associatedtype Failure: Error
    /// Starts `driver`; `identify` describes the chip once the driver has started.
    func launch<Driver: TouchSource>(_ driver: Driver, identify: @escaping (Driver) -> DriverIdentity) throws(Failure) -> Result
}

extension FocalTechController: EmulatedTouchController {
    public static func makeEmulator(board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock) -> FT6x06Emulator {
        FT6x06Emulator(
            address: board.touch.address ?? .ft6x06, chipID: chipID(board.touch.compatible), maxPoints: board.touch.maxContacts ?? 2,
            interrupt: interrupt, reset: reset, clock: clock)
    }

    public static func launch<Launcher: BenchDriverLauncher>(
        onBench emulator: FT6x06Emulator, reset: MockLine?, interrupt: MockLine?, clock: ManualClock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        try launcher.launch(
            FT6x06(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))
        ) { identity(of: $0) }
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

    public static func launch<Launcher: BenchDriverLauncher>(
        onBench emulator: GT911Emulator, reset: MockLine?, interrupt: MockLine?, clock: ManualClock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        try launcher.launch(
            GT911(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))
        ) { identity(of: $0) }
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

    public static func launch<Launcher: BenchDriverLauncher>(
        onBench emulator: CST816Emulator, reset: MockLine?, interrupt: MockLine?, clock: ManualClock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        try launcher.launch(
            CST816(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))
        ) { identity(of: $0) }
    }
}
