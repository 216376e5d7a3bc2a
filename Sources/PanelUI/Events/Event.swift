/// An event: UIKit's `UIEvent`.
///
/// **Touches events** are long-lived (E1): each window owns one, reused for every frame while
/// any finger is down in it. Each dispatch carries every touch of the window — the ones that
/// changed in the frame and the stationary ones — in ``allTouches``; a view's touches methods
/// receive only its touches that changed. Do not keep a touches event past the call it was
/// passed to.
///
/// **Motion**, **remote-control** and **press** events are created by
/// ``Application/sendMotion(_:phase:)``, ``Application/sendRemoteControl(_:)`` and
/// ``Application/sendPresses(_:)`` and go to the key window's first responder.
@MainActor
public final class Event {
    /// The kind of event.
    public enum EventType: Int, Sendable {
        /// Fingers on the panel.
        case touches
        /// Device motion (shake).
        case motion
        /// A remote-control command.
        case remoteControl
        /// Physical buttons.
        case presses
    }

    /// The event's subtype, with UIKit's raw values (seed `002_…`).
    public enum Subtype: Int, Sendable {
        /// Touches and presses events have no subtype.
        case none = 0
        /// The device was shaken.
        case motionShake = 1
        case remoteControlPlay = 100
        case remoteControlPause = 101
        case remoteControlStop = 102
        case remoteControlTogglePlayPause = 103
        case remoteControlNextTrack = 104
        case remoteControlPreviousTrack = 105
        case remoteControlBeginSeekingBackward = 106
        case remoteControlEndSeekingBackward = 107
        case remoteControlBeginSeekingForward = 108
        case remoteControlEndSeekingForward = 109
    }

    /// The kind of event.
    public let type: EventType
    /// The subtype (motion and remote control), else ``Subtype/none``.
    public internal(set) var subtype: Subtype
    /// When the event happened, on the monotonic clock of the touch source.
    public internal(set) var timestamp: MonotonicInstant
    /// The window whose touches event this is (touches events only).
    public internal(set) var window: Window? {
        get { _window }
        set { _window = newValue }
    }
    // Unowned and unchecked, yet never dangling: a window owns its touches event and clears
    // this in its `deinit`. Dispatch reads it on every frame; a weak reference would cost a side
    // table lookup each time.
    @exclusivity(unchecked) private unowned(unsafe) var _window: Window?

    /// Every touch of the event, in any phase, in order of identity.
    public var allTouches: TouchSet { touches }
    var touches = TouchSet()

    /// The phase of a motion event.
    public enum MotionPhase: Sendable {
        case began, ended, cancelled
    }

    /// Which motion method a motion event goes to.
    public internal(set) var motionPhase = MotionPhase.began

    /// The presses of a presses event.
    public internal(set) var allPresses: Set<Press> = []

    init(type: EventType, subtype: Subtype = .none, timestamp: MonotonicInstant = .zero) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
    }

    /// The touches whose hit view is `view`.
    public func touches(for view: View) -> TouchSet {
        var result = TouchSet()
        for touch in touches where touch.view === view { result.insert(touch) }
        return result
    }

    /// The touches that belong to `window`.
    public func touches(for window: Window) -> TouchSet {
        var result = TouchSet()
        for touch in touches where touch.window === window { result.insert(touch) }
        return result
    }

    /// The touches that `recognizer` receives.
    public func touches(for recognizer: GestureRecognizer) -> TouchSet {
        var result = TouchSet()
        for touch in touches {
            for candidate in touch.recognizers where candidate === recognizer {
                result.insert(touch)
                break
            }
        }
        return result
    }
}

/// A physical button press: UIKit's `UIPress`. On a panel these come from GPIO keys, a keypad
/// or a media remote that the app maps to press types.
@MainActor
public final class Press: Hashable {
    /// Which button: the platform seam's type, so a backend reports presses without the UI.
    public typealias PressType = PanelPlatform.PressType

    /// A press's phase.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// Which button.
    public let type: PressType
    /// The phase.
    public var phase: Phase
    /// The force, 0…1 (1 for a plain switch).
    public var force: Double
    /// When the press last changed.
    public var timestamp: MonotonicInstant
    /// The responder the press was delivered to.
    public internal(set) weak var responder: Responder?

    /// Creates a press.
    public init(type: PressType, phase: Phase = .began, force: Double = 1, timestamp: MonotonicInstant = .zero) {
        self.type = type
        self.phase = phase
        self.force = force
        self.timestamp = timestamp
    }

    /// A press is equal only to itself (identity).
    public nonisolated static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }

    /// Hashes the press's identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
