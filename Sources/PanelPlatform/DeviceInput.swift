public import PanelCore

/// A physical button of a panel, a keypad or a remote: the types UIKit's `UIPress` names, and
/// a key by its code for a button none of them names.
public enum PressType: Sendable, Hashable, CustomStringConvertible {
    case upArrow, downArrow, leftArrow, rightArrow, select, menu, playPause, pageUp, pageDown
    /// A key by its Linux key code (`KEY_F1` is 59; linux/input-event-codes.h), as UIKit's
    /// `UIPress.key` carries a keyboard key: a machine panel's "start", "stop" or "F1" button
    /// (a board button's `key-code`). Not focus movement; the app's responders handle it.
    case key(UInt16)

    /// The types UIKit names (not ``key(_:)``).
    public static let named: [PressType] = [.upArrow, .downArrow, .leftArrow, .rightArrow, .select, .menu, .playPause, .pageUp, .pageDown]

    public var description: String {
        switch self {
        case .upArrow: "upArrow"
        case .downArrow: "downArrow"
        case .leftArrow: "leftArrow"
        case .rightArrow: "rightArrow"
        case .select: "select"
        case .menu: "menu"
        case .playPause: "playPause"
        case .pageUp: "pageUp"
        case .pageDown: "pageDown"
        case .key(let code): "key \(code)"
        }
    }
}

/// Whether a button went down or up, or its press was abandoned (the source went away).
public enum PressPhase: Int, Sendable, Hashable {
    case began, ended, cancelled
}

/// A media remote's command (an IR remote through the kernel's rc-core, a keyboard's media
/// keys): the remote-control event subtypes UIKit names.
public enum RemoteControlCommand: Int, Sendable, Hashable, CaseIterable {
    case play, pause, stop, togglePlayPause, nextTrack, previousTrack
    case beginSeekingBackward, endSeekingBackward, beginSeekingForward, endSeekingForward
}

/// Input that is not a touch, as a platform reports it: presses (keys, GPIO buttons, a remote's
/// arrows), remote-control commands, motion (a shake) and typing. The UI turns each into its events (`Press`, motion
/// `Event`) or edits the first responder's text.
public enum DeviceInput: Sendable, Hashable, CustomStringConvertible {
    /// A button went down, came up or was cancelled, at `timestamp` on the platform's clock.
    case press(PressType, PressPhase, timestamp: MonotonicInstant)
    /// The device is being shaken (began) or stopped (ended), or the shake was cancelled.
    case shake(PressPhase, timestamp: MonotonicInstant)
    /// Characters typed on a keyboard, as its layout and input method composed them (a shifted
    /// letter, an accent, Chinese from an input method); for the first responder that takes text.
    case text(String, timestamp: MonotonicInstant)
    /// The keyboard's backspace (each auto-repeat too).
    case deleteBackward(timestamp: MonotonicInstant)
    /// A media remote's command.
    case remoteControl(RemoteControlCommand, timestamp: MonotonicInstant)
    /// A rotary encoder turned by this many detents (positive: clockwise).
    case rotation(Int, timestamp: MonotonicInstant)

    /// When it happened, on the platform's clock.
    public var timestamp: MonotonicInstant {
        switch self {
        case .press(_, _, let timestamp), .shake(_, let timestamp), .text(_, let timestamp), .deleteBackward(let timestamp),
            .remoteControl(_, let timestamp), .rotation(_, let timestamp):
            timestamp
        }
    }

    public var description: String {
        switch self {
        case .press(let type, let phase, _): "press \(type) \(phase)"
        case .shake(let phase, _): "shake \(phase)"
        case .text(let text, _): "text \(text.debugDescription)"
        case .deleteBackward: "delete backward"
        case .remoteControl(let command, _): "remote control \(command)"
        case .rotation(let detents, _): "rotation \(detents)"
        }
    }
}
