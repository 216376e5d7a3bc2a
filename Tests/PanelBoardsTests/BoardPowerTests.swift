import PanelBoards
import PanelControllers
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
        let power = try Board(json: json, path: "x.json", name: "x", controllers: .standard).power
        #expect(power.backlight == .automatic)
        #expect(power.dimAfterSeconds == 60 && power.blankAfterSeconds == 300 && power.dimPercent == 10 && !power.swallowWakeInput)
    }

    @Test("a board without power never dims")
    func noPower() throws {
        #expect(!(try Board(json: minimal, path: "x.json", name: "x", controllers: .standard).power.isIdlePolicySet))
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

    @Test("off hours and their wake time are read, and alone make an idle policy")
    func offHoursRead() throws {
        let power = try Board(json: withPower("{\"off-hours\": \"22:00-07:30\", \"off-hours-wake\": 30}"), path: "x.json", name: "x", controllers: .standard)
            .power
        #expect(power.offHours == DailySchedule(from: TimeOfDay(hour: 22, minute: 0)!, to: TimeOfDay(hour: 7, minute: 30)!))
        #expect(power.offHoursWakeSeconds == 30)
        #expect(power.isIdlePolicySet)
    }

    @Test("off hours that are not two different 24-hour times are an issue naming the format")
    func badOffHours() {
        for text in ["22:00", "25:00-07:00", "22:00-22:00", "10pm-7am", "22:00-07:00-08:00"] {
            let found = issues(withPower("{\"off-hours\": \"\(text)\"}"))
            #expect(found.map(\.keyPath) == ["power.off-hours"], "\(text)")
            #expect(found.first?.fix.contains("HH:MM-HH:MM") == true)
        }
    }
}
