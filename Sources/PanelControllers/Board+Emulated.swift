public import PanelBoards
import PanelCore

extension Board {
    /// The board's bench twin, for running its screen without its hardware (`--headless`):
    /// the same panel (size, format, rotation) in memory, and its controller emulated on the
    /// mock bus: the same chip and interrupt/reset wiring for an I2C board; a FocalTech FT5x06
    /// covering the panel for an evdev board, whose chip the kernel drives. The calibration is
    /// kept (the emulated glass reports raw numbers, as the real one would). A mock board is
    /// its own twin.
    public func emulated() -> Board {
        guard !isMock else { return self }
        var twin = self
        twin.display.device = .memory
        var touch = self.touch
        touch.bus = .mock
        touch.device = nil
        touch.deviceNames = []
        touch.grab = false
        if touch.driver == .evdev {
            touch.compatible = "edt,edt-ft5406"
            touch.driver = FocalTechController.model.driver
            touch.address = FocalTechController.model.defaultAddress
            touch.sizeX = display.width
            touch.sizeY = display.height
            touch.invertedX = false
            touch.invertedY = false
            touch.swappedXY = false
            touch.interrupt = nil
            touch.reset = nil
            touch.maxContacts = min(touch.maxContacts ?? 5, 5)
        } else {
            touch.interrupt = touch.interrupt.map { Pin(chip: "mock", line: .offset(0), activeLow: $0.activeLow, bias: $0.bias) }
            touch.reset = touch.reset.map { Pin(chip: "mock", line: .offset(1), activeLow: $0.activeLow, bias: $0.bias) }
        }
        twin.touch = touch
        return twin
    }
}
