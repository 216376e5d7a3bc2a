/// The base of gesture recognizers: UIKit's `UIGestureRecognizer`.
///
/// This is the part the event system needs — attachment to a view, ``isEnabled``, ``state``
/// and the three flags that govern how a recognizer shares touches with its view — so that
/// views store recognizers and touches record the recognizers that receive them (spec A9).
/// Recognition itself (the recognizer pass of spec A.7) is not implemented yet: a recognizer
/// attached today receives no touches and never leaves ``State/possible``.
@MainActor
open class GestureRecognizer {
    /// Recognizer states with UIKit's raw values (A20).
    public enum State: Int, Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        /// A discrete recognizer's success: the same value as ``ended``.
        public static let recognized = State.ended
    }

    /// The view the recognizer is attached to.
    public private(set) weak var view: View?
    /// The state.
    open internal(set) var state = State.possible
    /// Whether the recognizer receives touches. Default true.
    open var isEnabled = true
    /// Whether the view's touches are cancelled when the gesture is recognized. Default true.
    open var cancelsTouchesInView = true
    /// Whether began-phase touches are held from the view while the gesture may be
    /// recognized. Default false.
    open var delaysTouchesBegan = false
    /// Whether ended-phase touches are held from the view while the gesture may be recognized.
    /// Default true.
    open var delaysTouchesEnded = true
    /// A name for debugging.
    public var name: String?

    /// Creates a recognizer.
    public init() {}

    func attach(to view: View?) {
        self.view = view
    }
}
