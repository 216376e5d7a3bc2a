public import PanelPlatform

/// Input that is not a touch, from the platform (keys, GPIO buttons, a shake), turned into
/// UIKit's press and motion events.
extension Application {
    /// Delivers a platform's press or shake: a press that begins makes a ``Press`` sent with
    /// `pressesBegan`; its end or cancellation sends the same object with `pressesEnded` or
    /// `pressesCancelled`. A button that is already down does not begin again (a key's
    /// auto-repeat), and an end without a beginning (a key held when the app started) is
    /// dropped, so every press that began ends or is cancelled exactly once. A shake becomes a
    /// motion event to the first responder.
    ///
    /// Typing goes to the key window's first responder when it takes text (``KeyInput``) and is
    /// dropped otherwise. While such a responder is first, the select press (a keyboard's
    /// Return) types a line break instead of pressing, and play/pause (its Space bar) is left to
    /// the space it types. A remote-control command goes to the first responder's
    /// `remoteControlReceived(with:)` and up the chain.
    public func handle(_ input: DeviceInput) {
        // Input that wakes a dimmed or blanked screen does nothing else. Ends pass: a press
        // that began while the screen was on still ends once (one that was swallowed has no
        // press begun, so its end is dropped below).
        if let idleMonitor, idleMonitor.noteInput(), idleMonitor.policy.swallowsWakeInput, input.begins {
            return
        }
        if !accessibilityState.timeLimits.isEmpty, input.begins { noteActivityForTimeLimits() }
        if case .press(.menu, .began, let timestamp) = input, noteMenuPressForShortcut(at: timestamp) { return }
        if let screenReader {
            switch input {
            // Select in a field being typed into is its Return, not the reader's select, unless
            // the reader is on a key of the on-screen keyboard: then select types that key.
            case .press(let type, let phase, _)
            where !(type == .select && textInput != nil && screenReader.focusedElement?.accessibilityTraits.contains(.keyboardKey) != true)
                && screenReader.handlePress(type, phase: phase):
                return
            case .rotation(let detents, _):
                screenReader.move(by: detents)
                return
            default:
                break
            }
        }
        switch input {
        case .text(let text, _):
            guard let textInput else { return }
            textInput.insertText(text)
            screenReader?.didType(text)
        case .deleteBackward:
            guard let textInput else { return }
            textInput.deleteBackward()
            screenReader?.didDeleteBackward()
        case .press(let type, let phase, let timestamp):
            if phase == .began, activePresses[type] == nil, let textInput {
                switch type {
                case .select:
                    textInput.insertText("\n")
                    return
                case .playPause:
                    return
                default:
                    break
                }
            }
            switch phase {
            case .began:
                guard activePresses[type] == nil else { return }
                let press = Press(type: type, phase: .began, timestamp: timestamp)
                activePresses[type] = press
                sendPresses([press])
            case .ended, .cancelled:
                guard let press = activePresses.removeValue(forKey: type) else { return }
                press.phase = phase == .ended ? .ended : .cancelled
                press.timestamp = timestamp
                sendPresses([press])
            }
        case .remoteControl(let command, _):
            sendRemoteControl(Event.Subtype(command))
        case .rotation(let detents, _):
            keyWindow?.rotate(byDetents: detents)
        case .shake(let phase, _):
            let motionPhase: Event.MotionPhase =
                switch phase {
                case .began: .began
                case .ended: .ended
                case .cancelled: .cancelled
                }
            sendMotion(.motionShake, phase: motionPhase)
        }
    }

    /// The key window's first responder when it takes text.
    private var textInput: KeyInput? { keyWindow?.firstResponder as? KeyInput }

    /// Whether a responder that takes text is first: the platform's text input is on only then.
    public var wantsTextInput: Bool { textInput != nil }

    /// Cancels every press that is down (the platform is stopping or lost its keyboard).
    public func cancelAllPresses(at timestamp: MonotonicInstant) {
        for type in Array(activePresses.keys) {
            handle(.press(type, .cancelled, timestamp: timestamp))
        }
    }
}

extension DeviceInput {
    /// Whether it starts something (a press or shake beginning, typing, a command) rather than
    /// ending what began.
    var begins: Bool {
        switch self {
        case .press(_, let phase, _), .shake(let phase, _): phase == .began
        case .text, .deleteBackward, .remoteControl, .rotation: true
        }
    }
}

extension Event.Subtype {
    /// The remote-control subtype of a platform's command.
    init(_ command: RemoteControlCommand) {
        self =
            switch command {
            case .play: .remoteControlPlay
            case .pause: .remoteControlPause
            case .stop: .remoteControlStop
            case .togglePlayPause: .remoteControlTogglePlayPause
            case .nextTrack: .remoteControlNextTrack
            case .previousTrack: .remoteControlPreviousTrack
            case .beginSeekingBackward: .remoteControlBeginSeekingBackward
            case .endSeekingBackward: .remoteControlEndSeekingBackward
            case .beginSeekingForward: .remoteControlBeginSeekingForward
            case .endSeekingForward: .remoteControlEndSeekingForward
            }
    }
}
