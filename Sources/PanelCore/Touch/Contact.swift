/// Where a finger is in its life, as UIKit's `UITouch.Phase`.
public enum TouchPhase: UInt8, Sendable, CustomStringConvertible {
    /// The finger touched the panel in this frame.
    case began
    /// The finger moved since the previous frame.
    case moved
    /// The finger is down and did not move since the previous frame.
    case stationary
    /// The finger lifted in this frame.
    case ended
    /// The system gave up on the finger (watchdog, repeated read failures, queue overflow, or
    /// the UI cancelled it); it will never be reported again.
    case cancelled

    /// Whether the phase ends the contact's life (`ended` or `cancelled`).
    public var isTerminal: Bool { self == .ended || self == .cancelled }

    public var description: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

/// One finger in one frame.
///
/// Drivers fill ``trackID``, ``position`` and, when the chip reports them, ``size`` and
/// ``weight``; they set ``phase`` to `.moved` for a contact that is down and `.ended` for an
/// explicit lift record. ``TouchTracker`` then assigns the real phase and a stable ``identity``.
public struct Contact: Hashable, Sendable, CustomStringConvertible {
    /// The controller's track ID (FocalTech: bits 7:4 of Pn_YH; Goodix: low nibble of the
    /// record's first byte). Controllers reuse IDs; ``identity`` does not.
    public var trackID: UInt8
    /// The identity the tracker gave this finger: unique for the life of one finger, never
    /// reused while the process runs. 0 until tracked.
    public var identity: UInt32
    /// The phase, set by the tracker (see the type's discussion for the driver's hint).
    public var phase: TouchPhase
    /// The position in UI coordinates, after ``TouchscreenTransform``.
    public var position: Point
    /// The contact area in controller units (GT911 size, FocalTech area nibble), if reported.
    public var size: UInt16?
    /// The contact weight or pressure in controller units (FocalTech Pn_WEIGHT), if reported.
    public var weight: UInt16?

    /// Creates a contact.
    public init(
        trackID: UInt8, position: Point, phase: TouchPhase = .moved,
        size: UInt16? = nil, weight: UInt16? = nil, identity: UInt32 = 0
    ) {
        self.trackID = trackID
        self.identity = identity
        self.phase = phase
        self.position = position
        self.size = size
        self.weight = weight
    }

    /// A placeholder used to fill fixed-capacity storage.
    public static let empty = Contact(trackID: 0, position: .zero)

    public var description: String {
        "#\(identity)[id \(trackID)] \(phase) \(position)"
    }
}
