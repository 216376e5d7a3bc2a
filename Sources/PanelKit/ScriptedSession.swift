public import PanelCore
import PanelLinuxPlatform
public import PanelPlatform
public import PanelUI

/// What a headless run on a mock board does: fingers on the emulated glass at given times,
/// screenshots, and the checks that say the app did what it should.
///
/// The script is built after the window is laid out, from where the views actually are:
///
/// ```swift
/// let session = ScriptedSession { script in
///     script.tap(keypad.key("1"), at: 200)
///     script.screenshot("typed", at: 600)
///     script.expect("the status says one digit") { keypad.status.text == "•" }
/// }
/// ```
///
/// Times are milliseconds of the emulated chip's virtual clock from the start of the session;
/// points are UI points of the window (the board's rotation and calibration are applied as a
/// real finger would meet them).
public struct ScriptedSession {
    /// Builds the script once the window is on screen.
    public var build: @MainActor (SessionScript) -> Void
    /// The screenshot taken before the first finger (nil: none).
    public var firstScreenshot: String?
    /// The screenshot taken after the last finger lifted (nil: none).
    public var lastScreenshot: String?

    /// A session whose steps `build` adds to a ``SessionScript``; it screenshots the first frame as
    /// `firstScreenshot` and the last as `lastScreenshot` (nil for none).
    public init(firstScreenshot: String? = "start", lastScreenshot: String? = "end", _ build: @escaping @MainActor (SessionScript) -> Void) {
        self.build = build
        self.firstScreenshot = firstScreenshot
        self.lastScreenshot = lastScreenshot
    }
}

/// The fingers, screenshots and checks of a ``ScriptedSession``, written in its build closure.
@MainActor
public final class SessionScript {
    /// The window the fingers touch.
    public let window: Window
    private(set) var fingers: [ScriptedFinger] = []
    private(set) var screenshots: [(at: Int64, name: String)] = []
    private(set) var conditionalScreenshots: [(name: String, condition: @MainActor () -> Bool)] = []
    private(set) var checks: [(description: @MainActor () -> String, condition: @MainActor () -> Bool)] = []
    /// Input that is not a touch (a GPIO button, a remote's key, a shake), at its time.
    private(set) var inputs: [(at: Int64, input: @MainActor (MonotonicInstant) -> DeviceInput)] = []
    /// Pushes of the board's buttons by name, on their emulated lines.
    private(set) var buttonPushes: [(name: String, at: Int64, hold: Int64, bounces: Int)] = []
    /// Shakes of the board's emulated accelerometer.
    private(set) var boardShakes: [(at: Int64, duration: Int64)] = []
    /// Keys of the board's key devices going down or up, in time order.
    private(set) var keyEvents: [(at: Int64, code: UInt16, down: Bool)] = []
    /// Taps that could not reach their view (off screen, hidden or covered), found while building.
    private(set) var unreachable: [String] = []
    private var nextFinger = 0

    init(window: Window) { self.window = window }

    /// The centre of a view, in window points.
    public func center(of view: View) -> Point {
        let b = view.bounds
        return view.convert(Point(x: b.origin.x + b.size.width / 2, y: b.origin.y + b.size.height / 2), to: nil)
    }

    /// Adds a finger of one's own (for paths the helpers below do not cover).
    public func add(_ finger: (ScriptedFinger) -> ScriptedFinger) {
        nextFinger += 1
        fingers.append(finger(ScriptedFinger(nextFinger)))
    }

    /// A tap on a point: down at `ms`, lifted `hold` ms later. A point off the screen, or where
    /// a finger touches nothing (no view but the window's background) when the tap comes,
    /// fails the session, naming the tap; the tap is not made. (``tapOutside(at:at:hold:)``
    /// taps where nothing is meant to be; ``tap(label:at:hold:point:)`` finds a view by what
    /// it says.)
    public func tap(at point: Point, at ms: Int64, hold: Int64 = 70) {
        tap(at: ms, hold: hold) { [unowned self] in check(point, "the tap at \(ms) ms at (\(Int(point.x)), \(Int(point.y)))") }
    }

    /// `point` if a finger there touches a view on the screen now; else why not, after `place`.
    private func check(_ point: Point, _ place: String) -> Result<Point, TapProblem> {
        guard window.bounds.contains(point) else { return .failure("\(place) is off this \(screenSize) screen") }
        guard let hit = window.hitTest(point, with: nil), hit !== window || !window.gestureRecognizers.isEmpty else {
            return .failure("\(place) touches nothing there (no view takes touches at that point)")
        }
        return .success(point)
    }

