import PanelBench
import PanelCore
import PanelGraphics
import PanelPlatform
import PanelUI
import Testing

/// The screen reader: keys, touch and changes, heard as text through the transcript backend.
@MainActor
@Suite("Screen reader: the panel read aloud and operated without sight")
struct ScreenReaderTests {
    @MainActor
    final class Screen {
        let clock = ManualClock()
        let app: Application
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let speech = SpeechTranscript()
        let title = Label()
        let save = Button(frame: Rect(x: 20, y: 80, width: 120, height: 50))
        let volume = Slider(frame: Rect(x: 20, y: 160, width: 200, height: 40))
        let status = Label()
        var saves = 0

        init() {
            app = Application(clock: clock)
            title.frame = Rect(x: 20, y: 20, width: 200, height: 30)
            title.text = "Settings"
            save.setTitle("Save", for: .normal)
            save.addAction(
                .closure("save") { [unowned self] _, _ in
                    self.saves += 1
                    self.status.text = "Saved"
                }, for: .primaryActionTriggered)
            volume.setValue(0.5, animated: false)
            status.frame = Rect(x: 20, y: 220, width: 200, height: 30)
            status.text = "Ready"
            status.accessibilityIsLiveRegion = true
            for view in [title, save, volume, status] as [View] { window.addSubview(view) }
            app.addWindow(window)
            window.makeKeyAndVisible()
            app.speechOutput = speech
        }

        func enableReader() {
            app.isScreenReaderEnabled = true
            app.runOnce()
        }

        func press(_ type: PressType) { app.pressKey(type, on: clock) }

        func touch(_ contacts: [(UInt8, Point, TouchPhase)]) {
            app.handle(TouchFrame(timestamp: clock.now, contacts: contacts.map { Contact(trackID: $0.0, position: $0.1, phase: $0.2) }))
        }

        func tap(at point: Point) {
            touch([(0, point, .began)])
            clock.advance(by: .milliseconds(60))
            touch([(0, point, .ended)])
        }
    }

    @Test("switching the reader on says so and reads the first element in reading order at the end of the turn")
    func onReadsFirst() {
        let screen = Screen()
        screen.app.isScreenReaderEnabled = true
        #expect(screen.speech.spoken == ["Screen reader on"])
        screen.app.runOnce()
        #expect(screen.speech.spoken == ["Screen reader on", "Settings"])
        #expect(screen.app.screenReader?.focusedElement === screen.title)
        #expect(screen.title.isAccessibilityFocused)
    }

    @Test("right and left arrows move through the elements in reading order, speaking label, value and traits")
    func arrowsMove() {
        let screen = Screen()
        screen.enableReader()
        _ = screen.speech.drain()
        screen.press(.rightArrow)
        screen.press(.rightArrow)
        screen.press(.leftArrow)
        #expect(screen.speech.spoken == ["Save, button", "Slider, 50 %, adjustable", "Save, button"])
    }

    @Test("at the last element the reader stays and says so")
    func lastItem() {
        let screen = Screen()
        screen.enableReader()
        for _ in 0 ..< 4 { screen.press(.rightArrow) }
        #expect(screen.speech.last == "Last item")
        #expect(screen.app.screenReader?.focusedElement === screen.status)
    }

    @Test("select activates the element, and a live region's new text is spoken after the turn")
    func selectActivates() {
        let screen = Screen()
        screen.enableReader()
        screen.press(.rightArrow)
        _ = screen.speech.drain()
        screen.press(.select)
        #expect(screen.saves == 1)
        screen.app.runOnce()
        #expect(screen.speech.spoken == ["Saved"])
        #expect(screen.speech.entries.last?.mode == .queue)
    }

    @Test("up and down adjust an adjustable element and speak its new value")
    func upDownAdjust() {
        let screen = Screen()
        screen.enableReader()
        screen.press(.rightArrow)
        screen.press(.rightArrow)
        _ = screen.speech.drain()
        screen.press(.upArrow)
        #expect(screen.volume.value > 0.5)
        #expect(screen.speech.spoken.count == 1)
        #expect(screen.speech.last?.hasSuffix("%") == true)
        #expect(screen.speech.last != "50 %")
    }

