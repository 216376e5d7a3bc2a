public import PanelBoards
public import PanelCore
public import TouchControllers

/// Hynitron CST816S, CST816T, CST816D and CST716: the `hynitron` driver, for the single-touch
/// controller of many small round and 1.28–2.8-inch modules.
public enum HynitronController: TouchController {
    public static let model = TouchControllerModel(
        driver: .hynitron, family: "CST816",
        compatibles: ["hynitron,cst816s", "hynitron,cst816t", "hynitron,cst816d", "hynitron,cst716"],
        addresses: [.cst816], maxCoordinate: 4096, answersBeforeStart: false, maxContacts: { _ in 1 })

    /// The driver's settings for `board`: its address (default 0x15), polling interval and
    /// touch transform; the chip is kept awake.
    public static func configuration(for board: Board) -> CST816Configuration {
        var configuration = CST816Configuration(transform: board.transform())
        configuration.address = board.touch.address ?? .cst816
        configuration.pollInterval = .milliseconds(Int64(board.touch.pollIntervalMilliseconds))
        return configuration
    }

    public static func launch<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock, Launcher: DriverLauncher>(
        on bus: sending Bus, reset: sending Reset?, interrupt: sending Interrupt?, clock: sending Clock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        let driver = CST816(bus: bus, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))
        return try launcher.launch(driver) { identity(of: $0) }
    }

    /// A started driver's chip, described for a person (nothing before it has started).
    public static func identity<Bus, Reset, Interrupt, Clock>(of driver: CST816<Bus, Reset, Interrupt, Clock>) -> DriverIdentity {
        DriverIdentity(driver.info.map(describe) ?? [])
    }

    /// A started chip's identity as lines for a person: chip, address, project, firmware.
    public static func describe(_ info: CST816ChipInfo) -> [String] {
        [
            "chip: \(info.chip) (Hynitron) at \(info.address), project 0x\(hex(info.projectID, digits: 2)), firmware \(info.firmwareVersion)",
            "contacts: 1",
        ]
    }
}

extension Board.Driver {
    /// Hynitron CST816S/T/D and CST716 (``HynitronController``, the `CST816` driver).
    public static let hynitron = Board.Driver("hynitron")
}
