public import PanelBench
public import PanelCore
public import PanelGraphics
public import PanelUI
public import Testing

/// Unit-tests a screen the way a finger meets it: an application and a full-screen window on a
/// manual clock, fed by an emulated FT6x06 or GT911 through the real driver, tracker and queue.
///
/// ```swift
/// @Test("the plus key raises the setpoint by half a degree")
/// @MainActor func plus() throws {
///     let screen = ThermostatController()
///     let tester = try ScreenTester(size: Size(width: 800, height: 480), controller: .gt911)
///     tester.window.rootViewController = screen
///     tester.tap(screen.plus)
///     #expect(screen.setpoint == 21.5)
/// }
/// ```
///
/// Every touch helper plays its fingers to the end (and `settle` ms past it), turning the
/// application's run loop after each controller report and firing its timers at their
/// deadlines, so that double taps wait and long presses fire as on a device. ``advance(by:)``
/// moves the clock on with the timers firing on the way.
@MainActor
public final class ScreenTester {
    /// Which emulated controller the fingers go through.
    public enum Controller: Sendable {
        /// A FocalTech FT6336U (two contacts).
        case ft6x06
        /// A Goodix GT911 (five contacts), after its reset and address strap.
        case gt911
    }

    private enum Panel {
        case focaltech(EmulatedFT6x06Panel)
        case goodix(EmulatedGT911Panel)
    }

    /// The clock the chip, driver and application run on.
    public let clock: ManualClock
    /// The application (its clock is ``clock``, its queue the emulated panel's).
    public let application: Application
    /// The window, filling the screen, key and visible.
    public let window: Window
    /// Which controller is emulated.
    public let controller: Controller
    private var panel: Panel
    /// The script the chip reads from: kept until the next one, since the chip's report timer
    /// still consults it when the clock moves on.
    private var playing: TouchScript?
    private let transform: TouchscreenTransform
    /// The framebuffer drawn into when the tester was made with `drawing: true`.
    public let framebuffer: MemoryFramebuffer?
    /// The board's push buttons added with ``addButton(_:type:debounce:mode:holding:)``.
    public private(set) var buttons: [BenchButton] = []
    /// The board's accelerometer added with ``addAccelerometer(shakeThreshold:)``.
    public private(set) var motion: BenchMotion?

    /// Builds the application, window and emulated panel.
    /// - Parameters:
    ///   - size: the screen in points (also the panel in pixels).
    ///   - controller: the emulated controller.
    ///   - drawing: whether the application draws into a memory framebuffer (for `screenshot()`).
    public init(size: Size = Size(width: 800, height: 480), controller: Controller = .ft6x06, drawing: Bool = true) throws {
        let width = Int(size.width), height = Int(size.height)
        self.controller = controller
        let queue: EventQueue
        switch controller {
        case .ft6x06:
            let p = try EmulatedFT6x06Panel(width: width, height: height)
            clock = p.clock
            queue = p.queue
            transform = p.transform
            panel = .focaltech(p)
        case .gt911:
            let p = try EmulatedGT911Panel(width: width, height: height)
            clock = p.clock
            queue = p.queue
            transform = p.transform
            panel = .goodix(p)
        }
        application = Application(clock: clock, eventQueue: queue)
        if drawing {
            let framebuffer = MemoryFramebuffer(width: width, height: height, format: .xrgb8888)
            self.framebuffer = framebuffer
            application.display = Display(framebuffer: framebuffer)
        } else {
            framebuffer = nil
        }
        window = Window(frame: Rect(origin: .zero, size: size))
        application.addWindow(window)
        window.makeKeyAndVisible()
        application.runOnce()
    }

    // MARK: - Fingers

    /// The centre of a view in window points.
    public func center(of view: View) -> Point {
        let b = view.bounds
        return view.convert(Point(x: b.origin.x + b.size.width / 2, y: b.origin.y + b.size.height / 2), to: nil)
    }

