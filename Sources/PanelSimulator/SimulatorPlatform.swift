#if Simulator
// Compiled only with the Simulator trait: a plain `swift build` of the package (a board
// without SDL) builds this module empty.
import CSDL2
import Glibc
public import PanelCore
public import PanelGraphics
public import PanelPlatform

/// The desktop simulator backend: the app in an SDL2 window at the board's resolution and
/// rotation, the mouse as fingers (``MouseFingers``), keys as the panel's buttons
/// (``SimulatorKey``).
///
/// Mouse events become controller-style reports, go through a ``TouchTracker`` and into
/// ``eventQueue``, stamped with the monotonic clock when SDL hands them over: the UI sees
/// exactly what a touch controller would give it. The loop sleeps in `SDL_WaitEvent` (or
/// `SDL_WaitEventTimeout` until the next timer): an idle simulator does not wake. Closing the
/// window, SIGINT and SIGTERM (which SDL turns into a quit event) end the run cleanly.
@MainActor
public final class SimulatorPlatform: Platform {
    /// What the loop counted.
    public struct Statistics: Sendable, Hashable {
        /// Returns from `SDL_WaitEvent`/`SDL_WaitEventTimeout`.
        public var wakeups: UInt64 = 0
        /// SDL events handled.
        public var events: UInt64 = 0
        /// Wake-ups for main-actor work queued (``MainActorJobs``): a task, a continuation.
        public var mainActorWakeups: UInt64 = 0
        /// Screenshots written.
        public var screenshots = 0
    }

    /// This platform is a desktop window.
    public let name = "simulator"
    /// What it shows and how.
    public let configuration: SimulatorConfiguration
    /// The display: the panel's memory and the window.
    public let display: SimulatorFramebuffer
    public var framebuffer: any Framebuffer { display }
    public let clock: any MonotonicClock = SystemClock()
    /// Mouse frames are pushed on the main thread just before the turn that drains them, so the
    /// queue needs no wake-up.
    public let eventQueue = EventQueue(capacity: 64)
    public let identification: [String]
    /// Lines for the user (a screenshot written); given at init, default none.
    public let log: (String) -> Void
    /// The counters.
    public private(set) var statistics = Statistics()

    private let window: SimulatorWindow
    private var fingers: MouseFingers
    private var tracker = TouchTracker(watchdogTimeout: nil)
    private var input = InputStatistics()
    private var client: (any RunLoopClient)?
    private var keysDown: [PressType] = []
    private var shaking = false
    /// The modifiers as of the last key event handled, in the events' order; none before the
    /// first one and after the window loses focus. A key held when the window gains focus comes
    /// as a key event too (SDL reconciles its keyboard with the desktop's then, and lets go of
    /// every key when focus goes).
    ///
    /// Never `SDL_GetModState()`: SDL updates it while pumping, ahead of the events handed
    /// over. When a loaded desktop hands over a whole gesture at once, its state has the Alt
    /// released before an Alt-drag is handled (the drag would be one finger), or Shift and Alt
    /// down before the moves that came before them (the pinch centre would jump).
    private var modifiers: UInt32 = 0
    private var stopping = false
    private var open = true
    /// The thread that turns queued main-actor work into an SDL event, while the loop runs.
    private var waker: MainActorWaker?

    /// Opens the window; `log` receives the lines for the user (a screenshot written).
    /// - Throws: ``PanelKitError``: no display (run `--headless` or under `xvfb-run`), SDL
    ///   cannot start its video driver or open the window.
    public init(
        configuration: SimulatorConfiguration, environment: (String) -> String? = SimulatorPlatform.processEnvironment,
        log: @escaping (String) -> Void = { _ in }
    ) throws(PanelKitError) {
        self.log = log
        try Self.checkDisplay(environment: environment)
        // SDL turns SIGINT and SIGTERM into a quit event, which ends the run as on a board
        // (touches and presses cancelled). The environment's SDL_NO_SIGNAL_HANDLERS would let the
        // signal kill the app with no cleanup instead, so this override wins over it.
        SDL_SetHintWithPriority(SDL_HINT_NO_SIGNAL_HANDLERS, "0", SDL_HINT_OVERRIDE)
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw PanelKitError(
                .display,
                "SDL could not start its video driver (\(SimulatorWindow.lastError())): run with --headless, or in a virtual X server: xvfb-run -a <command> --simulator"
            )
        }
        let window: SimulatorWindow
        do {
            window = try SimulatorWindow(configuration: configuration)
        } catch {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        self.configuration = configuration
        self.window = window
        do {
            display = try SimulatorFramebuffer(configuration: configuration, window: window)
        } catch {
            window.close()
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        fingers = MouseFingers(size: configuration.uiSize)
        var lines = [
            "simulator: \(window.uiWidth)×\(window.uiHeight) window (panel \(configuration.panelWidth)×\(configuration.panelHeight) \(configuration.format), rotation \(configuration.rotation)) at \(Self.describe(scale: window.scale)), SDL video driver \(SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?")"
        ]
        if let note = window.fitNote { lines.append(note) }
        lines.append(SimulatorKey.help)
        identification = lines
    }

