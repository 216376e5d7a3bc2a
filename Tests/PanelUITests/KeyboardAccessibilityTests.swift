import PanelBench
import PanelCore
import PanelPlatform
import PanelUI
import Testing

/// The on-screen keyboard with a screen reader: keys as elements, spoken and typed without sight.
@MainActor
@Suite("On-screen keyboard for a screen reader: each key an element, typed by select")
struct KeyboardAccessibilityTests {
    @MainActor
    final class Screen {
        let clock = ManualClock()
        let app: Application
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let speech = SpeechTranscript()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))

        init() {
            app = Application(clock: clock)
            field.placeholder = "Name"
            window.addSubview(field)
            app.addWindow(window)
            window.makeKeyAndVisible()
            app.speechOutput = speech
            _ = field.becomeFirstResponder()
            settle()
        }

        func settle() {
            for _ in 0 ..< 30 {
                clock.advance(by: .milliseconds(16))
                app.runOnce()
            }
        }

        func enableReader() {
            app.isScreenReaderEnabled = true
            app.runOnce()
        }

        func press(_ type: PressType) {
            app.pressKey(type, on: clock)
            app.runOnce()
        }

        var keyLabels: [String] {
            window.accessibilityReadingOrder().filter { $0.accessibilityTraits.contains(.keyboardKey) }.compactMap(\.accessibilityLabel)
        }
    }

    @Test("with the reader off the keyboard adds no elements; with it on, every key is one, in rows, named by what it types")
    func keysAreElements() throws {
        let screen = Screen()
        let keyboard = try #require(screen.window.keyboard)
        #expect(screen.keyLabels.isEmpty)
        screen.enableReader()
        #expect(screen.keyLabels.count == keyboard.keyTitles.count)
        #expect(Array(screen.keyLabels.prefix(3)) == ["q", "w", "e"])
        #expect(screen.keyLabels.contains("shift") && screen.keyLabels.contains("delete") && screen.keyLabels.contains("space"))
        screen.app.isScreenReaderEnabled = false
        #expect(screen.keyLabels.isEmpty)
    }

    @Test("select on a key the reader is on types it and speaks it, instead of being the field's Return")
    func selectTypesKey() throws {
        let screen = Screen()
        screen.enableReader()
        let reader = try #require(screen.app.screenReader)
        let q = try #require(screen.window.accessibilityReadingOrder().first { $0.accessibilityLabel == "q" })
        reader.focus(q)
        _ = screen.speech.drain()
        screen.press(.select)
        #expect(screen.field.text == "q")
        #expect(screen.speech.spoken == ["q"])
        #expect(screen.field.isEditing)
    }

    @Test("a finger exploring the keyboard speaks the key under it without typing it")
    func exploreSpeaksKey() throws {
        let screen = Screen()
        screen.enableReader()
        let keyboard = try #require(screen.window.keyboard)
        let frame = try #require(keyboard.frame(ofKey: "w"))
        let point = keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil)
        _ = screen.speech.drain()
        screen.app.handle(TouchFrame(timestamp: screen.clock.now, contacts: [Contact(trackID: 1, position: point, phase: .began)]))
        screen.clock.advance(by: .milliseconds(200))
        screen.app.handle(TouchFrame(timestamp: screen.clock.now, contacts: [Contact(trackID: 1, position: point, phase: .stationary)]))
        screen.app.runOnce()
        #expect(screen.speech.spoken.first == "w, key")
        #expect(screen.field.text == "")
        screen.app.handle(TouchFrame(timestamp: screen.clock.now, contacts: [Contact(trackID: 1, position: point, phase: .cancelled)]))
    }
}
