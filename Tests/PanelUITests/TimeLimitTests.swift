import PanelBench
import PanelCore
import PanelPlatform
import PanelUI
import Testing

/// Time limits a person can extend, warned by voice and on screen before they run out.
@MainActor
@Suite("Time limits: warned in more than one way, and extendable")
struct TimeLimitTests {
    @MainActor
    final class Setup {
        let clock = ManualClock()
        let app: Application
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let speech = SpeechTranscript()
        var expired = 0

        init() {
            app = Application(clock: clock)
            app.addWindow(window)
            window.makeKeyAndVisible()
            app.speechOutput = speech
        }

        func limit(seconds: Int64 = 60, warning: Int64 = 20) -> TimeLimit {
            TimeLimit(application: app, duration: .milliseconds(seconds * 1000), warning: .milliseconds(warning * 1000)) { [unowned self] _ in
                self.expired += 1
            }
        }

        func advance(seconds: Double) {
            clock.advance(by: .milliseconds(Int64(seconds * 1000)))
            app.runOnce()
        }

        func tap() {
            app.handle(TouchFrame(timestamp: clock.now, contacts: [Contact(trackID: 0, position: Point(x: 5, y: 5), phase: .began)]))
            app.handle(TouchFrame(timestamp: clock.now, contacts: [Contact(trackID: 0, position: Point(x: 5, y: 5), phase: .ended)]))
        }
    }

    @Test("the warning is spoken and shown before the end, and the limit expires once")
    func warnsThenExpires() {
        let setup = Setup()
        let limit = setup.limit()
        limit.start()
        setup.advance(seconds: 39)
        #expect(!limit.isWarning)
        setup.advance(seconds: 2)
        #expect(limit.isWarning)
        #expect(setup.speech.last == limit.warningMessage)
        #expect(setup.window.subviews.contains { $0 is Alert })
        setup.advance(seconds: 20)
        #expect(setup.expired == 1)
        #expect(!limit.isRunning)
        setup.advance(seconds: 120)
        #expect(setup.expired == 1)
    }

    @Test("a touch during the warning gives the whole duration again, and says so")
    func touchExtends() {
        let setup = Setup()
        let limit = setup.limit()
        limit.start()
        setup.advance(seconds: 45)
        #expect(limit.isWarning)
        setup.tap()
        #expect(!limit.isWarning)
        #expect(limit.extensionCount == 1)
        #expect(setup.speech.last == "More time given")
        setup.advance(seconds: 59)
        #expect(setup.expired == 0)
        setup.advance(seconds: 25)
        #expect(setup.expired == 1)
    }

    @Test("input before the warning starts the count again, unless the limit does not reset on activity")
    func activityResets() {
        let setup = Setup()
        let limit = setup.limit()
        limit.start()
        setup.advance(seconds: 30)
        setup.tap()
        setup.advance(seconds: 30)
        #expect(!limit.isWarning)
        setup.advance(seconds: 11)
        #expect(limit.isWarning)

        let fixed = setup.limit()
        fixed.resetsOnActivity = false
        fixed.start()
        setup.advance(seconds: 30)
        setup.tap()  // extends the first limit, which was warning; the fixed one keeps counting
        setup.advance(seconds: 11)
        #expect(fixed.isWarning)
    }

    @Test("a key press during the warning extends the limit, and the app's own warning replaces the alert")
    func keyExtendsAndOwnWarning() {
        let setup = Setup()
        let limit = setup.limit()
        var shown = 0
        limit.onWarning = { _ in shown += 1 }
        limit.start()
        setup.advance(seconds: 41)
        #expect(shown == 1)
        #expect(!setup.window.subviews.contains { $0 is Alert })
        setup.app.handle(.press(.select, .began, timestamp: setup.clock.now))
        setup.app.handle(.press(.select, .ended, timestamp: setup.clock.now))
        #expect(limit.extensionCount == 1)
    }

    @Test("a cancelled limit neither warns nor expires, and an absurd warning is held to half the duration")
    func cancelAndClamp() {
        let setup = Setup()
        let limit = setup.limit(seconds: 10, warning: 1_000_000)
        #expect(limit.warningLead == .milliseconds(5_000))
        limit.start()
        limit.cancel()
        setup.advance(seconds: 60)
        #expect(setup.expired == 0)
        #expect(setup.speech.spoken.isEmpty)
    }
}
