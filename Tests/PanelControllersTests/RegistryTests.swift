import PanelBench
import PanelBoards
import PanelControllers
import PanelCore
import Testing
import TouchControllers

private func board(_ touch: String) throws -> Board {
    try Board(
        json: """
            {"model": "m", "touch": \(touch), "display": {"device": "memory", "width": 240, "height": 280}}
            """, path: "x.json", name: "x", controllers: .standard)
}

/// Starts a driver once and keeps what the chip said.
private struct IdentifyOnce: DriverLauncher {
    func launch<Driver: TouchSource>(_ driver: sending Driver, identify: @escaping (Driver) -> DriverIdentity) throws(TouchSourceError) -> DriverIdentity {
        var driver = driver
        try driver.start()
        return identify(driver)
    }
}

@Suite("The chip registry")
struct RegistryTests {
    @Test("no compatible is claimed by two controllers")
    func uniqueCompatibles() {
        let all = TouchControllerRegistry.standard.catalog.compatibles
        #expect(Set(all).count == all.count)
    }

    @Test("a board's driver finds its controller, and an evdev board none")
    func lookup() throws {
        let registry = TouchControllerRegistry.standard
        let cst = try board(#"{"compatible": "hynitron,cst816s", "bus": "mock", "touchscreen-size-x": 240, "touchscreen-size-y": 280}"#)
        #expect(registry.controller(for: cst) == HynitronController.self)
        let evdev = try board(#"{"compatible": "linux,evdev", "device": "/dev/input/event0"}"#)
        #expect(registry.controller(for: evdev) == nil)
    }

    @Test("a CST816 board decodes with the chip's address 0x15 and no alternate")
    func cst816Defaults() throws {
        let b = try board(#"{"compatible": "hynitron,cst816s", "bus": "/dev/i2c-1", "touchscreen-size-x": 240, "touchscreen-size-y": 280}"#)
        #expect(b.touch.driver == .hynitron)
        #expect(b.touch.address == .cst816)
        #expect(b.touch.alternateAddress == nil)
    }

    @Test("a CST816 asked for two contacts is refused: it is a single-touch part")
    func cst816Contacts() {
        #expect(throws: BoardError.self) {
            try board(#"{"compatible": "hynitron,cst816t", "bus": "mock", "touchscreen-size-x": 240, "touchscreen-size-y": 280, "max-contacts": 2}"#)
        }
    }

    @Test("a CST816 address written in its 8-bit form is corrected, with the 7-bit one named")
    func cst816EightBitAddress() {
        do {
            _ = try board(#"{"compatible": "hynitron,cst816s", "bus": "mock", "reg": "0x2a", "touchscreen-size-x": 240, "touchscreen-size-y": 280}"#)
            Issue.record("an 8-bit address was taken")
        } catch {
            #expect("\(error)".contains("0x15"))
        }
    }

    @Test("a misspelt compatible suggests the nearest one the registry knows")
    func suggestion() {
        do {
            _ = try board(#"{"compatible": "hynitron,cst816", "bus": "mock", "touchscreen-size-x": 240, "touchscreen-size-y": 280}"#)
            Issue.record("an unknown compatible was taken")
        } catch {
            // The input itself is quoted in the message; the suggestion is what is checked.
            #expect("\(error)".contains("did you mean \"hynitron,cst816s\"?"))
        }
    }

    @Test(
        "a registry entry builds the driver on its emulator and describes the chip it finds",
        arguments: [
            ("hynitron,cst816t", "chip: CST816T (Hynitron) at 0x15"), ("focaltech,ft6236", "chip: FT6236 (FocalTech)"), ("goodix,gt911", "chip: Goodix GT911"),
        ])
    func emulateAndIdentify(compatible: String, expected: String) throws {
        let b = try board(#"{"compatible": "\#(compatible)", "bus": "mock", "touchscreen-size-x": 240, "touchscreen-size-y": 280}"#)
        let controller = try #require(TouchControllerRegistry.standard.controller(for: b) as? any EmulatedTouchController.Type)
        let identity = try identify(controller, board: b)
        #expect(identity.lines.first?.hasPrefix(expected) == true)
    }

    private func identify<C: EmulatedTouchController>(_ controller: C.Type, board: Board) throws -> DriverIdentity {
        let clock = ManualClock()
        nonisolated(unsafe) let chip = controller.makeEmulator(board: board, interrupt: nil, reset: nil, clock: clock)
        return try controller.launch(on: chip, reset: nil as MockLine?, interrupt: nil as MockLine?, clock: clock, board: board, with: IdentifyOnce())
    }

    @Test("an app's own controller joins the registry and its compatibles become valid in board files")
    func appController() throws {
        let registry = TouchControllerRegistry.standard.adding(BenchOnlyController.self)
        let loaded = try Board(
            json:
                #"{"model": "m", "touch": {"compatible": "acme,touch1", "bus": "mock", "touchscreen-size-x": 100, "touchscreen-size-y": 100}, "display": {"device": "memory", "width": 100, "height": 100}}"#,
            path: "x.json", name: "x", controllers: registry.catalog)
        #expect(registry.controller(for: loaded) == BenchOnlyController.self)
        #expect(loaded.touch.address == I2CAddress(0x44))
    }
}

/// An app's controller, register-compatible with a FocalTech part (as many clones are).
private enum BenchOnlyController: EmulatedTouchController {
    static let model = TouchControllerModel(
        driver: Board.Driver("acme"), family: "ACME", compatibles: ["acme,touch1"], addresses: [I2CAddress(0x44)], maxContacts: { _ in 2 })

    static func launch<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock, Launcher: DriverLauncher>(
        on bus: sending Bus, reset: sending Reset?, interrupt: sending Interrupt?, clock: sending Clock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        try launcher.launch(FT6x06(bus: bus, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))) { _ in
            DriverIdentity(["acme"])
        }
    }

    static func launch<Launcher: BenchDriverLauncher>(
        onBench emulator: FT6x06Emulator, reset: MockLine?, interrupt: MockLine?, clock: ManualClock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result {
        try launcher.launch(FT6x06(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration(for: board))) { _ in
            DriverIdentity(["acme"])
        }
    }

    private static func configuration(for board: Board) -> FT6x06Configuration {
        var configuration = FT6x06Configuration(transform: board.transform())
        configuration.address = board.touch.address ?? I2CAddress(0x44)
        return configuration
    }

    static func makeEmulator(board: Board, interrupt: MockLine?, reset: MockLine?, clock: ManualClock) -> FT6x06Emulator {
        FT6x06Emulator(address: board.touch.address ?? I2CAddress(0x44), interrupt: interrupt, reset: reset, clock: clock)
    }
}
