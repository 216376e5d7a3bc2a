public import PanelPlatform

/// The application's delegate: UIKit's `UIApplicationDelegate`. Make it a ``Responder``
/// subclass to receive events that nothing else in the chain handled.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// Called by the host once the app's windows are set up.
    func applicationDidFinishLaunching(_ application: Application)
    /// Called before the host stops the run loop.
    func applicationWillTerminate(_ application: Application)
    /// Called when ``Application/runOnce()`` could not present a frame.
    func application(_ application: Application, didFailToRender error: FramebufferError)
    /// Called when the idle policy dims, blanks or wakes the screen.
    func application(_ application: Application, screenDidChangeTo state: ScreenState)
}

extension ApplicationDelegate {
    /// Default: nothing.
    public func applicationDidFinishLaunching(_ application: Application) {}
    /// Default: nothing.
    public func applicationWillTerminate(_ application: Application) {}
    /// Default: nothing.
    public func application(_ application: Application, didFailToRender error: FramebufferError) {}
    /// Default: nothing.
    public func application(_ application: Application, screenDidChangeTo state: ScreenState) {}
}
