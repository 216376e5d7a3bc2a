/// The object that runs the UI: UIKit's `UIApplication`.
///
/// It owns the windows, turns `TouchFrame`s from the `EventQueue` into ``Touch`` and
/// ``Event`` objects (taking touches from a preallocated pool), dispatches them, sends actions,
/// and runs the run-loop core: fixed-capacity timers on an injected clock, and the layout pass.
/// The Linux run loop (epoll, timerfd, the queue's eventfd) drives ``runOnce()``; tests drive it
/// directly with a `ManualClock`.
///
/// Its ``next`` responder is the ``delegate`` when that is a plain ``Responder`` (not a view, a
/// view controller or an application), so unhandled events end there (A12).
@MainActor
open class Application: Responder, RunLoopClient {
    // MARK: - Creating

    // The stored state read on every turn and every action is exempt from dynamic exclusivity
    // checks (`@exclusivity(unchecked)`): main actor only, and no access stays open across a call
    // out to app code (a timer's handler runs after its `takeDue` access has ended).
    /// The clock that timers and ``tapCountInterval`` are measured on; it must be the clock the
    /// touch source stamps frames with.
    public let clock: any MonotonicClock
    /// The queue ``runOnce()`` drains, if any (fixed at construction: a run loop sleeps on its
    /// wake-up).
    public let eventQueue: EventQueue?

    // Each feature's state is one value, declared in the feature's folder.
    /// The screen's power (PowerState.swift).
    @exclusivity(unchecked) var powerState = PowerState()
    /// What the metrics read (HealthState.swift).
    @exclusivity(unchecked) var health = HealthState()
    /// Fonts, text size, theme, style, contrast, dark hours (Appearance/AppearanceSettings.swift).
    @exclusivity(unchecked) var appearanceState = AppearanceSettings()
    /// Strings and locale (Language/LanguageState.swift).
    @exclusivity(unchecked) var languageState = LanguageState()
    /// The screen reader, its voice, time limits (Accessibility/AccessibilityState.swift).
    @exclusivity(unchecked) var accessibilityState = AccessibilityState()
    /// Background image decodes (Media/ImageLoadState.swift).
    @exclusivity(unchecked) var imageLoads = ImageLoadState()

    /// The idle policy's monitor, while there is a policy.
    final var idleMonitor: IdleMonitor? { powerState.idleMonitor }

    /// Creates an application.
    /// - Parameters:
    ///   - clock: the monotonic clock of the touch source.
    ///   - eventQueue: the queue the input thread fills.
    ///   - timerCapacity: how many timers may be scheduled at once.
    ///   - touchCapacity: how many fingers may be down at once (the pool's size), 1 to
    ///     ``TouchSet/capacity``.
    ///
    /// A capacity out of range is a mistake that is reported (`UsageWarning`) and clamped.
    public init(
        clock: any MonotonicClock, eventQueue: EventQueue? = nil,
        timerCapacity: Int = 64, touchCapacity: Int = TouchSet.capacity
    ) {
        let touches = min(max(touchCapacity, 1), TouchSet.capacity)
        if touches != touchCapacity {
            UsageWarning.report("Application(touchCapacity:)", "\(touchCapacity) is outside 1…\(TouchSet.capacity), so \(touches) was used")
        }
        let timerSlots = max(timerCapacity, 1)
        if timerSlots != timerCapacity {
            UsageWarning.report("Application(timerCapacity:)", "\(timerCapacity) is not positive, so 1 was used")
        }
        self.clock = clock
        self.eventQueue = eventQueue
        self.timers = TimerTable(capacity: timerSlots)
        super.init()
        _touchDispatcher = TouchDispatcher(application: self, touchCapacity: touches)
    }

    /// The touches go back to the process's reservoir, cleared: a touch and the recognizers it
    /// is delivered to refer to each other until the gesture resets, so an application that goes
    /// away mid-gesture breaks those references here and its recognizers and views are released
    /// with it.
    isolated deinit {
        _touchDispatcher?.shutDown()
        // The windows that live on (an app still holds them) are in no application any more.
        for window in windows { window.application = nil }
        // A task asleep on the clock throws rather than wait for a timer that cannot fire.
        clockSleepers?.cancelAll()
    }

