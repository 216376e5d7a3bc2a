import PanelBoards
import PanelCore
import Testing

@Suite("Board power: the backlight and the idle policy")
struct BoardPowerTests {
    private func withPower(_ power: String) -> String {
        minimal.replacing("{\"model\"", with: "{\"power\": \(power), \"model\"")
    }

    @Test("the backlight, dim and blank times, dim level and swallowing are read")
    func powerRead() throws {
        let json = withPower(
            "{\"backlight\": \"auto\", \"dim-after\": 60, \"blank-after\": 300, \"dim-percent\": 10, \"swallow-wake-input\": false}")
        let power = try Board(json: json, path: "x.json", name: "x").power
        #expect(power.backlight == .automatic)
        #expect(power.dimAfterSeconds == 60 && power.blankAfterSeconds == 300 && power.dimPercent == 10 && !power.swallowWakeInput)
    }

    @Test("a board without power never dims")
    func noPower() throws {
        #expect(!(try Board(json: minimal, path: "x.json", name: "x").power.isIdlePolicySet))
    }

    @Test("blanking before dimming is an issue with the fix")
    func blankBeforeDim() {
        let found = issues(withPower("{\"dim-after\": 60, \"blank-after\": 30}"))
        #expect(found.map(\.keyPath) == ["power.blank-after"])
    }

    @Test("a backlight that is not under /sys and a dim level over 100 % are issues")
    func badBacklightAndLevel() {
        let found = issues(withPower("{\"backlight\": \"/dev/backlight\", \"dim-percent\": 150}"))
        #expect(Set(found.map(\.keyPath)) == ["power.backlight", "power.dim-percent"])
    }
}
