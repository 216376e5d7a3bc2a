public import PanelBoards
public import PanelCore
public import TouchControllers

/// Goodix GT911 and the GT9xx family: the `goodix` driver.
public enum GoodixController: TouchController {
    public static let model = TouchControllerModel(
        driver: .goodix, family: "GT911",
        compatibles: [
            "goodix,gt911", "goodix,gt9110", "goodix,gt912", "goodix,gt9147", "goodix,gt927", "goodix,gt9271", "goodix,gt928", "goodix,gt967",
        ],
        addresses: [.gt911Primary, .gt911Alternate], strapsAddress: true, resetNeedsInterrupt: true, answersBeforeStart: false,
        maxContacts: { _ in 10 })

    /// The driver's settings for `board`: its address (default 0x5D), whether it may fall back
    /// to the other strap address (`alt-reg`), contact limit, polling interval and touch transform.
    public static func configuration(for board: Board) -> GT911Configuration {
        var configuration = GT911Configuration(transform: board.transform())
        configuration.address = board.touch.address ?? .gt911Primary
        configuration.allowAddressFallback = board.touch.alternateAddress != nil
        configuration.maxContacts = board.touch.maxContacts
        configuration.pollInterval = .milliseconds(Int64(board.touch.pollIntervalMilliseconds))
        return configuration
    }

    public static func launch<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock, Launcher: DriverLauncher>(
        on bus: sending Bus, reset: sending Reset?, interrupt: sending Interrupt?, clock: sending Clock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        let driver = GT911(bus: bus, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))
        return try launcher.launch(driver) { identity(of: $0) }
    }

    /// A started driver's chip and the resolution it reports in, described for a person
    /// (nothing before it has started).
    public static func identity<Bus, Reset, Interrupt, Clock>(of driver: GT911<Bus, Reset, Interrupt, Clock>) -> DriverIdentity {
        guard let info = driver.info else { return DriverIdentity([]) }
        return DriverIdentity(describe(info), resolution: (info.xResolution, info.yResolution))
    }

    /// A started chip's identity as lines for a person: product, address, firmware, configuration.
    public static func describe(_ info: GT911ChipInfo) -> [String] {
        let version = info.configVersion
        let letter = Character(Unicode.Scalar(version))
        return [
            "chip: Goodix GT\(info.productID) (\(info.variant)) at \(info.address), firmware 0x\(hex(info.firmwareVersion, digits: 4))",
            "configuration: version 0x\(hex(version, digits: 2)) (\(letter.isLetter ? "'\(letter)'" : "binary")), resolution \(info.xResolution)×\(info.yResolution), contacts: \(info.maxContacts)",
        ]
    }
}

extension Board.Driver {
    /// Goodix GT911 and the GT9xx family (``GoodixController``, the `GT911` driver).
    public static let goodix = Board.Driver("goodix")
}
