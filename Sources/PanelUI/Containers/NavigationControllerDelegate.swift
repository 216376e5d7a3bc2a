/// Hears a ``NavigationController`` change its top screen: UIKit's
/// `UINavigationControllerDelegate`. Both methods do nothing by default.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// `controller` is about to become the top screen (before its `viewWillAppear`).
    func navigationController(_ navigationController: NavigationController, willShow controller: ViewController, animated: Bool)
    /// `controller` is the top screen, its transition over (after its `viewDidAppear`).
    func navigationController(_ navigationController: NavigationController, didShow controller: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    /// Does nothing.
    public func navigationController(_ navigationController: NavigationController, willShow controller: ViewController, animated: Bool) {}
    /// Does nothing.
    public func navigationController(_ navigationController: NavigationController, didShow controller: ViewController, animated: Bool) {}
}
