public import PanelCore
public import PanelGraphics
public import PanelBench
public import PanelUI

/// An 800×480 window with a text field (or a text view) editing and the on-screen keyboard up, in
/// virtual time: fingers tap keys through the application's touch path and each keystroke is
/// drawn and presented. The typing benchmarks and the keystroke allocation test use it.
@MainActor
public final class TypingBench {
    public let clock = ManualClock()
    public let app: Application
    public let framebuffer = MemoryFramebuffer(width: 800, height: 480)
    public let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    public let field = TextField(frame: Rect(x: 20, y: 20, width: 400, height: 44))
    /// The multi-line view typed into instead of the field, when the bench was made with one.
    public let textView: TextView?
    public let keyboard: Keyboard
    private var identity: UInt32 = 0

    /// The field holds `text` in `font` (nil: the built-in font), editing, the keyboard slid in.
    /// With `multiline`, a 760 × 220 ``TextView`` holds the text instead, the caret at its end.
    public init(font: Font?, text: String = "Kiosk 42", multiline: Bool = false) {
        clock.recordsSleeps = false
        app = Application(clock: clock)
        app.display = Display(framebuffer: framebuffer)
        app.addWindow(window)
        window.makeKeyAndVisible()
        if multiline {
            let view = TextView(frame: Rect(x: 20, y: 10, width: 760, height: 220))
            if let font { view.font = font }
            view.text = text
            window.addSubview(view)
            view.becomeFirstResponder()
            textView = view
        } else {
            if let font { field.font = font }
            field.text = text
            window.addSubview(field)
            field.becomeFirstResponder()
            textView = nil
        }
        for _ in 0 ..< 30 {
            clock.advance(by: .milliseconds(17))
            app.runOnce()
        }
        keyboard = window.keyboard!
    }

    /// The centre of a key (its label: "a", "shift", "delete") in the window.
    public func center(ofKey key: String) -> Point {
        keyboard.convert(keyboard.frame(ofKey: key)!.center, to: window)
    }

    /// A finger goes down on `point` and, 40 ms later, lifts: two turns of the application,
    /// the second types the key and draws and presents the field.
    public func tap(_ point: Point) {
        identity &+= 1
        clock.advance(by: .milliseconds(40))
        var down = TouchFrame(timestamp: clock.now)
        _ = down.append(Contact(trackID: 0, position: point, phase: .began, identity: identity))
        app.handle(down)
        app.runOnce()
        clock.advance(by: .milliseconds(40))
        var up = TouchFrame(timestamp: clock.now)
        _ = up.append(Contact(trackID: 0, position: point, phase: .ended, identity: identity))
        app.handle(up)
        app.runOnce()
    }
}