    /// Plays a script (window points, times from now) through the emulated controller, then
    /// runs on for `settle`, turning the run loop after every report.
    public func play(_ script: TouchScript, settle: MonotonicDuration = .milliseconds(50)) {
        application.runOnce()
        let transform = self.transform
        let mapped = script.mapped { point in
            let raw = transform.controllerPoint(for: point) ?? (0, 0)
            return Point(x: Double(raw.x), y: Double(raw.y))
        }
        playing = mapped
        let app = application
        switch panel {
        case .focaltech(var p):
            mapped.play(on: p.chip, clock: clock)
            p.run(until: mapped.end(plus: settle)) { app.runOnce() }
            panel = .focaltech(p)
        case .goodix(var p):
            mapped.play(on: p.chip, clock: clock)
            p.run(until: mapped.end(plus: settle)) { app.runOnce() }
            panel = .goodix(p)
        }
        application.runOnce()
    }

    /// Taps a point: down, held `hold`, lifted.
    public func tap(at point: Point, hold: MonotonicDuration = .milliseconds(70), settle: MonotonicDuration = .milliseconds(50)) {
        play(TouchScript(ScriptedFinger(1).down(at: point).hold(for: hold).lift()), settle: settle)
    }

    /// Taps the centre of a view. Records an issue (at the caller) when a finger there would
    /// not reach the view: it is hidden, off screen or covered by another view.
    public func tap(
        _ view: View, hold: MonotonicDuration = .milliseconds(70), settle: MonotonicDuration = .milliseconds(50),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let point = center(of: view)
        if !reaches(view, at: point) {
            let hit = application.hitTest(point).map { "\(type(of: $0.view))" } ?? "nothing"
            Issue.record("a tap at \(point) would reach \(hit), not this \(type(of: view))", sourceLocation: sourceLocation)
            return
        }
        tap(at: point, hold: hold, settle: settle)
    }

    /// Taps the view labelled `label` (a button's title, a tab's title, a segment's:
    /// `Window.elements(labelled:)`), at the middle of it. Records an issue (at the caller) when
    /// no view or part has the label, or two do.
    public func tap(
        label: String, hold: MonotonicDuration = .milliseconds(70), settle: MonotonicDuration = .milliseconds(50),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = window.elements(labelled: label)
        guard found.count == 1, let element = found.first else {
            let names = found.map { "\(type(of: $0.view)) at (\(Int($0.frame.minX)), \(Int($0.frame.minY)))" }
            Issue.record(
                found.isEmpty
                    ? "no view or part labelled \"\(label)\" is on the screen"
                    : "\(found.count) views or parts are labelled \"\(label)\": \(names.joined(separator: ", "))",
                sourceLocation: sourceLocation)
            return
        }
        tap(at: Point(x: element.frame.midX, y: element.frame.midY), hold: hold, settle: settle)
    }

    /// A long press on a view: held `duration` (default 0.8 s, past the 0.5 s threshold).
    public func longPress(_ view: View, duration: MonotonicDuration = .milliseconds(800), sourceLocation: SourceLocation = #_sourceLocation) {
        tap(view, hold: duration, sourceLocation: sourceLocation)
    }

    /// A finger that lands on `from`, slides to `to` over `duration`, rests 40 ms and lifts.
    public func drag(from: Point, to: Point, over duration: MonotonicDuration = .milliseconds(300)) {
        play(TouchScript(ScriptedFinger(1).down(at: from).move(to: to, over: duration).hold(for: .milliseconds(40)).lift()))
    }

