/// Supplies a ``PageViewController``'s pages one neighbour at a time: UIKit's
/// `UIPageViewControllerDataSource`.
@MainActor
public protocol PageViewControllerDataSource: AnyObject {
    /// The page before `controller`; nil: it is the first.
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore controller: ViewController) -> ViewController?
    /// The page after `controller`; nil: it is the last.
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter controller: ViewController) -> ViewController?
    /// How many dots the page control shows; 0 (the default) hides it.
    func presentationCount(for pageViewController: PageViewController) -> Int
    /// Which dot is current when the pages are set (``PageViewController/setViewControllers(_:direction:animated:completion:)``).
    func presentationIndex(for pageViewController: PageViewController) -> Int
}

extension PageViewControllerDataSource {
    /// No page control.
    public func presentationCount(for pageViewController: PageViewController) -> Int { 0 }
    /// The first dot.
    public func presentationIndex(for pageViewController: PageViewController) -> Int { 0 }
}

/// Hears a ``PageViewController`` turn pages: UIKit's `UIPageViewControllerDelegate`.
@MainActor
public protocol PageViewControllerDelegate: AnyObject {
    /// A drag started to bring `pending` on screen.
    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pending: [ViewController])
    /// The drag ended: `completed` says whether the page turned (`previous` held the old page).
    func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool, previousViewControllers previous: [ViewController],
        transitionCompleted completed: Bool)
}

extension PageViewControllerDelegate {
    /// Does nothing.
    public func pageViewController(_ pageViewController: PageViewController, willTransitionTo pending: [ViewController]) {}
    /// Does nothing.
    public func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool, previousViewControllers previous: [ViewController],
        transitionCompleted completed: Bool
    ) {}
}
