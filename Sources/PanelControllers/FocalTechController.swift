public import PanelBoards
public import PanelCore
public import TouchControllers

/// FocalTech FT6x06/FT6x36 and the FT5x06 family (EDT panels): the `focaltech` driver.
public enum FocalTechController: TouchController {
    /// The FocalTech parts of the two-point FT6x06 family; the FT5x parts report up to ten.
    static let twoPoint = ["focaltech,ft6236", "focaltech,ft6206", "focaltech,ft6336"]

    public static let model = TouchControllerModel(
        driver: .focaltech, family: "FT6x06",
        compatibles: [
            "focaltech,ft6236", "focaltech,ft6206", "focaltech,ft6336", "focaltech,ft5426", "focaltech,ft5452",
            "edt,edt-ft5206", "edt,edt-ft5306", "edt,edt-ft5406", "edt,edt-ft5506",
        ],
        addresses: [.ft6x06], maxCoordinate: 4096, maxContacts: { twoPoint.contains($0) ? 2 : 10 })

    /// The driver's settings for `board`: its address (default 0x38), contact limit, polling
    /// interval and touch transform.
    public static func configuration(for board: Board) -> FT6x06Configuration {
        var configuration = FT6x06Configuration(transform: board.transform())
        configuration.address = board.touch.address ?? .ft6x06
        configuration.maxContacts = board.touch.maxContacts
        configuration.pollInterval = .milliseconds(Int64(board.touch.pollIntervalMilliseconds))
        return configuration
    }

    public static func launch<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock, Launcher: DriverLauncher>(
        on bus: sending Bus, reset: sending Reset?, interrupt: sending Interrupt?, clock: sending Clock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        let driver = FT6x06(bus: bus, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))
        return try launcher.launch(driver) { identity(of: $0) }
    }

    /// A started driver's chip, described for a person (nothing before it has started).
    public static func identity<Bus, Reset, Interrupt, Clock>(of driver: FT6x06<Bus, Reset, Interrupt, Clock>) -> DriverIdentity {
        DriverIdentity(driver.info.map(describe) ?? [])
    }

    /// A started chip's identity as lines for a person: chip, vendor, firmware, library, contacts.
    public static func describe(_ info: FT6x06ChipInfo) -> [String] {
        [
            "chip: \(info.chip) (FocalTech), vendor 0x\(hex(info.vendorID, digits: 2)), firmware \(info.firmwareVersion), library 0x\(hex(info.libraryVersion, digits: 4))",
            "contacts: \(info.maxContacts)",
        ]
    }
}

extension Board.Driver {
    /// FocalTech FT6x06/FT6x36/FT5x06 (``FocalTechController``, the `FT6x06` driver).
    public static let focaltech = Board.Driver("focaltech")
}
