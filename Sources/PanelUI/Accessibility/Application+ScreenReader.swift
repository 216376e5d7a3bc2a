import PanelCore
import PanelPlatform

/// Switching the screen reader, and the input it takes while on.
extension Application {
    /// Whether the screen reader is on. Switching it on cancels the touches and presses in
    /// progress (every one ends exactly once), says "Screen reader on" and, at the end of the
    /// run loop's turn, reads the key window's heading or first element; switching it off says
    /// so and removes the outline.
    public var isScreenReaderEnabled: Bool {
        get { screenReader != nil }
        set {
            guard newValue != (screenReader != nil) else { return }
            cancelAllTouches()
            cancelAllPresses(at: clock.now)
            defer {
                for window in windows { window.keyboard?.updateKeyElements() }
                idleMonitor?.screenReaderDidChange()
            }
            if newValue {
                let reader = ScreenReader(application: self, speech: speechOutput ?? SpeechTranscript())
                screenReader = reader
                reader.speech.speak("Screen reader on", mode: .interrupt)
                // The screen is read at the end of the turn, once (its first appearance, if it
                // is just coming on, is the same screen change).
                reader.handle(.screenChanged(focus: nil))
            } else if let reader = screenReader {
                screenReader = nil
                reader.detach()
                reader.speech.speak("Screen reader off", mode: .interrupt)
            }
        }
    }

    /// Counts presses of back for the shortcut; returns true when this one completed it.
    func noteMenuPressForShortcut(at time: MonotonicInstant) -> Bool {
        guard screenReaderShortcutEnabled else { return false }
        accessibilityState.menuPressTimes.removeAll { time - $0 > .milliseconds(1500) || $0 > time }
        accessibilityState.menuPressTimes.append(time)
        guard accessibilityState.menuPressTimes.count >= 3 else { return false }
        accessibilityState.menuPressTimes.removeAll()
        isScreenReaderEnabled.toggle()
        return true
    }

    /// Input arrived: each running time limit extends (when warning) or starts its count again.
    func noteActivityForTimeLimits() {
        for limit in accessibilityState.timeLimits { limit.noteActivity() }
    }

    /// A tap at the centre of `view`, through the dispatcher as a finger's would be: how the
    /// reader activates an element that does not handle ``View/accessibilityActivate()``.
    func tapForAccessibility(_ view: View) {
        let center = view.convertToScreen(Point(x: view.bounds.midX, y: view.bounds.midY))
        let now = clock.now
        touchDispatcher.handle(TouchFrame(timestamp: now, contacts: [Contact(trackID: 9, position: center, phase: .began)]))
        touchDispatcher.handle(TouchFrame(timestamp: now, contacts: [Contact(trackID: 9, position: center, phase: .ended)]))
    }
}
