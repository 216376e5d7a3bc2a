/// What a scroll view tells its delegate: UIKit's `UIScrollViewDelegate` (the scrolling part).
/// Every method has an empty default.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (dragging, decelerating, bouncing, animating or set).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag began.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger is lifting at `velocity` (points per millisecond, the content's direction);
    /// `targetContentOffset` is where the content will come to rest, and the delegate may move
    /// it (a picker snaps it to a row). The content glides there, or springs there when the
    /// glide would not reach it.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point)
    /// The finger lifted; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content came to rest after a drag (deceleration, bounce or page snap).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation of ``ScrollView/setContentOffset(_:animated:)`` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    /// Default: nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Default: nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Default: the target stays.
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {}
    /// Default: nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Default: nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Default: nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// How quickly a flick slows down: the fraction of velocity kept per millisecond (UIKit's
/// `UIScrollView.DecelerationRate`).
public struct DecelerationRate: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond.
    public var rawValue: Double
    /// A rate that keeps `rawValue` of the velocity per millisecond.
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// 0.998 per millisecond: a flick glides (UIKit's default).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// 0.99 per millisecond: a flick stops quickly (pickers, paging).
    public static let fast = DecelerationRate(rawValue: 0.99)
}
