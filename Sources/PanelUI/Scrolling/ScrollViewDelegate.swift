/// What a scroll view tells its delegate: UIKit's `UIScrollViewDelegate` (the scrolling part).
/// Every method has an empty default.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (dragging, decelerating, bouncing, animating or set).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag began.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content came to rest after a drag (deceleration, bounce or page snap).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation of ``ScrollView/setContentOffset(_:animated:)`` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

/// How quickly a flick slows down: the fraction of velocity kept per millisecond (UIKit's
/// `UIScrollView.DecelerationRate`).
public struct DecelerationRate: Hashable, Sendable {
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// 0.998 per millisecond: a flick glides (UIKit's default).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// 0.99 per millisecond: a flick stops quickly (pickers, paging).
    public static let fast = DecelerationRate(rawValue: 0.99)
}