    /// A tap on a view, found where it is when the tap comes (a view on a screen pushed
    /// later, laid out in another language, moved by an animation): `point` is where in it,
    /// as fractions of its width and height (the centre by default). A view in a scroll view
    /// that is scrolled out of sight (on a small panel, say) is scrolled into sight first, as
    /// XCUITest's `tap()` does. A view that a finger there would still not reach (not in the
    /// window, off the screen of this board, hidden, or covered) fails the session, naming the
    /// view; the tap is not made.
    public func tap(_ view: View, at ms: Int64, hold: Int64 = 70, point: Point = Point(x: 0.5, y: 0.5)) {
        tap(at: ms, hold: hold, on: Self.name(of: view), point: point) { view }
    }

    /// A tap on the view `find` returns when the tap comes (an alert's button, a row of a list
    /// that loads later), at `point` in it (fractions of its size), named `name` in the
    /// session's errors. A nil view, or one a finger cannot reach then, fails the session.
    public func tap(
        at ms: Int64, hold: Int64 = 70, on name: String, point: Point = Point(x: 0.5, y: 0.5), _ find: @escaping @MainActor () -> View?
    ) {
        tap(at: ms, hold: hold) { [unowned self] in
            guard let view = find() else { return .failure("the tap at \(ms) ms on \(name) finds no such view on the screen then") }
            return reach(view, named: name, at: ms, point: point)
        }
    }

    /// The window point at `point` (fractions of its size) in `view`, if a finger there reaches
    /// the view now; else why not.
    func reach(_ view: View, named name: String, at ms: Int64, point: Point) -> Result<Point, TapProblem> {
        scrollIntoSight(view)
        let b = view.bounds
        let target = view.convert(Point(x: b.origin.x + b.size.width * point.x, y: b.origin.y + b.size.height * point.y), to: nil)
        let place = "the tap at \(ms) ms on \(name) at (\(Int(target.x)), \(Int(target.y)))"
        guard view.window === window else { return .failure("\(place) cannot reach it: it is not on the screen then") }
        guard window.bounds.contains(target) else { return .failure("\(place) cannot reach it: it is off this \(screenSize) screen") }
        // The touch lands on the view, on a view inside it, or (for what takes no touches of its
        // own, a label in a control) on a view it is inside: anything else covers it.
        guard let hit = window.hitTest(target, with: nil) else {
            return .failure("\(place) cannot reach it on this \(screenSize) screen (hidden or covered)")
        }
        var inside: View? = hit
        while let v = inside, v !== view { inside = v.superview }
        var around: View? = view.superview
        while let v = around, v !== hit { around = v.superview }
        guard inside != nil || (around != nil && !view.isUserInteractionEnabled) else {
            return .failure("\(place) cannot reach it on this \(screenSize) screen (hidden or covered)")
        }
        return .success(target)
    }

    /// Scrolls each scroll view around `view`, the nearest first, so that the view is in its
    /// sight (at once: a finger comes next).
    private func scrollIntoSight(_ view: View) {
        var ancestor = view.superview
        while let current = ancestor {
            if let scroll = current as? ScrollView, view.window === window {
                scroll.scrollRectToVisible(view.convert(view.bounds, to: scroll), animated: false)
                window.layoutIfNeeded()
            }
            ancestor = current.superview
        }
    }

    /// A tap at the point (window points) `locate` gives when the tap comes: a part of a view
    /// that is not a view of its own (a segment, an alert's button). A nil point, or one off the
    /// screen or on nothing then, fails the session naming `name`; the tap is not made.
    public func tap(at ms: Int64, hold: Int64 = 70, on name: String, where locate: @escaping @MainActor () -> Point?) {
        tap(at: ms, hold: hold) { [unowned self] in
            guard let point = locate() else { return .failure("the tap at \(ms) ms on \(name) finds no such place on the screen then") }
            return check(point, "the tap at \(ms) ms on \(name) at (\(Int(point.x)), \(Int(point.y)))")
        }
    }

    /// A tap at the point `locate` gives when the tap comes (a failure's words fail the
    /// session, and the tap is not made).
    func tap(at ms: Int64, hold: Int64, _ locate: @escaping @MainActor () -> Result<Point, TapProblem>) {
        finger(at: ms, lasting: hold, locate: locate) { number, point in
            ScriptedFinger(number).down(at: point, after: .milliseconds(ms)).hold(for: .milliseconds(hold)).lift()
        }
    }