    private func reaches(_ view: View, at point: Point) -> Bool {
        guard let hit = application.hitTest(point)?.view else { return false }
        var v: View? = hit
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    // MARK: - Buttons

    /// Adds a push button on an emulated GPIO line, as a board file's `buttons` entry declares
    /// one: its press, debounce and what holding it does. Push it with ``push(button:hold:bounces:settle:sourceLocation:)``.
    @discardableResult
    public func addButton(
        _ name: String, type: PressType, debounce: MonotonicDuration = .milliseconds(10), mode: Debouncer.Mode = .eager,
        holding: PressHold.Behavior = .single
    ) -> BenchButton {
        let button = BenchButton(name: name, type: type, clock: clock, interval: debounce, mode: mode, holding: holding)
        buttons.append(button)
        return button
    }

    /// Pushes the button named `name` now, holds it for `hold` with its contact bouncing
    /// `bounces` times each way, releases it and runs on for `settle`: its line goes through the
    /// real debounce and hold logic, and the presses it makes reach the key window's first
    /// responder, with the application's timers and run loop turned at every step. Records an
    /// issue (at the caller) for a name no button has.
    public func push(
        button name: String, hold: MonotonicDuration = .milliseconds(80), bounces: Int = 0, settle: MonotonicDuration = .milliseconds(50),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let button = buttons.first(where: { $0.name == name }) else {
            Issue.record("no button named \"\(name)\": add it with addButton(_:type:)", sourceLocation: sourceLocation)
            return
        }
        button.schedulePush(at: clock.now + .milliseconds(1), for: hold, bounces: bounces)
        runDevices(until: clock.now + .milliseconds(1) + hold + .milliseconds(Int64(2 * max(bounces, 0))) + settle)
    }

    /// Adds an accelerometer (an emulated LIS3DH read by the real driver and shake detector),
    /// as a board file's `motion` block declares one. Shake it with `shake(for:settle:)`.
    /// - Throws: `MotionSensorError` if the emulated chip does not start (it always does).
    @discardableResult
    public func addAccelerometer(shakeThreshold: Double = 1.0) throws -> BenchMotion {
        let added = try BenchMotion(clock: clock, shakeThreshold: shakeThreshold)
        motion = added
        return added
    }

    /// Shakes the board for `duration` (swung side to side at 5 Hz, 2.5 g peaks) and runs on
    /// for `settle`: the accelerometer's interrupt, samples and shake detector decide the shake
    /// that reaches the key window's first responder. Records an issue (at the caller) when no
    /// accelerometer was added.
    public func shake(
        for duration: MonotonicDuration = .milliseconds(600), settle: MonotonicDuration = .milliseconds(1_200),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let motion else {
            Issue.record("no accelerometer to shake: add one with addAccelerometer()", sourceLocation: sourceLocation)
            return
        }
        motion.scheduleShake(at: clock.now + .milliseconds(1), for: duration)
        runDevices(until: clock.now + .milliseconds(1) + duration + settle)
    }

    /// Steps the clock a millisecond at a time until `end`, reading the buttons and the
    /// accelerometer and turning the run loop after each step.
    private func runDevices(until end: MonotonicInstant) {
        let app = application
        app.runOnce()
        while clock.now < end {
            clock.advance(to: min(clock.now + .milliseconds(1), end))
            for button in buttons { button.poll { app.handle($0) } }
            motion?.poll { app.handle($0) }
            app.runOnce()
        }
    }

    // MARK: - Time

    /// Moves the clock on by `duration`, firing the application's timers at their deadlines in
    /// order and turning its run loop after each (as the Linux run loop's timerfd would).
    public func advance(by duration: MonotonicDuration) {
        let end = clock.now + duration
        application.runOnce()
        while let deadline = application.nextTimerDeadline, deadline <= end {
            if deadline > clock.now { clock.advance(to: deadline) }
            application.runOnce()
        }
        if end > clock.now { clock.advance(to: end) }
        application.runOnce()
    }

    // MARK: - Pixels

    /// The screen as it is now (after a run-loop turn), for `writePNG(to:)` or pixel checks.
    public func screenshot(sourceLocation: SourceLocation = #_sourceLocation) -> Image? {
        guard let framebuffer else {
            Issue.record("the tester was made with drawing: false", sourceLocation: sourceLocation)
            return nil
        }
        application.runOnce()
        return framebuffer.screenshot()
    }
}
