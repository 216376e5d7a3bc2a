public import PanelPlatform

/// VoiceOver's behaviour for a kiosk: the panel read aloud and operated without sight.
///
/// While a reader is on (``Application/screenReader``), it moves its own cursor through the key
/// window's elements in reading order (``Window/accessibilityReadingOrder()``) and speaks each
/// one it reaches: label, value, traits and hint, in the element's language. The element is
/// outlined on screen for a sighted helper.
///
/// **Keys** (arrows, select and back, as on an accessible terminal's tactile keypad): right
/// and down move to the next element, left and up to the previous one; on an adjustable
/// element up and down raise and lower its value. Select activates the element. Back (menu)
/// goes back (``View/accessibilityPerformEscape()``: a navigation stack pops, an alert cancels),
/// else stops speech. A rotary encoder moves one element per detent.
///
/// **Touch**: a finger that rests or moves speaks the element under it without activating it
/// (explore by touch); a lone tap speaks the element under it once it is clear no second tap
/// follows; a double tap anywhere activates the element last spoken; a two-finger tap stops
/// speech. Touches do not reach the app's views while the reader is on.
///
/// **Changes**: text typed is spoken as it is typed; an announcement is spoken after what is
/// being said. A new screen (a controller's view appearing: a push, a pop, a tab, a sheet, an
/// alert) and a live region's new value (``View/accessibilityIsLiveRegion``) are spoken at the
/// end of the run loop's turn, once the app has made all of its changes.
@MainActor
public final class ScreenReader {
    /// The voice.
    public let speech: any SpeechOutput
    /// Whether hints are spoken after an element's description. Default true.
    public var speaksHints = true
    /// The element the reader is on: the last one spoken.
    public private(set) var focusedElement: View? {
        didSet {
            guard focusedElement !== oldValue else { return }
            oldValue?.isAccessibilityFocused = false
            focusedElement?.isAccessibilityFocused = true
        }
    }

    unowned(unsafe) let application: Application
    var exploration = TouchExploration()
    var pendingLiveRegions: [View] = []
    var pendingScreenChange = false
    var pendingScreenFocus: View?

    init(application: Application, speech: any SpeechOutput) {
        self.application = application
        self.speech = speech
    }

    /// The key window's elements in reading order.
    public var elements: [View] { application.keyWindow?.accessibilityReadingOrder() ?? [] }

    /// Moves to `element` and speaks it, cutting off what was being said (or after it, with
    /// `SpeechMode.queue`); nil leaves the element.
    public func focus(_ element: View?, mode: SpeechMode = .interrupt) {
        focusedElement = element
        guard let element else { return }
        speech.speak(description(of: element), language: element.accessibilityLanguage, mode: mode)
    }

    /// Moves to the next (or previous) element in reading order and speaks it; at either end
    /// it stays and says so. Returns whether it moved.
    @discardableResult
    public func move(by step: Int) -> Bool {
        let order = elements
        guard !order.isEmpty else {
            speech.speak("Nothing to read", mode: .interrupt)
            return false
        }
        guard let current = focusedElement, let index = order.firstIndex(where: { $0 === current }) else {
            focus(step >= 0 ? order[0] : order[order.count - 1])
            return true
        }
        let target = index + step
        guard order.indices.contains(target) else {
            speech.speak(step > 0 ? "Last item" : "First item", mode: .interrupt)
            return false
        }
        focus(order[target])
        return true
    }

    /// Activates the element the reader is on (select, or a double tap). A control performs
    /// its primary action; another element that does not handle activation gets a tap at its
    /// centre, as VoiceOver does.
    public func activate() {
        guard let element = focusedElement, element.window != nil else {
            speech.speak("Nothing selected", mode: .interrupt)
            return
        }
        if element.accessibilityTraits.contains(.notEnabled) {
            speech.speak("Dimmed", mode: .interrupt)
            return
        }
        let before = element.accessibilityValue
        if !element.accessibilityActivate() {
            application.tapForAccessibility(element)
        }
        // A value that changed is said (a switch: "on"); a button's effect speaks for itself.
        if element.window != nil, let after = element.accessibilityValue, after != before {
            speech.speak(after, language: element.accessibilityLanguage, mode: .interrupt)
        }
    }

