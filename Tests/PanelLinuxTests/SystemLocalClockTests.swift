#if os(Linux)
import PanelPlatform
import Testing
import PanelCore
import PanelLinux

@Suite("The system's local clock")
struct SystemLocalClockTests {
    @Test("the wait until a time of day agrees with the time of day now, to the second or a daylight-saving hour")
    func waitAgreesWithTimeOfDay() {
        let clock = SystemLocalClock()
        for target in [TimeOfDay(hour: 0, minute: 0)!, TimeOfDay(hour: 7, minute: 30)!, TimeOfDay(hour: 22, minute: 0)!] {
            let plain = Double(clock.timeOfDay().seconds(until: target))
            let wait = clock.duration(until: target).seconds
            #expect(wait > 0 && wait <= 90_000)
            #expect([0.0, 3600, -3600].contains { abs(wait - plain + $0) <= 1.5 }, "\(target): \(wait) s against \(plain) s")
        }
    }
}
#endif
