import PanelBench
import PanelCore
import PanelPlatform
import PanelUI
import Testing

extension IdleBench {
    /// Off hours 22:00-07:00 with a one-minute wake, nothing else; the local clock at `start`.
    convenience init(offHoursFrom start: String) {
        self.init(policy: IdlePolicy(offHours: DailySchedule(parsing: "22:00-07:00")), localStart: start)
    }
}

@Suite("Off hours: the screen is blanked for a daily period on the local clock")
@MainActor
struct OffHoursTests {
    @Test("off hours blank the screen at their start, however recent the last touch")
    func blankAtStart() {
        let b = IdleBench(offHoursFrom: "21:59:50")
        b.wait(seconds: 5)
        b.tap()
        #expect(b.taps == 1)
        b.wait(seconds: 5)
        #expect(b.app.screenState == .blanked)
        #expect(b.screen.states == [.blanked])
    }

    @Test("an app started in off hours starts blanked")
    func startsBlanked() {
        let b = IdleBench(offHoursFrom: "03:00")
        #expect(b.app.screenState == .blanked)
        #expect(b.screen.states == [.blanked])
    }

    @Test("a touch in off hours lights the screen and is swallowed")
    func touchWakes() {
        let b = IdleBench(offHoursFrom: "03:00")
        b.tap()
        #expect(b.app.screenState == .on)
        #expect(b.taps == 0)
    }

    @Test("a screen woken in off hours blanks again after the off-hours wake time without input")
    func wakeTimesOut() {
        let b = IdleBench(offHoursFrom: "03:00")
        b.tap()
        b.wait(seconds: 59)
        #expect(b.app.screenState == .on)
        b.wait(seconds: 1)
        #expect(b.app.screenState == .blanked)
    }

    @Test("the end of off hours lights the screen")
    func lightsAtEnd() {
        let b = IdleBench(offHoursFrom: "06:59:50")
        b.wait(seconds: 10)
        #expect(b.app.screenState == .on)
        #expect(b.screen.states == [.blanked, .on])
    }

    @Test("outside off hours the only timer is their start")
    func timerAtStart() {
        let b = IdleBench(offHoursFrom: "21:00")
        #expect(b.app.nextTimerDeadline == b.clock.now + .milliseconds(3_600_000))
    }

    @Test("a blanked screen in off hours keeps one timer, for their end")
    func timerAtEnd() {
        let b = IdleBench(offHoursFrom: "03:00")
        #expect(b.app.nextTimerDeadline == b.clock.now + .milliseconds(4 * 3_600_000))
    }

    @Test("a wall clock set into off hours blanks the screen when the platform says the clock changed")
    func clockSet() {
        let b = IdleBench(offHoursFrom: "12:00")
        b.local.set(TimeOfDay(hour: 23, minute: 0)!)
        b.app.wallClockDidChange()
        #expect(b.app.screenState == .blanked)
    }
}