    /// Set at the end of `init` (the dispatcher refers back to the application, which a stored
    /// property's initial value cannot) and never cleared.
    @exclusivity(unchecked) private var _touchDispatcher: TouchDispatcher?

    /// The owner of this application's touches.
    var touchDispatcher: TouchDispatcher { _touchDispatcher.unsafelyUnwrapped }

    /// The app's delegate. When it is a plain ``Responder`` it ends the responder chain.
    @exclusivity(unchecked) public var delegate: (any ApplicationDelegate)?

    /// The delegate, when it is a plain responder (A12).
    open override var next: Responder? {
        guard let responder = delegate as? Responder else { return nil }
        if responder is View || responder is ViewController || responder is Application { return nil }
        return responder
    }

    // MARK: - Windows

    /// The windows, back to front: by ``Window/windowLevel``, then in the order they were
    /// brought to the front.
    @exclusivity(unchecked) public private(set) var windows: [Window] = []

    /// The key window.
    public internal(set) var keyWindow: Window? {
        get { _keyWindow }
        set { _keyWindow = newValue }
    }
    // Unowned and unchecked, yet never dangling: only a window in ``windows`` becomes key, and
    // `removeWindow(_:)` clears it when that window leaves.
    @exclusivity(unchecked) private unowned(unsafe) var _keyWindow: Window?

    /// Where the windows are drawn; nil draws nothing. Setting it schedules a full redraw.
    @exclusivity(unchecked) public var display: Display? {
        didSet { display?.setNeedsDisplay() }
    }

    /// The last error ``runOnce()`` met while presenting, if any.
    public final internal(set) var lastRenderError: FramebufferError? {
        get { health.lastRenderError }
        set { health.lastRenderError = newValue }
    }

    /// Adds a window to the application (it stays hidden until ``Window/makeKeyAndVisible()``
    /// or `isHidden = false`).
    public func addWindow(_ window: Window) {
        if window.application === self { return }
        window.application?.removeWindow(window)
        window.application = self
        windows.append(window)
        windowOrderChanged()
        if !window.isHidden { window.invalidateScreen(window.frame) }
    }

    /// Removes a window; touches in it are cancelled.
    public func removeWindow(_ window: Window) {
        guard window.application === self else { return }
        touchDispatcher.cancelTouches(in: window)
        windows.removeAll { $0 === window }
        if keyWindow === window { keyWindow = nil }
        if !window.isHidden { window.invalidateScreen(window.frame) }
        window.application = nil
    }

    func bringToFront(_ window: Window) {
        guard let index = windows.firstIndex(where: { $0 === window }) else { return }
        windows.append(windows.remove(at: index))
        windowOrderChanged()
    }

    func windowOrderChanged() {
        // A stable sort by level keeps the front-to-back order within a level.
        var ordered: [Window] = []
        ordered.reserveCapacity(windows.count)
        for level in Set(windows.map(\.windowLevel)).sorted() {
            for window in windows where window.windowLevel == level { ordered.append(window) }
        }
        if !ordered.elementsEqual(windows, by: ===) { display?.setNeedsDisplay() }
        windows = ordered
    }

    /// The window and view that a point in screen coordinates hits (E26): windows from front to
    /// back, hidden ones skipped.
    public func hitTest(_ screenPoint: Point, with event: Event? = nil) -> (window: Window, view: View)? {
        var index = windows.count - 1
        while index >= 0 {
            let window = windows[index]
            index -= 1
            if window.isHidden { continue }
            let local = window.convertFromScreen(screenPoint)
            if let view = window.hitTest(local, with: event ?? window.touchesEvent) {
                return (window, view)
            }
        }
        return nil
    }

    // MARK: - Ignoring interaction

    @exclusivity(unchecked) private var ignoreCount = 0

    /// Whether new touches are being dropped (``beginIgnoringInteractionEvents()``).
    public var isIgnoringInteractionEvents: Bool { ignoreCount > 0 }

