/// Hears the tabs of a ``TabBarController`` being tapped: UIKit's `UITabBarControllerDelegate`.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether a tapped tab may be selected. Default true.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect controller: ViewController) -> Bool
    /// A tapped tab was selected (not called when the app sets the selection).
    func tabBarController(_ tabBarController: TabBarController, didSelect controller: ViewController)
}

extension TabBarControllerDelegate {
    /// Allows every tab.
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect controller: ViewController) -> Bool { true }
    /// Does nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect controller: ViewController) {}
}
