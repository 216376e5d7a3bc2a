import PanelBoards
import PanelControllers
import PanelCore
import Testing

@Suite("Board motion: the accelerometer")
struct BoardMotionTests {
    private func withMotion(_ motion: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"motion\": \(motion), \"model\"")
    }

    @Test("the chip, bus, address, interrupt line, range, rate and shake threshold are read")
    func motionRead() throws {
        let json = withMotion(
            "{\"chip\": \"lis3dh\", \"bus\": \"/dev/i2c-1\", \"reg\": \"0x19\", \"interrupt\": {\"chip\": \"gpiochip0\", \"line\": 24}, \"range-g\": 4, \"rate\": 200, \"shake-threshold-mg\": 1500}"
        )
        let motion = try #require(try Board(json: json, path: "x.json", name: "x", controllers: .standard).motion)
        #expect(motion.chip == .lis3dh && motion.bus == "/dev/i2c-1" && motion.address == I2CAddress(0x19))
        #expect(motion.interrupt == Board.Pin(chip: "gpiochip0", line: .offset(24)))
        #expect(motion.rangeG == 4 && motion.rate == 200 && motion.shakeThresholdMilliG == 1500)
    }

    @Test("an accelerometer without an interrupt line is an issue saying why PanelKit needs one")
    func noInterrupt() {
        let found = issues(withMotion("{\"chip\": \"lis3dh\", \"bus\": \"/dev/i2c-1\"}"))
        #expect(found.map(\.keyPath) == ["motion"])
        #expect(found.first?.fix.contains("INT1") == true)
    }

    @Test("an unknown chip, a range and a rate the chip lacks are issues listing what it has")
    func badChipRangeRate() {
        let found = issues(
            withMotion("{\"chip\": \"adxl345\", \"bus\": \"/dev/i2c-1\", \"interrupt\": {\"line\": 4}, \"range-g\": 3, \"rate\": 120}"))
        #expect(Set(found.map(\.keyPath)) == ["motion.chip", "motion.range-g", "motion.rate"])
    }
}
