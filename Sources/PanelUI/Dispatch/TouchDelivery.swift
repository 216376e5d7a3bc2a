/// What the ``TouchDispatcher`` knows about one touch while it is down and until the gesture
/// engine lets go of it: where its phases may go and which of them are held back. One value per
/// pooled touch, kept in the dispatcher's own buffer (``TouchDispatcher/delivery(of:)``).
struct TouchDelivery {
    /// How far the touch's hit view has got with it.
    enum ViewStage: UInt8 {
        /// The view never receives this touch: the touch hit no view, or spec A10/A11
        /// (`isMultipleTouchEnabled`, `isExclusiveTouch`) kept it from its view.
        case none
        /// Admitted to its view; `touchesBegan` not delivered yet (perhaps held, A27).
        case admitted
        /// The view received `touchesBegan`.
        case began
        /// The view received `touchesEnded` or `touchesCancelled`, or has nothing to receive:
        /// nothing more goes to it.
        case finished
    }

    /// Phases a recognizer holds back from the view (A27 began, A28 ended; a move that came
    /// while began was held is replayed once, E8).
    struct HeldPhases: OptionSet {
        var rawValue: UInt8
        static let began = HeldPhases(rawValue: 1)
        static let moved = HeldPhases(rawValue: 2)
        static let ended = HeldPhases(rawValue: 4)
    }

    var stage = ViewStage.none
    var held: HeldPhases = []
    /// The view must get `touchesCancelled` (it left the window mid-touch, a recognizer took the
    /// touch, or the app cancelled).
    var cancelPending = false
    /// A cancel of this touch was asked for while a frame was being dispatched (a modal view
    /// appeared over its window): the touch is cancelled when the dispatch is over.
    var cancelRequested = false
    /// Changed in the frame being dispatched (stationary touches are in the event, unchanged).
    var changed = false
    /// How many recognizers that have not reset hold this touch among their gesture's touches.
    var recognizerReferences: Int32 = 0

    /// The view may still receive phases of this touch.
    var isOpenToView: Bool { stage == .admitted || stage == .began }
    /// Held began or ended: the touch waits for its recognizers.
    var isHeld: Bool { held.contains(.began) || held.contains(.ended) }
}