    /// A finger that goes down at `ms` where `locate` says when that time comes, and does what
    /// `shape` makes of it from there (given its number and that point), for `lasting` ms.
    func finger(
        at ms: Int64, lasting: Int64, locate: @escaping @MainActor () -> Result<Point, TapProblem>,
        _ shape: @escaping @MainActor (Int, Point) -> ScriptedFinger
    ) {
        deferredTaps.append(DeferredTap(at: ms, hold: lasting, locate: locate, shape: shape))
        deferredTaps.sort { $0.at < $1.at }
    }

    /// Why a tap could not be made, in words.
    struct TapProblem: Error, ExpressibleByStringInterpolation {
        let words: String
        /// Not a problem: the step found nothing it needs to do (a page key already shown).
        var isNothingToDo = false
        init(stringLiteral words: String) { self.words = words }
        /// The step has nothing to do, and no tap is made.
        static var nothingToDo: TapProblem {
            var problem: TapProblem = ""
            problem.isNothingToDo = true
            return problem
        }
    }

    /// A finger whose place is found when its time comes.
    struct DeferredTap {
        let at: Int64
        /// How long the finger stays down.
        let hold: Int64
        let locate: @MainActor () -> Result<Point, TapProblem>
        let shape: @MainActor (Int, Point) -> ScriptedFinger

        /// The finger, numbered `finger`, or the problem.
        @MainActor func finger(_ finger: Int) -> Result<ScriptedFinger, TapProblem> {
            locate().map { shape(finger, $0) }
        }
    }

    /// The taps still to come, in time order (PanelRuntime makes each when its time comes).
    private(set) var deferredTaps: [DeferredTap] = []

    /// A new finger's number.
    func nextFingerNumber() -> Int {
        nextFinger += 1
        return nextFinger
    }

    var screenSize: String { "\(Int(window.bounds.size.width))×\(Int(window.bounds.size.height))" }

    /// A view as the session's errors name it: its type, and a button's title or its label.
    static func name(of view: View) -> String {
        if let title = (view as? Button)?.currentTitle { return "\(type(of: view)) \"\(title)\"" }
        if let label = view.accessibilityLabel, !label.isEmpty { return "\(type(of: view)) \"\(label)\"" }
        return "\(type(of: view))"
    }

    /// Whether the screen reader is on (the board's `accessibility.screen-reader`, or
    /// `--screen-reader`): a session can then be played by keys alone, with ``activate(_:at:)``.
    public var isScreenReaderEnabled: Bool { window.application?.isScreenReaderEnabled ?? false }

    /// What the screen reader has said so far (a mock board's voice is a transcript).
    public var spoken: [String] { (window.application?.speechOutput as? SpeechTranscript)?.spoken ?? [] }

    /// Activates `view` at `ms` as its user would: a tap on it; with the screen reader on, by
    /// keys alone, as someone who cannot see the screen: the right (or left) arrow once per
    /// element from where the reader is to `view`, 250 ms apart, then select. Returns when the
    /// last press is made. A view the reader does not visit fails the session, naming it.
    @discardableResult
    public func activate(_ view: View, at ms: Int64) -> Int64 {
        guard isScreenReaderEnabled else {
            tap(view, at: ms)
            return ms
        }
        let order = window.accessibilityReadingOrder()
        guard let target = order.firstIndex(where: { $0 === view }) else {
            unreachable.append(
                "the screen reader never reaches \(type(of: view)) \"\(view.accessibilityLabel ?? "")\" (activated at \(ms) ms): it is not in the reading order"
            )
            return ms
        }
        let current = window.application?.screenReader?.focusedElement
        let from = readerIndex ?? order.firstIndex { $0 === current } ?? -1
        let presses = Self.readerPresses(from: from, to: target, at: ms, spacing: 250)
        for step in presses { press(step.type, at: step.at) }
        readerIndex = target
        return presses[presses.count - 1].at
    }

    /// The presses that take a screen reader from element `from` of the reading order (-1:
    /// before the first) to element `to` and select it: the right (or left) arrow once per
    /// element, `spacing` ms apart from `ms`, then select. Never empty: select comes last.
    static func readerPresses(from: Int, to: Int, at ms: Int64, spacing: Int64) -> [(at: Int64, type: PressType)] {
        var presses: [(at: Int64, type: PressType)] = []
        var time = ms
        for _ in 0 ..< abs(to - from) {
            presses.append((time, to > from ? .rightArrow : .leftArrow))
            time += spacing
        }
        presses.append((time, .select))
        return presses
    }