    @Test("a resting finger speaks the element under it without activating it")
    func exploreByTouch() {
        let screen = Screen()
        screen.enableReader()
        _ = screen.speech.drain()
        screen.touch([(0, Point(x: 60, y: 100), .began)])
        screen.clock.advance(by: .milliseconds(200))
        screen.touch([(0, Point(x: 61, y: 100), .stationary)])
        screen.clock.advance(by: .milliseconds(100))
        screen.touch([(0, Point(x: 61, y: 100), .ended)])
        #expect(screen.speech.spoken == ["Save, button"])
        #expect(screen.saves == 0)
        #expect(!screen.save.isHighlighted)
    }

    @Test("a double tap anywhere activates the element last spoken")
    func doubleTapActivates() {
        let screen = Screen()
        screen.enableReader()
        screen.press(.rightArrow)  // on Save
        screen.tap(at: Point(x: 300, y: 280))
        screen.clock.advance(by: .milliseconds(100))
        screen.tap(at: Point(x: 300, y: 280))
        #expect(screen.saves == 1)
        #expect(screen.app.screenReader?.focusedElement === screen.save)
    }

    @Test("a lone tap speaks the element it landed on once no second tap follows")
    func singleTapSpeaks() {
        let screen = Screen()
        screen.enableReader()
        _ = screen.speech.drain()
        screen.tap(at: Point(x: 60, y: 30))
        #expect(screen.speech.spoken.isEmpty)
        screen.clock.advance(by: .milliseconds(400))
        screen.app.fireDueTimers()
        #expect(screen.speech.spoken == ["Settings"])
        #expect(screen.saves == 0)
    }

    @Test("a two-finger tap stops speech")
    func twoFingerTapStops() {
        let screen = Screen()
        screen.enableReader()
        let stops = screen.speech.stopCount
        screen.touch([(0, Point(x: 100, y: 100), .began), (1, Point(x: 150, y: 100), .began)])
        screen.clock.advance(by: .milliseconds(80))
        screen.touch([(0, Point(x: 100, y: 100), .ended), (1, Point(x: 150, y: 100), .ended)])
        #expect(screen.speech.stopCount == stops + 1)
    }

    @Test("three presses of back in 1.5 s switch the reader on, and three more switch it off")
    func shortcutToggles() {
        let screen = Screen()
        for _ in 0 ..< 3 { screen.press(.menu) }
        #expect(screen.app.isScreenReaderEnabled)
        for _ in 0 ..< 3 { screen.press(.menu) }
        #expect(!screen.app.isScreenReaderEnabled)
        #expect(screen.speech.last == "Screen reader off")
        #expect(!screen.title.isAccessibilityFocused)
    }

    @Test("a finger down when the reader switches on is cancelled once, and its lift reaches no view")
    func touchInProgressCancelled() {
        let screen = Screen()
        screen.touch([(0, Point(x: 60, y: 100), .began)])
        #expect(screen.save.isHighlighted)
        screen.enableReader()
        #expect(!screen.save.isHighlighted)
        screen.touch([(0, Point(x: 60, y: 100), .ended)])
        #expect(screen.saves == 0)
    }

    @Test("an announcement is queued after what is being said, and a screen change reads its first element")
    func notifications() {
        let screen = Screen()
        screen.enableReader()
        _ = screen.speech.drain()
        screen.app.postAccessibilityNotification(.announcement("Door unlocked"))
        screen.app.postAccessibilityNotification(.screenChanged(focus: nil))
        screen.app.postAccessibilityNotification(.screenChanged(focus: nil))
        screen.app.runOnce()
        #expect(screen.speech.spoken == ["Door unlocked", "Settings"])
        #expect(screen.speech.entries.map(\.mode) == [.queue, .queue])
    }

    @Test("text typed into a field is spoken character by character")
    func typingSpoken() {
        let screen = Screen()
        let field = TextField(frame: Rect(x: 240, y: 80, width: 140, height: 40))
        screen.window.addSubview(field)
        _ = field.becomeFirstResponder()
        screen.enableReader()
        _ = screen.speech.drain()
        screen.app.handle(.text("4", timestamp: screen.clock.now))
        screen.app.handle(.deleteBackward(timestamp: screen.clock.now))
        #expect(field.text == "")
        #expect(screen.speech.spoken == ["4", "delete"])
    }

