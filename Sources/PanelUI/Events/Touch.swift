/// One finger on the panel, for its whole life: UIKit's `UITouch`.
///
/// The application's `TouchDispatcher` takes a `Touch` from a preallocated pool when the
/// finger touches down, updates it in place on every frame, and returns it to the pool after the
/// frame in which it ended or was cancelled (or once its gesture lets go of it). Do not keep a reference to a touch after that (UIKit gives the same
/// advice): the object will describe another finger.
@MainActor
///
/// Its stored properties are exempt from dynamic exclusivity checks (`@exclusivity(unchecked)`),
/// which were a tenth of a tap's cost. Why no access to them can overlap: the class is final and
/// every property is written only inside PanelUI (`internal(set)`), by single assignments, or
/// (``recognizers``) by array edits whose closures only compare identities; none of those
/// accesses spans a call into code that could touch the same property, and every access runs on
/// the main actor.
public final class Touch: Hashable {
    /// The finger's identity from `TouchTracker`: unique for the life of the finger.
    @exclusivity(unchecked) public internal(set) var identity: UInt32 = 0
    /// The phase in the current event.
    @exclusivity(unchecked) public internal(set) var phase: TouchPhase = .cancelled
    /// When the touch last changed.
    @exclusivity(unchecked) public internal(set) var timestamp: MonotonicInstant = .zero
    /// How many times the finger tapped in quick succession at about the same place: 1 for a
    /// first tap, 2 for the second of a double tap, … (E13: within
    /// ``Application/tapCountInterval`` of the previous tap's lift and within
    /// ``Application/tapCountDistance`` of its touch-down).
    @exclusivity(unchecked) public internal(set) var tapCount = 1
    /// The view that hit-testing chose when the finger touched down; fixed for the touch's life,
    /// kept even if the view leaves its window (E24). Nil if the touch hit nothing.
    @exclusivity(unchecked) public internal(set) var view: View?
    /// The window the touch belongs to; nil if it hit nothing.
    @exclusivity(unchecked) public internal(set) var window: Window?
    /// The gesture recognizers that receive this touch, fixed when it began (docs/events.md A9): those on
    /// the hit view and its ancestors, the window included, from the hit view outward.
    public var gestureRecognizers: [GestureRecognizer] { recognizers }
    /// The contact's major radius as the controller reports it (controller units), if it does.
    @exclusivity(unchecked) public internal(set) var majorRadius: Double?
    /// The contact's force as the controller reports it (FocalTech weight, 0…255), if it does.
    @exclusivity(unchecked) public internal(set) var force: Double?
    /// The largest ``force`` the controllers report.
    public let maximumPossibleForce = 255.0

    /// Position in screen coordinates.
    @exclusivity(unchecked) var screenLocation = Point.zero
    @exclusivity(unchecked) var previousScreenLocation = Point.zero
    /// Where and when the finger touched down (tapCount, E8 replay).
    @exclusivity(unchecked) var initialScreenLocation = Point.zero
    /// When the finger touched down (the `began` frame's timestamp).
    @exclusivity(unchecked) public internal(set) var initialTimestamp = MonotonicInstant.zero

    /// The gesture recognizers that receive the touch, fixed when it began; the dispatcher
    /// edits it (a recognizer that resets or ignores the touch leaves it).
    @exclusivity(unchecked) var recognizers: [GestureRecognizer] = []
    /// The dispatcher's state for this touch (``TouchDelivery``), one value at a fixed address:
    /// reading or changing it through the pointer needs no exclusivity check and no retain.
    /// Allocated once and never freed: touches are never deallocated (``TouchReservoir``).
    let delivery: UnsafeMutablePointer<TouchDelivery>

    init() {
        delivery = .allocate(capacity: 1)
        delivery.initialize(to: TouchDelivery())
    }

    /// Clears the touch before it returns to the pool.
    func recycle() {
        view = nil
        window = nil
        recognizers.removeAll(keepingCapacity: true)
        identity = 0
        phase = .cancelled
        delivery.pointee = TouchDelivery()
        majorRadius = nil
        force = nil
    }

    /// The touch's current position in `view`'s bounds coordinates; in window coordinates when
    /// `view` is nil (E27). It may lie outside the view.
    public func location(in view: View?) -> Point {
        convert(screenLocation, to: view)
    }

    /// Where the finger touched down, in the same coordinates as ``location(in:)``: what a
    /// custom recognizer measures movement from (the built-in ones use it for their slop).
    public func initialLocation(in view: View?) -> Point {
        convert(initialScreenLocation, to: view)
    }

    /// The position at the previous event, in the same coordinates as ``location(in:)``.
    public func previousLocation(in view: View?) -> Point {
        convert(previousScreenLocation, to: view)
    }

    private func convert(_ screenPoint: Point, to view: View?) -> Point {
        if let view { return view.convertFromScreen(screenPoint) }
        if let window { return window.convertFromScreen(screenPoint) }
        return screenPoint
    }

    /// A touch is equal only to itself (identity).
    public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }

    /// Hashes the touch's identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

}

extension Touch: @MainActor CustomStringConvertible {
    /// The touch's phase, location and view, for logs.
    @MainActor public var description: String {
        "Touch #\(identity) \(phase) at \(screenLocation) tapCount \(tapCount)"
    }
}