    /// A press as its two inputs: down at `ms`, up `hold` ms later.
    static func pressInputs(_ type: PressType, at ms: Int64, hold: Int64 = 80) -> [(at: Int64, input: @MainActor (MonotonicInstant) -> DeviceInput)] {
        [(ms, { .press(type, .began, timestamp: $0) }), (ms + hold, { .press(type, .ended, timestamp: $0) })]
    }

    /// Where the reader will be once the keys scripted so far are played (nil: where it is now).
    private var readerIndex: Int?

    /// Steps played by keys alone, one after another from ``keyStepsBegin``: each finds its
    /// element when its turn comes (on the screen the steps before it led to).
    private(set) var keySteps: [KeyStep] = []
    /// When the first of the ``activateByKeys(_:pause:_:)`` steps begins, in ms. Default 500.
    public var keyStepsBegin: Int64 = 500

    /// With the screen reader on, a step played by keys alone after the ones added before it:
    /// when its turn comes, `target` names the element on the screen as it is then, and the
    /// reader is moved to it with the arrows (150 ms apart) and select is pressed; the next
    /// step begins `pause` ms later (time for a screen to slide in). Use this where a step
    /// changes the screen (a push, a sheet, the keyboard); ``activate(_:at:)`` plans from the
    /// first screen. A target that is nil, or that the reader never reaches, fails the session
    /// naming `name`, and the steps after it are not played.
    public func activateByKeys(_ name: String, pause: Int64 = 600, _ target: @escaping @MainActor () -> View?) {
        keySteps.append(KeyStep(name: name, pause: pause, target: target))
    }

    /// With the screen reader on, types `text` on the on-screen keyboard by keys alone, after
    /// the steps added before it: each character's key (shift first for a capital) is reached
    /// with the arrows and typed with select, as ``activateByKeys(_:pause:_:)`` does.
    public func typeByKeys(_ text: String) {
        for character in text {
            let label = character == " " ? "space" : String(character)
            if character.isUppercase { activateByKeys("the shift key", pause: 300) { [unowned self] in keyboardKey("shift") } }
            activateByKeys("the key \"\(label)\"", pause: 300) { [unowned self] in keyboardKey(label) }
        }
    }

    /// The first element in the reading order labelled `label` now (for an
    /// ``activateByKeys(_:pause:_:)`` target: the "OK" of an alert that is not up yet).
    public func element(labelled label: String) -> View? {
        window.accessibilityReadingOrder().first { $0.accessibilityLabel == label }
    }

    /// The on-screen keyboard's key labelled `label` now, as a screen reader's element (case
    /// matters only for single characters: "A" after shift, "done" or "Done").
    public func keyboardKey(_ label: String) -> View? {
        window.accessibilityReadingOrder().first {
            $0.accessibilityTraits.contains(.keyboardKey)
                && ($0.accessibilityLabel == label || $0.accessibilityLabel?.lowercased() == label.lowercased() && label.count > 1)
        }
    }

    /// A keys-only step: which element, named for errors, and the pause after it.
    struct KeyStep {
        let name: String
        let pause: Int64
        let target: @MainActor () -> View?
    }

    /// A finger that lands on `from` at `ms`, slides to `to` over `duration` ms, rests 40 ms and lifts.
    public func drag(from: Point, to: Point, at ms: Int64, over duration: Int64 = 300) {
        add {
            $0.down(at: from, after: .milliseconds(ms)).move(to: to, over: .milliseconds(duration))
                .hold(for: .milliseconds(40)).lift()
        }
    }

    /// A button (a GPIO key, a keypad's key) pressed at `ms` and released `hold` ms later, as
    /// the Linux platform's button and key sources deliver it.
    public func press(_ type: PressType, at ms: Int64, hold: Int64 = 80) {
        for entry in Self.pressInputs(type, at: ms, hold: hold) { add(input: entry.input, at: entry.at) }
    }

    /// A push of the board's button named `name` (its press in the board file: `menu`,
    /// `select`, `key-59`) at `ms`, released `hold` ms later, on its emulated GPIO line: the
    /// contact bounces `bounces` times each way, and the real debounce and hold logic (the
    /// board's `debounce-ms`, `repeat`, `long-press`) decide the presses, as on the board. A
    /// name the board has no button for fails the session, naming the ones it has.
    public func push(button name: String, at ms: Int64, hold: Int64 = 80, bounces: Int = 0) {
        buttonPushes.append((name, ms, hold, bounces))
    }