    @Test("select on a text field starts editing it, and then select is the field's Return")
    func selectEditsField() {
        let screen = Screen()
        let field = TextField(frame: Rect(x: 240, y: 20, width: 140, height: 40))
        var returns = 0
        field.addAction(.closure("return") { _, _ in returns += 1 }, for: .editingDidEndOnExit)
        screen.window.addSubview(field)
        screen.enableReader()
        screen.press(.rightArrow)  // Settings, then the field (to its right)
        #expect(screen.app.screenReader?.focusedElement === field)
        screen.press(.select)
        #expect(field.isEditing)
        screen.press(.select)
        #expect(returns == 1)
    }

    @Test("without the reader, posting notifications and live-region changes says nothing")
    func offSaysNothing() {
        let screen = Screen()
        screen.app.postAccessibilityNotification(.announcement("x"))
        screen.status.text = "Changed"
        screen.app.runOnce()
        #expect(screen.speech.spoken.isEmpty)
    }
}

@MainActor
@Suite("Screen reader: new screens and alerts are read")
struct ScreenReaderScreenTests {
    final class Page: ViewController {
        let heading: String
        init(_ heading: String) {
            self.heading = heading
            super.init()
            title = heading
        }
        override func viewDidLoad() {
            let label = Label()
            label.frame = Rect(x: 20, y: 80, width: 200, height: 30)
            label.text = "About \(heading)"
            view.addSubview(label)
        }
    }

    /// An app showing `root` with the reader on and what it said on switching on forgotten.
    private func readerApp(root: ViewController) -> (app: Application, window: Window, clock: ManualClock, speech: SpeechTranscript) {
        let clock = ManualClock()
        let app = Application(clock: clock)
        let speech = SpeechTranscript()
        app.speechOutput = speech
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.rootViewController = root
        app.addWindow(window)
        window.makeKeyAndVisible()
        app.runOnce()
        app.isScreenReaderEnabled = true
        app.runOnce()
        _ = speech.drain()
        return (app, window, clock, speech)
    }

    @Test("a pushed screen is read once, at the end of the turn, from its heading (the bar's title)")
    func pushRead() {
        let navigation = NavigationController(rootViewController: Page("Home"))
        let (app, _, _, speech) = readerApp(root: navigation)
        navigation.pushViewController(Page("Details"), animated: false)
        app.runOnce()
        #expect(speech.spoken == ["Details, heading"])
        #expect(app.screenReader?.focusedElement === navigation.navigationBar.titleLabel)
    }

    @Test("back in a pushed screen pops it, and back with nothing to go back to stops speech")
    func backPops() {
        let navigation = NavigationController(rootViewController: Page("Home"))
        let (app, _, clock, speech) = readerApp(root: navigation)
        navigation.pushViewController(Page("Details"), animated: false)
        app.runOnce()
        app.handle(.press(.menu, .began, timestamp: clock.now))
        app.handle(.press(.menu, .ended, timestamp: clock.now))
        for _ in 0 ..< 30 {
            clock.advance(by: .milliseconds(20))
            app.runOnce()
        }
        #expect(navigation.viewControllers.count == 1)
        let stops = speech.stopCount
        clock.advance(by: .milliseconds(2000))
        app.handle(.press(.menu, .began, timestamp: clock.now))
        app.handle(.press(.menu, .ended, timestamp: clock.now))
        #expect(speech.stopCount == stops + 1)
    }

    @Test("an alert is read, and reading stays inside it")
    func alertRead() {
        let (app, window, clock, speech) = readerApp(root: Page("Home"))
        let alert = AlertController(title: "Wrong code", message: "Try again")
        alert.addAction(AlertAction(title: "OK", style: .default))
        present(alert, in: window)
        for _ in 0 ..< 20 {
            clock.advance(by: .milliseconds(20))
            app.runOnce()
        }
        #expect(speech.spoken.first?.hasPrefix("Wrong code") == true, "\(speech.spoken)")
        let elements = app.screenReader?.elements ?? []
        #expect(!elements.isEmpty)
        #expect(
            elements.allSatisfy { element in
                var view: View? = element
                while let current = view, current !== alert.view { view = current.superview }
                return view === alert.view
            })
    }
}