    /// Starts dropping new touch-downs; touches already down continue to their end (E9). Calls
    /// nest: each must be balanced by ``endIgnoringInteractionEvents()``.
    public func beginIgnoringInteractionEvents() { ignoreCount += 1 }

    /// Balances one ``beginIgnoringInteractionEvents()``. Extra calls are ignored.
    public func endIgnoringInteractionEvents() { ignoreCount = max(0, ignoreCount - 1) }

    // MARK: - Touches

    /// The tapCount window: a touch-down within this time of the previous tap's lift, and within
    /// ``tapCountDistance`` of its touch-down, continues the count (E13). Default 0.35 s.
    @exclusivity(unchecked) public var tapCountInterval = MonotonicDuration.milliseconds(350)
    /// The tapCount distance in points (E13). Default 45.
    @exclusivity(unchecked) public var tapCountDistance = 45.0

    /// Touch-downs dropped because every pooled touch was in use.
    public var droppedTouchCount: UInt64 { touchDispatcher.droppedTouchCount }
    /// Frames the queue reported lost (each loss cancels every touch).
    public final internal(set) var lostFrameCount: UInt64 {
        get { health.lostFrameCount }
        set { health.lostFrameCount = newValue }
    }
    /// The timestamp of the last touch frame handled (the controller's interrupt edge, on the
    /// touch source's clock): an action can measure touch-to-action latency against it.
    public var lastFrameTimestamp: MonotonicInstant? { touchDispatcher.lastFrameTimestamp }

    // MARK: - Health (metrics read these; recording them allocates nothing)

    /// Fingers that came down since the start.
    public var touchDownCount: UInt64 { touchDispatcher.touchDownCount }
    /// Actions sent for touch events (a button's tap, a slider's change) since the start.
    public final internal(set) var touchActionCount: UInt64 {
        get { health.touchActionCount }
        set { health.touchActionCount = newValue }
    }
    /// The latest touch → action latencies: from the touch frame's timestamp (the
    /// controller's interrupt edge) to the action being sent.
    public final var touchActionLatencies: SampleRing { health.touchActionLatencies }
    /// The latest frames' drawing and presenting times (with a page flip's wait for the one
    /// before).
    public final var renderDurations: SampleRing { health.renderDurations }
    /// Whether touch → action latencies and render times go into the rings above (set by a
    /// metrics exporter): off, a tap and a frame read no extra clock and write nothing.
    public final var recordsLatencySamples: Bool {
        get { health.recordsLatencySamples }
        set { health.recordsLatencySamples = newValue }
    }

    /// Turns one frame into touches and dispatches it: each window with changed touches gets
    /// its touches event through ``sendEvent(_:)``.
    public func handle(_ frame: TouchFrame) {
        if !accessibilityState.timeLimits.isEmpty, frame.beginsOrEndsContact { noteActivityForTimeLimits() }
        if let idleMonitor {
            let filtered = idleMonitor.filter(frame)
            if let screenReader { screenReader.handleTouches(filtered) } else { touchDispatcher.handle(filtered) }
        } else if let screenReader {
            screenReader.handleTouches(frame)
        } else {
            touchDispatcher.handle(frame)
        }
    }

    // MARK: - Screen power

    /// When the screen dims and blanks without input, and whether the touch that wakes it is
    /// swallowed (``IdlePolicy``); nil (the default): the screen stays on. Setting it lights
    /// the screen and starts counting from now.
    public final var idlePolicy: IdlePolicy? {
        get { powerState.idlePolicy }
        set {
            powerState.idlePolicy = newValue
            idleMonitor?.stop()
            if let idleMonitor, idleMonitor.state != .on { screenPower?.apply(.on) }
            powerState.idleMonitor = newValue.map { IdleMonitor(policy: $0, application: self) }
        }
    }

    /// What dims and blanks the screen: the platform's backlight and display power (nil: the
    /// policy's state changes only reach the delegate). Set while the policy has the screen
    /// dimmed or blanked, it is put in that state at once.
    public final var screenPower: (any ScreenPower)? {
        get { powerState.screenPower }
        set {
            powerState.screenPower = newValue
            if let idleMonitor, idleMonitor.state != .on { newValue?.apply(idleMonitor.state) }
        }
    }

