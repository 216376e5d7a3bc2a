import PanelBench
import PanelCore
import PanelUI
import Testing

/// The references up the tree (a view's superview and window, a window's application, an
/// event's window) are not weak references, for speed, yet read as UIKit's weak ones do: the
/// object they name never outlives being named, and one that goes away leaves nil behind.
@MainActor
@Suite("References up the tree never dangle")
struct BackReferenceTests {
    @Test("a subview that outlives its superview has no superview")
    func subviewOutlivesSuperview() {
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        weak var weakParent: View?
        do {
            let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            parent.addSubview(child)
            weakParent = parent
            #expect(child.superview === parent)
        }
        #expect(weakParent == nil, "the superview outlived its last reference")
        #expect(child.superview == nil)
    }

    @Test("views that outlive their window are in no window, however deep")
    func viewsOutliveWindow() {
        let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        weak var weakWindow: Window?
        do {
            let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            window.addSubview(outer)
            outer.addSubview(inner)
            weakWindow = window
            #expect(inner.window === window)
        }
        #expect(weakWindow == nil, "the window outlived its last reference")
        #expect(outer.window == nil && outer.superview == nil)
        #expect(inner.window == nil)
        #expect(inner.superview === outer, "a view still in a surviving superview keeps it")
    }

    @Test("a window that outlives its application is in no application")
    func windowOutlivesApplication() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        weak var weakApp: Application?
        do {
            let app = Application(clock: ManualClock())
            app.addWindow(window)
            window.makeKey()
            weakApp = app
            #expect(window.application === app && window.isKeyWindow)
        }
        #expect(weakApp == nil, "the application outlived its last reference")
        #expect(window.application == nil)
        #expect(!window.isKeyWindow)
    }

    @Test("a touches event that outlives its window names no window")
    func eventOutlivesWindow() {
        let event: Event
        weak var weakWindow: Window?
        do {
            let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            event = window.touchesEvent
            weakWindow = window
            #expect(event.window === window)
        }
        #expect(weakWindow == nil, "the window outlived its last reference")
        #expect(event.window == nil)
    }

    @Test("a window removed from its application is in no application and no longer key")
    func windowRemoved() {
        let bench = Bench()
        bench.window.makeKey()
        bench.app.removeWindow(bench.window)
        #expect(bench.window.application == nil)
        #expect(bench.app.keyWindow == nil)
    }

    @Test("a view moved to another window names the new one, and its old superview lets it go")
    func viewMovesBetweenWindows() {
        let first = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let inner = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        view.addSubview(inner)
        first.addSubview(view)
        second.addSubview(view)
        #expect(view.superview === second && inner.window === second)
        #expect(first.subviews.isEmpty)
    }
}
