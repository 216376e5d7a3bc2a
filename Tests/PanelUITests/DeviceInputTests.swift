import PanelBench
import PanelCore
import PanelUI
import Testing

/// A first responder that logs presses (with the object's identity) and shakes.
@MainActor
final class PressLog: View {
    var entries: [String] = []
    var objects: [ObjectIdentifier] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { note("began", presses) }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { note("ended", presses) }
    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { note("cancelled", presses) }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { entries.append("shake began") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { entries.append("shake ended") }
    override func remoteControlReceived(with event: Event?) { entries.append("remote \(event?.subtype ?? .none)") }
    private func note(_ phase: String, _ presses: Set<Press>) {
        for press in presses {
            entries.append("\(press.type) \(phase)")
            objects.append(ObjectIdentifier(press))
        }
    }
}

@Suite("Device input: a platform's presses and shakes become UIKit's press and motion events")
@MainActor
struct DeviceInputTests {
    func setUp() -> (Application, PressLog) {
        let app = Application(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let log = PressLog(frame: window.bounds)
        window.addSubview(log)
        _ = log.becomeFirstResponder()
        return (app, log)
    }

    @Test("a press that begins and ends reaches the first responder as one Press object")
    func pressBeginsAndEndsAsOneObject() {
        let (app, log) = setUp()
        app.handle(.press(.select, .began, timestamp: .zero))
        app.handle(.press(.select, .ended, timestamp: .zero))
        #expect(log.entries == ["select began", "select ended"])
        #expect(log.objects.count == 2 && log.objects[0] == log.objects[1])
    }

    @Test("a press that is already down does not begin again")
    func repeatedBeganIsIgnored() {
        let (app, log) = setUp()
        app.handle(.press(.upArrow, .began, timestamp: .zero))
        app.handle(.press(.upArrow, .began, timestamp: .zero))
        #expect(log.entries == ["upArrow began"])
    }

    @Test("an end without a beginning is dropped")
    func endWithoutBeginningIsDropped() {
        let (app, log) = setUp()
        app.handle(.press(.menu, .ended, timestamp: .zero))
        #expect(log.entries.isEmpty)
    }

    @Test("cancelAllPresses cancels every press that is down, once")
    func cancelAllPressesCancelsOnce() {
        let (app, log) = setUp()
        app.handle(.press(.leftArrow, .began, timestamp: .zero))
        app.cancelAllPresses(at: .zero)
        app.cancelAllPresses(at: .zero)
        #expect(log.entries == ["leftArrow began", "leftArrow cancelled"])
    }

    @Test("a key-code press reaches the first responder with its code, and is cancelled with the rest")
    func keyCodePress() {
        let (app, log) = setUp()
        app.handle(.press(.key(59), .began, timestamp: .zero))
        app.handle(.press(.key(60), .began, timestamp: .zero))
        app.handle(.press(.key(59), .ended, timestamp: .zero))
        app.cancelAllPresses(at: .zero)
        #expect(log.entries == ["key 59 began", "key 60 began", "key 59 ended", "key 60 cancelled"])
    }

    @Test("a shake becomes motion events to the first responder")
    func shakeBecomesMotion() {
        let (app, log) = setUp()
        app.handle(.shake(.began, timestamp: .zero))
        app.handle(.shake(.ended, timestamp: .zero))
        #expect(log.entries == ["shake began", "shake ended"])
    }

    @Test("a remote-control command reaches the first responder's remoteControlReceived with UIKit's subtype")
    func remoteControlReachesFirstResponder() {
        let (app, log) = setUp()
        app.handle(.remoteControl(.togglePlayPause, timestamp: .zero))
        app.handle(.remoteControl(.beginSeekingForward, timestamp: .zero))
        #expect(log.entries == ["remote remoteControlTogglePlayPause", "remote remoteControlBeginSeekingForward"])
    }
}