    /// Fails with one line naming `--headless` and `xvfb-run` when there is no display to open
    /// a window on (and no SDL video driver is forced with `SDL_VIDEODRIVER`).
    static func checkDisplay(environment: (String) -> String?) throws(PanelKitError) {
        func set(_ name: String) -> Bool { !(environment(name) ?? "").isEmpty }
        guard set("SDL_VIDEODRIVER") || set("DISPLAY") || set("WAYLAND_DISPLAY") else {
            throw PanelKitError(
                .display,
                "no display for the simulator window: neither DISPLAY nor WAYLAND_DISPLAY is set (an SSH session, a server, CI?); run headless with --headless, or in a virtual X server: xvfb-run -a <command> --simulator"
            )
        }
    }

    /// Reads the process environment.
    public nonisolated static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    public func start(client: any RunLoopClient) throws(PanelKitError) {
        self.client = client
        stopping = false
        syncTextInput()
        if waker == nil, let descriptor = MainActorJobs.wakeUpDescriptor {
            waker = MainActorWaker(watching: descriptor)
            if waker == nil { log("simulator: no thread to wake the window for main-actor work; tasks run at the next input or timer") }
        }
    }

    /// SDL's text input is on only while the app has a text field first responder: on X11 it
    /// routes keys through the input method, which can deliver a modifier (the Alt of an
    /// Alt-drag) after the mouse events that followed it.
    private func syncTextInput() {
        let wanted = client?.wantsTextInput ?? false
        guard wanted != (SDL_IsTextInputActive() == SDL_TRUE) else { return }
        if wanted { SDL_StartTextInput() } else { SDL_StopTextInput() }
    }