    /// The board shaken from `ms` for `duration` ms (swung side to side at 5 Hz, 2.5 g peaks):
    /// its emulated accelerometer's interrupt, samples and the real shake detector decide the
    /// shake the app gets, as on the board. A board with no `motion` block fails the session.
    /// (``shake(at:for:)`` delivers the detector's output directly, on any board.)
    public func shakeBoard(at ms: Int64, for duration: Int64 = 600) {
        boardShakes.append((ms, duration))
    }

    /// A key of the board's key devices (its Linux key code: 28 Enter, 103 Up, 30 A) pressed
    /// at `ms` and released `hold` ms later: the events its evdev device would send go through
    /// the real key decoder and the board's layout, as on the board (a press, typed text, a
    /// remote command). A board with no `keys` devices fails the session.
    public func key(_ code: UInt16, at ms: Int64, hold: Int64 = 80) {
        keyEvents.append((ms, code, true))
        keyEvents.append((ms + hold, code, false))
        keyEvents.sort { $0.at < $1.at }
    }

    /// A remote's command (an IR key through rc-core) at `ms`.
    public func remote(_ command: RemoteControlCommand, at ms: Int64) {
        add(input: { .remoteControl(command, timestamp: $0) }, at: ms)
    }

    /// A shake that begins at `ms` and ends `duration` ms later, as the accelerometer's shake
    /// detector reports it.
    public func shake(at ms: Int64, for duration: Int64 = 500) {
        add(input: { .shake(.began, timestamp: $0) }, at: ms)
        add(input: { .shake(.ended, timestamp: $0) }, at: ms + duration)
    }

    private func add(input: @escaping @MainActor (MonotonicInstant) -> DeviceInput, at ms: Int64) {
        inputs.append((ms, input))
        inputs.sort { $0.at < $1.at }
    }

    /// A PNG of the screen at `ms`, written as `<output>/<name>.png`.
    public func screenshot(_ name: String, at ms: Int64) {
        screenshots.append((ms, name))
        screenshots.sort { $0.at < $1.at }
    }

    /// A PNG of the screen the first time `condition` holds after a step (a pressed look, say).
    public func screenshot(_ name: String, when condition: @escaping @MainActor () -> Bool) {
        conditionalScreenshots.append((name, condition))
    }

    /// Makes the session last at least until `ms` of virtual time (a task's wait on the app's
    /// `Application.taskClock`, a timer), even after its last finger and screenshot.
    public func runs(until ms: Int64) {
        endsNoEarlierThan = max(endsNoEarlierThan, ms)
    }
    private(set) var endsNoEarlierThan: Int64 = 0

    /// A check made when the session has ended; a failed one fails the run with its
    /// description, which is read then: "count is \(screen.count)" names the count at the end.
    public func expect(_ description: @autoclosure @escaping @MainActor () -> String, _ condition: @escaping @MainActor () -> Bool) {
        checks.append((description, condition))
    }
}

/// What a headless session did.
public struct SessionReport: Sendable {
    /// The screenshots written, in order (file names).
    public var screenshots: [String] = []
    /// What the screen reader said, in order (with the reader on: `--screen-reader`).
    public var spoken: [String] = []
    /// What the accessibility audit found (with `--a11y-audit`), each at the first moment it
    /// showed: `start`, a screenshot's name, or `end`.
    public var accessibilityFindings: [(moment: String, finding: AccessibilityAuditFinding)] = []
    /// How many moments the audit looked at (0 without `--a11y-audit`).
    public var auditedMoments = 0
    /// What the input pipeline counted.
    public var statistics = InputStatistics()
    /// Frames the display drew.
    public var framesDrawn = 0
    /// Frames lost between the input thread and the UI, and touches dropped (both must be 0).
    public var lostFrames: UInt64 = 0
    /// Touch-downs the application dropped because every pooled touch was in use.
    public var droppedTouches: UInt64 = 0
    /// The checks that failed (descriptions), and input-path losses.
    public var problems: [String] = []
    /// The signal (SIGINT or SIGTERM) that cut the session short, if one did: the touches and
    /// presses down then were cancelled, and the checks were not made.
    public var stoppedBySignal: Int32?
}