    /// The local wall clock, for the idle policy's off hours (the Linux and simulator
    /// platforms set the system's; nil: off hours are not kept).
    public final var localClock: (any LocalClock)? {
        get { powerState.localClock }
        set {
            powerState.localClock = newValue
            idleMonitor?.wallClockDidChange()
            if appearanceState.darkSchedule != nil { followDarkSchedule() }
        }
    }

    /// The platform saw the wall clock set: what waits for a time of day measures again.
    public func wallClockDidChange() {
        idleMonitor?.wallClockDidChange()
        if appearanceState.darkSchedule != nil { followDarkSchedule() }
    }

    /// The screen's state under the idle policy (always on without one).
    public var screenState: ScreenState { idleMonitor?.state ?? .on }

    /// Cancels every touch that is down (B37: the system interrupted input — a lost frame, a
    /// controller reset, a modal takeover). Views get `touchesCancelled`, controls `touchCancel`.
    /// Called from inside a touch handler, it runs when that frame's dispatch is over.
    public func cancelAllTouches() {
        touchDispatcher.cancelAllTouches()
    }

    // MARK: - Events

    /// Dispatches an event: a touches event to its window, motion, remote-control and press
    /// events to the key window (and to the application itself when there is none).
    /// Overrides must call `super`.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches:
            event.window?.sendEvent(event)
        case .motion, .remoteControl, .presses:
            if let keyWindow {
                keyWindow.sendEvent(event)
            } else {
                deliverWithoutWindow(event)
            }
        }
    }

    private func deliverWithoutWindow(_ event: Event) {
        switch event.type {
        case .touches: break
        case .motion:
            switch event.motionPhase {
            case .began: motionBegan(event.subtype, with: event)
            case .ended: motionEnded(event.subtype, with: event)
            case .cancelled: motionCancelled(event.subtype, with: event)
            }
        case .remoteControl: remoteControlReceived(with: event)
        case .presses:
            pressesBegan(event.allPresses.filter { $0.phase == .began }, with: event)
            pressesEnded(event.allPresses.filter { $0.phase == .ended }, with: event)
        }
    }

    /// Sends a motion event (on a panel: a shake from an accelerometer) to the key window's
    /// first responder.
    public func sendMotion(_ subtype: Event.Subtype = .motionShake, phase: Event.MotionPhase) {
        let event = Event(type: .motion, subtype: subtype, timestamp: clock.now)
        event.motionPhase = phase
        sendEvent(event)
    }

    /// Sends a remote-control command (a media remote, or GPIO keys the app maps) to the key
    /// window's first responder. A subtype that is not a `remoteControl…` one is a mistake that
    /// is reported (`UsageWarning`) and ignored.
    public func sendRemoteControl(_ subtype: Event.Subtype) {
        guard subtype.rawValue >= 100 else {
            UsageWarning.report(
                "sendRemoteControl(_:)", "\(subtype) is not a remote-control subtype, so nothing was sent: pass one of the remoteControl… subtypes")
            return
        }
        sendEvent(Event(type: .remoteControl, subtype: subtype, timestamp: clock.now))
    }

    /// Sends presses (physical buttons) to the key window's first responder, grouped by phase.
    public func sendPresses(_ presses: Set<Press>) {
        let event = Event(type: .presses, timestamp: clock.now)
        event.allPresses = presses
        sendEvent(event)
    }

    // MARK: - Actions

    /// Sends an action (A18): to `target` when it is given; with a nil target, to the first
    /// responder that can perform it, searching from the first responder of the sender's
    /// window (or of the key window when the sender is in no window), else from the sender (E20).
    /// Closure actions need no target. Returns true if something performed the action.
    /// Controls call this from ``Control/sendAction(_:to:for:)``; override to observe or
    /// redirect every action.
    @discardableResult
    open func sendAction(_ action: Action, to target: AnyObject?, from sender: AnyObject?, for event: Event?) -> Bool {
        if event?.type == .touches {
            health.touchActionCount &+= 1
            if health.recordsLatencySamples, let touched = lastFrameTimestamp {
                let now = clock.now
                health.touchActionLatencies.record(now > touched ? now - touched : .zero)
            }
        }
        return Application.perform(action, to: target, from: sender, for: event, keyWindow: keyWindow)
    }

    /// The delivery rules of ``sendAction(_:to:from:for:)``, also used by controls that are in
    /// no application yet (``Control/sendActions(for:)`` in a view controller's `viewDidLoad`).
    static func perform(_ action: Action, to target: AnyObject?, from sender: AnyObject?, for event: Event?, keyWindow: Window?) -> Bool {
        if action.isClosure {
            return action.perform(target: target, sender: sender, event: event)
        }
        if let target {
            if action.perform(target: target, sender: sender, event: event) { return true }
            if let responder = target as? Responder {
                return responder.performRegisteredAction(action.selector, sender: sender, event: event)
            }
            return false
        }
        let start: Responder?
        if let view = (sender as? View) ?? (sender as? GestureRecognizer)?.view {
            start = view.window?.firstResponder ?? view
        } else {
            start = keyWindow?.firstResponder ?? (sender as? Responder)
        }
        guard let start, let found = start.target(forAction: action.selector, withSender: sender) else {
            return false
        }
        if let responder = found as? Responder,
            responder.performRegisteredAction(action.selector, sender: sender, event: event)
        {
            return true
        }
        return action.perform(target: found, sender: sender, event: event)
    }

    // MARK: - Run loop (Application+RunLoop.swift)

    @exclusivity(unchecked) var timers: TimerTable
    /// The tasks sleeping on ``taskClock``, made at its first use.
    @exclusivity(unchecked) var clockSleepers: ClockSleepers?
    /// Per-frame callbacks for animations and scrolling: a 60 Hz timer only while one runs.
    public private(set) lazy var frameClock = FrameClock(application: self)

    /// The display showed the last presented frame (a page flip on a vertical blank): the
    /// frame clock ticks on it, so animation frames are paced by the display.
    public func displayDidRefresh(at time: MonotonicInstant, period: MonotonicDuration) {
        frameClock.displayDidRefresh(at: time, period: period)
    }

    /// The TrueType family the board or the app configured (PanelKit's runtime loads it at
    /// start-up from the board's `fonts`); nil: text uses the built-in bitmap font.
    public final var fontFamily: FontFamily? {
        get { appearanceState.fontFamily }
        set { appearanceState.fontFamily = newValue }
    }

    /// The app's font at `size` pixels: ``fontFamily`` when there is one, else the built-in
    /// face closest to `size`.
    public func font(size: Double) -> Font {
        fontFamily?.font(size: size) ?? .system(size: size)
    }
    /// The presses that are down, by button (Application+DeviceInput.swift).
    @exclusivity(unchecked) var activePresses: [Press.PressType: Press] = [:]

    // MARK: - Accessibility (Accessibility/Application+ScreenReader.swift)

    /// The screen reader while it is on (``isScreenReaderEnabled``): it takes the touches, the
    /// arrows, select and back.
    public final internal(set) var screenReader: ScreenReader? {
        get { accessibilityState.screenReader }
        set { accessibilityState.screenReader = newValue }
    }
    /// The voice the screen reader speaks with (PanelSpeech's `ESpeakOutput` on a board; a
    /// `SpeechTranscript` in tests). nil: a reader switched on shows its outline silently.
    public final var speechOutput: (any SpeechOutput)? {
        get { accessibilityState.speechOutput }
        set { accessibilityState.speechOutput = newValue }
    }
    /// Whether three presses of back (menu) within 1.5 s switch the reader on or off (a
    /// kiosk's accessibility shortcut, as iOS's triple click). Default true.
    public final var screenReaderShortcutEnabled: Bool {
        get { accessibilityState.shortcutEnabled }
        set { accessibilityState.shortcutEnabled = newValue }
    }
}