    public func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !stopping, open else { return false }
        syncTextInput()
        var event = SDL_Event()
        let got: Int32
        if let deadline {
            let remaining = (deadline - clock.now).nanoseconds
            // Round up: a timer must not be woken for before it is due.
            let milliseconds = remaining <= 0 ? 0 : Int32(clamping: remaining / 1_000_000 + 1)
            got = SDL_WaitEventTimeout(&event, milliseconds)
        } else {
            got = SDL_WaitEvent(&event)
        }
        statistics.wakeups += 1
        if got != 0 {
            handle(&event)
            while !stopping, SDL_PollEvent(&event) != 0 { handle(&event) }
        }
        return !stopping
    }

    public func stop() {
        stopping = true
        // Wake a wait in progress (SDL_PushEvent is safe from any thread).
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }

    /// What the mouse fingers counted so far.
    public var inputStatistics: InputStatistics { input }

    public func shutDown() -> InputStatistics {
        let now = clock.now
        for type in keysDown { client?.handle(.press(type, .cancelled, timestamp: now)) }
        keysDown.removeAll()
        if shaking { client?.handle(.shake(.cancelled, timestamp: now)) }
        shaking = false
        fingers.reset()
        client = nil
        waker?.stop()
        waker = nil
        if open {
            log(
                "simulator: \(statistics.wakeups) wake-ups, \(statistics.events) SDL events, \(display.presentedFrames) frames presented, \(statistics.screenshots) screenshots"
            )
            window.close()
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            open = false
        }
        return input
    }

    // MARK: - Events

    /// Handles one SDL event: mouse → fingers → tracker → queue; keys → presses; window events.
    func handle(_ event: inout SDL_Event) {
        statistics.events += 1
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            stopping = true
        case SDL_USEREVENT where event.user.code == MainActorWaker.eventCode:
            // The jobs run before the next turn (Platform.run).
            statistics.mainActorWakeups += 1
            waker?.eventHandled()
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED: display.refresh()
            case SDL_WINDOWEVENT_CLOSE: stopping = true
            case SDL_WINDOWEVENT_FOCUS_LOST:
                modifiers = 0
                cancelFingers()
            default: break
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != Self.touchMouseID:
            let mods = modifiers
            let report = fingers.press(
                at: window.uiPoint(windowX: event.button.x, windowY: event.button.y),
                alt: mods & KMOD_ALT.rawValue != 0, shift: mods & KMOD_SHIFT.rawValue != 0, timestamp: clock.now)
            push(report)
        case SDL_MOUSEMOTION where !fingers.isPressed && event.motion.which != Self.touchMouseID:
            let mods = modifiers
            fingers.hover(
                to: window.uiPoint(windowX: event.motion.x, windowY: event.motion.y),
                alt: mods & KMOD_ALT.rawValue != 0, shift: mods & KMOD_SHIFT.rawValue != 0)
        case SDL_MOUSEMOTION where event.motion.which != Self.touchMouseID:
            let mods = modifiers
            if let report = fingers.drag(
                to: window.uiPoint(windowX: event.motion.x, windowY: event.motion.y),
                alt: mods & KMOD_ALT.rawValue != 0, shift: mods & KMOD_SHIFT.rawValue != 0, timestamp: clock.now)
            {
                push(report)
            }
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != Self.touchMouseID:
            if let report = fingers.release(timestamp: clock.now) { push(report) }
        case SDL_KEYDOWN, SDL_KEYUP:
            modifiers = UInt32(event.key.keysym.mod)
            let down = event.type == SDL_KEYDOWN.rawValue
            // A shake ends when its key comes up, whether or not Ctrl still is.
            let control = UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue != 0 || (!down && shaking)
            guard let key = SimulatorKey.from(keycode: event.key.keysym.sym, control: control) else { return }
            handleKey(key, down: down, repeated: event.key.repeat != 0)
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !text.isEmpty { client?.handle(.text(text, timestamp: clock.now)) }
        default:
            break
        }
    }

    private func handleKey(_ key: SimulatorKey, down: Bool, repeated: Bool) {
        let now = clock.now
        switch key {
        case .press(let type):
            if down {
                guard !repeated, !keysDown.contains(type) else { return }
                keysDown.append(type)
                client?.handle(.press(type, .began, timestamp: now))
            } else {
                guard let index = keysDown.firstIndex(of: type) else { return }
                keysDown.remove(at: index)
                client?.handle(.press(type, .ended, timestamp: now))
            }
        case .shake:
            if down, !repeated, !shaking {
                shaking = true
                client?.handle(.shake(.began, timestamp: now))
            } else if !down, shaking {
                shaking = false
                client?.handle(.shake(.ended, timestamp: now))
            }
        case .screenshot:
            if down, !repeated { saveScreenshot() }
        case .deleteBackward:
            if down { client?.handle(.deleteBackward(timestamp: now)) }
        }
    }

    /// The fingers go away without lifting (the window lost focus mid-drag): cancelled.
    private func cancelFingers() {
        guard fingers.isPressed else { return }
        fingers.reset()
        tracker.cancelAll(at: clock.now) { frame in enqueue(frame) }
    }

    private func push(_ report: TouchFrame) {
        input.reports += 1
        tracker.process(report) { frame in enqueue(frame) }
    }

    private func enqueue(_ frame: TouchFrame) {
        input.framesEmitted += 1
        _ = eventQueue.push(frame)
    }

    // MARK: - Screenshots

    /// Writes what the window shows (upright, 1×) as the next free
    /// `panelkit-simulator-N.png` in the screenshot directory.
    @discardableResult
    public func saveScreenshot() -> String? {
        var number = statistics.screenshots + 1
        var path = ""
        repeat {
            path = "\(configuration.screenshotDirectory)/panelkit-simulator-\(number).png"
            number += 1
        } while access(path, F_OK) == 0 && number < 100_000
        do {
            try display.writeUprightScreenshot(to: path)
        } catch {
            log("screenshot not written: \(error)")
            return nil
        }
        statistics.screenshots += 1
        log("screenshot: \(path)")
        return path
    }

    /// SDL_TOUCH_MOUSEID, `(Uint32)-1`: mouse events SDL synthesises from a touch screen,
    /// which the simulator ignores (a macro Swift cannot import).
    static let touchMouseID = UInt32.max

    static func describe(scale: Double) -> String {
        scale == scale.rounded() ? "\(Int(scale))×" : "\(Int((scale * 100).rounded(.down))) %"
    }
}
#endif
