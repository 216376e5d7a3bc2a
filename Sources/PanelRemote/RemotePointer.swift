public import PanelCore

/// The finger a remote viewer's pointer stands for, as in the simulator: the left button down
/// is a finger down, a move with it held is the finger moving, the button up lifts it. Other
/// buttons and a move with no button do nothing. Positions are clamped to the screen.
///
/// Its fingers have identities of their own, from `identityBase` up (0x8000_0000 and above: a
/// controller's tracker counts up from 1), so a remote finger and one on the glass, or two
/// viewers' fingers, are two touches, never one.
public struct RemotePointer: Sendable {
    /// The track the remote finger reports on: the highest, which no controller uses first.
    public static let trackID: UInt8 = 15
    /// The screen, in pixels (= UI points).
    public let width: Int
    /// The screen's height.
    public let height: Int
    /// Where the finger is, while the button is down.
    public private(set) var position: Point?
    private let identityBase: UInt32
    private var identity: UInt32 = 0
    private var fingers: UInt32 = 0

    /// A pointer over a screen of `width` × `height` pixels, its fingers numbered from
    /// `identityBase` (a server gives each viewer a range of 2^16 of its own).
    public init(width: Int, height: Int, identityBase: UInt32 = 0x8000_0000) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.identityBase = identityBase | 0x8000_0000
    }

    /// The pointer's state from a client (RFB's button mask and position): the frame of touches
    /// to dispatch, or nil when nothing changed.
    public mutating func update(buttons: UInt8, x: Int, y: Int, at time: MonotonicInstant) -> TouchFrame? {
        let point = Point(x: Double(min(max(x, 0), width - 1)), y: Double(min(max(y, 0), height - 1)))
        let pressed = buttons & 1 != 0
        switch (position, pressed) {
        case (nil, true):
            identity = identityBase &+ fingers
            fingers = (fingers + 1) & 0xFFFF
            position = point
            return frame(point, .began, time)
        case (let last?, true):
            guard last != point else { return nil }
            position = point
            return frame(point, .moved, time)
        case (let last?, false):
            position = nil
            return frame(last, .ended, time)
        case (nil, false):
            return nil
        }
    }

    /// The viewer went away (disconnected, timed out) with the button down: the finger is
    /// cancelled. Nil when no finger is down.
    public mutating func cancel(at time: MonotonicInstant) -> TouchFrame? {
        guard let last = position else { return nil }
        position = nil
        return frame(last, .cancelled, time)
    }

    private func frame(_ point: Point, _ phase: TouchPhase, _ time: MonotonicInstant) -> TouchFrame {
        var frame = TouchFrame(timestamp: time)
        _ = frame.append(Contact(trackID: Self.trackID, position: point, phase: phase, identity: identity))
        return frame
    }
}
