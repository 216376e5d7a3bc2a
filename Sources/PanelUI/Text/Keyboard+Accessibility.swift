import PanelCore

/// The on-screen keyboard for a screen reader: while the reader is on, each key is an element
/// of its own (a subview that takes no touches), so the reader's arrows and a finger exploring
/// the keyboard speak each key ("q", "shift", "delete", "return"), and select or a double tap
/// types it, through a tap at its centre as a finger's would. With the reader off there are no
/// such views: the keyboard costs nothing more.
extension Keyboard {
    /// Makes, moves or removes the keys' elements to match the page shown and the reader.
    func updateKeyElements() {
        let wanted = window?.application?.isScreenReaderEnabled == true ? keys.count : 0
        // With no reader then or now, nothing to do (and no overrides made for the keyboard).
        guard wanted > 0 || !keyElements.isEmpty else { return }
        while keyElements.count > wanted { keyElements.removeLast().removeFromSuperview() }
        while keyElements.count < wanted {
            let element = KeyboardKeyElement(keyboard: self, index: keyElements.count)
            keyElements.append(element)
            insertSubview(element, at: 0)
        }
        for element in keyElements { element.frame = keys[element.index].frame }
        // Read as one block where the keyboard stands, row by row, not mixed with the views it
        // covers (a tab bar under it).
        accessibilityElements = keyElements.isEmpty ? nil : keyElements
    }

    /// What the reader says for the key at `index`: its character as typed now (upper case
    /// while shifted), or its function.
    func accessibilityDescription(ofKey index: Int) -> AccessibilityDescription {
        guard keys.indices.contains(index) else { return AccessibilityDescription() }
        let key = keys[index]
        var traits: AccessibilityTraits = .keyboardKey
        let label: String
        switch key.kind {
        case .character(let text): label = shift == .off ? text : key.shiftedText
        case .shift:
            label = shift == .locked ? "caps lock" : "shift"
            if shift != .off { traits.insert(.selected) }
        case .backspace: label = "delete"
        case .space: label = "space"
        case .returnKey: label = key.title.isEmpty ? "return" : key.title
        case .page: label = key.title
        }
        return AccessibilityDescription(isElement: true, label: label, traits: traits)
    }
}

/// One key of the on-screen keyboard, as a screen reader's element.
final class KeyboardKeyElement: View {
    private unowned let keyboard: Keyboard
    let index: Int

    init(keyboard: Keyboard, index: Int) {
        self.keyboard = keyboard
        self.index = index
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    override var accessibilityDefaults: AccessibilityDescription {
        keyboard.accessibilityDescription(ofKey: index)
    }
}