    /// Raises (or lowers) the adjustable element's value and speaks the new value.
    public func adjust(by step: Int) {
        guard let element = focusedElement, element.accessibilityTraits.contains(.adjustable) else { return }
        if step > 0 { element.accessibilityIncrement() } else { element.accessibilityDecrement() }
        if let value = element.accessibilityValue {
            speech.speak(value, language: element.accessibilityLanguage, mode: .interrupt)
        }
    }

    /// What is said on reaching `element`.
    public func description(of element: View) -> String {
        guard !speaksHints, let hint = element.accessibilityHint, !hint.isEmpty else { return element.accessibilitySpokenDescription }
        let full = element.accessibilitySpokenDescription
        return full.hasSuffix(", " + hint) ? String(full.dropLast(hint.count + 2)) : full
    }

    // MARK: - Keys

    /// A press: returns whether the reader took it (it takes arrows, select and back).
    func handlePress(_ type: PressType, phase: PressPhase) -> Bool {
        switch type {
        case .upArrow, .downArrow, .leftArrow, .rightArrow, .select, .menu: break
        default: return false
        }
        guard phase == .began else { return true }
        switch type {
        case .rightArrow: move(by: 1)
        case .leftArrow: move(by: -1)
        case .downArrow:
            if focusedElement?.accessibilityTraits.contains(.adjustable) == true { adjust(by: -1) } else { move(by: 1) }
        case .upArrow:
            if focusedElement?.accessibilityTraits.contains(.adjustable) == true { adjust(by: 1) } else { move(by: -1) }
        case .select: activate()
        case .menu:
            // Back: the nearest view that can go back does (a stack pops, an alert cancels);
            // with none, speech stops.
            var view = focusedElement
            while let current = view {
                if current.accessibilityPerformEscape() { return true }
                view = current.superview
            }
            speech.stopSpeaking()
        default: break
        }
        return true
    }

    /// Typing into a text field: each character is spoken as it is typed.
    func didType(_ text: String) {
        let spoken = text == "\n" ? "return" : text == " " ? "space" : text
        speech.speak(spoken, language: focusedElement?.accessibilityLanguage, mode: .interrupt)
    }

    /// A character deleted.
    func didDeleteBackward() { speech.speak("delete", mode: .interrupt) }

    // MARK: - Changes

    func handle(_ notification: AccessibilityNotification) {
        switch notification {
        case .screenChanged(let element):
            // Read once the turn's changes are made: a push makes several controllers appear.
            pendingScreenChange = true
            if let element { pendingScreenFocus = element }
        case .layoutChanged(let element):
            if let element {
                focus(element)
            } else if let current = focusedElement, !elements.contains(where: { $0 === current }) {
                focusedElement = nil
            }
        case .announcement(let text):
            speech.speak(text, mode: .queue)
        }
    }

    /// A live region changed: it is spoken at the end of the turn (``flushLiveRegions()``), once
    /// the app has made all of the turn's changes (its label, its value).
    func liveRegionChanged(_ view: View) {
        if !pendingLiveRegions.contains(where: { $0 === view }) { pendingLiveRegions.append(view) }
    }

    /// Reads the new screen, if one came this turn (its given element, else its first), then
    /// the live regions that changed, each after what is being said.
    func flushPending() {
        if pendingScreenChange {
            pendingScreenChange = false
            let requested = pendingScreenFocus
            pendingScreenFocus = nil
            focusedElement = nil
            // The element asked for, else the screen's first heading (a navigation bar's
            // title), else its first element: where VoiceOver lands on a new screen.
            let order = elements
            let landing = requested?.window === application.keyWindow ? requested : order.first { $0.accessibilityTraits.contains(.header) } ?? order.first
            if let landing { focus(landing, mode: .queue) }
        }
        guard !pendingLiveRegions.isEmpty else { return }
        let changed = pendingLiveRegions
        pendingLiveRegions.removeAll()
        for view in changed where view.window != nil && view.window === application.keyWindow {
            let text = view.accessibilitySpokenDescription
            if !text.isEmpty { speech.speak(text, language: view.accessibilityLanguage, mode: .queue) }
        }
    }

    /// The reader is switched off: the outline goes and speech stops.
    func detach() {
        focusedElement = nil
        pendingLiveRegions.removeAll()
        pendingScreenChange = false
        pendingScreenFocus = nil
        exploration = TouchExploration()
        speech.stopSpeaking()
    }
}
