import PanelBench
import PanelCore
import PanelUI
import Testing

/// An ordered record of callbacks, shared by the views, controllers and targets of one test.
@MainActor
final class Log {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

@MainActor
func ids(_ touches: TouchSet) -> String {
    touches.map { String($0.identity) }.joined(separator: ",")
}

/// A view that logs its touches calls as "name.began(ids)" and, if `forwards`, passes them on.
@MainActor
class LoggingView: View {
    let name: String
    let log: Log
    var forwards = false

    init(_ name: String, _ log: Log, frame: Rect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log.add("\(name).began(\(ids(touches)))")
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        log.add("\(name).moved(\(ids(touches)))")
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        log.add("\(name).ended(\(ids(touches)))")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        log.add("\(name).cancelled(\(ids(touches))\(event == nil ? ",nil" : ""))")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// A plain responder that logs what reaches it (the end of a chain: an app delegate).
@MainActor
final class LoggingDelegate: Responder, ApplicationDelegate {
    let log: Log
    init(_ log: Log) { self.log = log }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log.add("delegate.began") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.add("delegate.ended") }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.add("delegate.motionBegan(\(motion))") }
}

/// Records which control events fired, in order.
@MainActor
final class EventRecorder {
    let log: Log
    init(_ log: Log) { self.log = log }

    static let touchEvents: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
        (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"),
        (.touchCancel, "cancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primary"),
    ]

    /// Registers one closure per control event on `control`; each logs the event's name and,
    /// when `highlight` is set, the control's highlight at that moment.
    func watch(_ control: Control, highlight: Bool = false) {
        for (event, name) in EventRecorder.touchEvents {
            control.addAction(
                .closure(Selector(name)) { [log] sender, _ in
                    if highlight, let control = sender as? Control {
                        log.add("\(name)[\(control.isHighlighted ? "H" : "-")]")
                    } else {
                        log.add(name)
                    }
                }, for: event)
        }
    }
}

/// A window on an application with a manual clock, fed by a real `TouchTracker` from a list of
/// fingers, as the input thread would.
@MainActor
final class Bench {
    let clock = ManualClock()
    let app: Application
    let window: Window
    let log = Log()
    private var tracker = TouchTracker(watchdogTimeout: nil)
    private var fingers: [(id: UInt8, position: Point)] = []
    /// Milliseconds between reports.
    var frameInterval: Int64 = 10

    init(width: Double = 800, height: Double = 480, eventQueue: EventQueue? = nil) {
        clock.recordsSleeps = false
        app = Application(clock: clock, eventQueue: eventQueue)
        window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        app.addWindow(window)
        window.makeKeyAndVisible()
    }

    /// Applies changes to the fingers as one controller report and hands the tracker's frames
    /// to the application.
    func report(_ changes: [(UInt8, Point?)]) {
        clock.advance(by: .milliseconds(frameInterval))
        for (id, position) in changes {
            fingers.removeAll { $0.id == id }
            if let position { fingers.append((id, position)) }
        }
        let frame = TouchFrame(timestamp: clock.now, contacts: fingers.map { Contact(trackID: $0.id, position: $0.position) })
        tracker.process(frame) { app.handle($0) }
    }

    func down(_ x: Double, _ y: Double, finger: UInt8 = 0) { report([(finger, Point(x: x, y: y))]) }
    func move(_ x: Double, _ y: Double, finger: UInt8 = 0) { report([(finger, Point(x: x, y: y))]) }
    func up(finger: UInt8 = 0) { report([(finger, nil)]) }

    /// A tap: down and up at one point.
    func tap(_ x: Double, _ y: Double, finger: UInt8 = 0) {
        down(x, y, finger: finger)
        up(finger: finger)
    }

    /// Adds a view to the window's root.
    @discardableResult
    func add<V: View>(_ view: V, to parent: View? = nil) -> V {
        (parent ?? window).addSubview(view)
        return view
    }
}

extension Application {
    /// A press of one of the panel's keys on a test's clock: down, held 80 ms, up, then 200 ms
    /// before the next.
    func pressKey(_ type: PressType, on clock: ManualClock) {
        handle(.press(type, .began, timestamp: clock.now))
        clock.advance(by: .milliseconds(80))
        handle(.press(type, .ended, timestamp: clock.now))
        clock.advance(by: .milliseconds(200))
    }
}

/// Presents `controller` (animated) from `window`'s root view controller, making a plain one
/// whose view sits behind the window's other views when it has none, as an app's screen would.
@MainActor
func present(_ controller: ViewController, in window: Window) {
    let root: ViewController
    if let existing = window.rootViewController {
        root = existing
    } else {
        root = ViewController()
        window.rootViewController = root
        window.sendSubviewToBack(root.view)
    }
    root.present(controller, animated: true)
}

extension Bench {
    /// Presents `controller` on the bench's window (``present(_:in:)``).
    func present(_ controller: ViewController) {
        PanelUITests.present(controller, in: window)
    }
}
