#if Simulator
import CSDL2
import Glibc
import PanelCore
import PanelGraphics
import PanelPlatform
import PanelSimulator
import PanelUI
import Testing

/// SDL's offscreen video driver: a real SDL window and software renderer, no display needed.
@MainActor
func offscreenSimulator(_ configuration: SimulatorConfiguration = SimulatorConfiguration(panelWidth: 320, panelHeight: 240, scale: 1))
    throws -> SimulatorPlatform
{
    setenv("SDL_VIDEODRIVER", "offscreen", 1)
    return try SimulatorPlatform(configuration: configuration)
}

func pushMouseButton(down: Bool, x: Int32, y: Int32) {
    var event = SDL_Event()
    event.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
    event.button.button = UInt8(SDL_BUTTON_LEFT)
    event.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
    event.button.x = x
    event.button.y = y
    SDL_PushEvent(&event)
}

func pushMouseMotion(x: Int32, y: Int32) {
    var event = SDL_Event()
    event.type = SDL_MOUSEMOTION.rawValue
    event.motion.x = x
    event.motion.y = y
    SDL_PushEvent(&event)
}

func pushKey(_ key: SDL_KeyCode, down: Bool, control: Bool = false, repeated: Bool = false, mod: SDL_Keymod? = nil) {
    var event = SDL_Event()
    event.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
    event.key.keysym.sym = Int32(bitPattern: key.rawValue)
    event.key.keysym.mod = UInt16(mod?.rawValue ?? (control ? KMOD_LCTRL.rawValue : 0))
    event.key.repeat = repeated ? 1 : 0
    SDL_PushEvent(&event)
}

/// What SDL sends for typed characters (SDL_TEXTINPUT: at most 31 bytes of UTF-8).
func pushText(_ text: String) {
    var event = SDL_Event()
    event.type = SDL_TEXTINPUT.rawValue
    withUnsafeMutableBytes(of: &event.text.text) { buffer in
        for (i, byte) in text.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
    }
    SDL_PushEvent(&event)
}

func pushWindowEvent(_ id: SDL_WindowEventID) {
    var event = SDL_Event()
    event.type = SDL_WINDOWEVENT.rawValue
    event.window.event = UInt8(id.rawValue)
    SDL_PushEvent(&event)
}

/// A run-loop client that records what the platform hands it.
@MainActor
final class RecordingClient: RunLoopClient {
    let eventQueue: EventQueue? = nil
    let clock: any MonotonicClock
    var nextTimerDeadline: MonotonicInstant? { nil }
    var inputs: [DeviceInput] = []
    var wantsTextInput = false
    init(clock: any MonotonicClock) { self.clock = clock }
    func runOnce() {}
    func handle(_ input: DeviceInput) { inputs.append(input) }
    func cancelAllTouches() {}

    /// The inputs without their timestamps.
    var described: [String] { inputs.map(\.description) }
}

/// An application on the simulator's display, queue and clock, with one window.
@MainActor
func application(on platform: SimulatorPlatform, rotation: Rotation = .degrees0) -> (Application, Window) {
    let app = Application(clock: platform.clock, eventQueue: platform.eventQueue)
    app.display = Display(framebuffer: platform.framebuffer, rotation: rotation)
    let window = Window(frame: Rect(origin: .zero, size: platform.configuration.uiSize))
    app.addWindow(window)
    window.makeKeyAndVisible()
    return (app, window)
}

/// A button in a window that counts its touchUpInside actions.
@MainActor
final class CountedButton {
    let button: Button
    var taps = 0
    init(frame: Rect, in window: Window) {
        button = Button(frame: frame)
        button.addAction(.closure("tap") { [unowned self] _, _ in taps += 1 }, for: .touchUpInside)
        window.addSubview(button)
    }
}

/// A press and release at a window pixel, handled and dispatched.
@MainActor
func click(x: Int32, y: Int32, on platform: SimulatorPlatform, _ app: Application) {
    pushMouseButton(down: true, x: x, y: y)
    pushMouseButton(down: false, x: x, y: y)
    _ = platform.waitForEvents(until: nil)
    app.runOnce()
}

@Suite("Simulator platform: an SDL window driven by injected SDL events (offscreen driver)", .serialized)
@MainActor
struct SimulatorPlatformTests {
    @Test("a click in the window fires the button under it")
    func clickFiresTheButton() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let (app, window) = application(on: platform)
        let counted = CountedButton(frame: Rect(x: 20, y: 20, width: 100, height: 40), in: window)
        try platform.start(client: app)
        click(x: 60, y: 40, on: platform, app)
        #expect(counted.taps == 1)
    }

    @Test("a press and a release reach the queue as one began and one ended frame")
    func pressAndReleaseAreBeganAndEnded() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        pushMouseButton(down: true, x: 10, y: 12)
        pushMouseButton(down: false, x: 10, y: 12)
        _ = platform.waitForEvents(until: nil)
        var phases: [TouchPhase] = []
        while case .frame(let frame)? = platform.eventQueue.pop() { phases += frame.map(\.phase) }
        #expect(phases == [.began, .ended])
    }

    @Test("an Alt-drag about a view's centre changes a pinch recognizer's scale")
    func altDragPinches() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let (app, window) = application(on: platform)
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(pinch)
        try platform.start(client: app)
        pushKey(SDLK_LALT, down: true, mod: KMOD_LALT)
        pushMouseButton(down: true, x: 180, y: 120)  // the other finger at (140, 120)
        for step in 1 ... 6 { pushMouseMotion(x: 180 + Int32(step) * 10, y: 120) }
        _ = platform.waitForEvents(until: nil)
        app.runOnce()
        #expect(pinch.scale > 2)
        pushMouseButton(down: false, x: 240, y: 120)
        _ = platform.waitForEvents(until: nil)
        app.runOnce()
    }

    @Test("an Alt-drag whose Alt comes up in the same batch of events is still two fingers: modifiers follow the events' order")
    func altDragInOneBatchPinches() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        // A loaded desktop hands the whole gesture over at once; SDL's own modifier state is
        // then already past the Alt's release.
        SDL_SetModState(KMOD_NONE)
        pushKey(SDLK_LALT, down: true, mod: KMOD_LALT)
        pushMouseButton(down: true, x: 180, y: 120)
        for step in 1 ... 6 { pushMouseMotion(x: 180 + Int32(step) * 10, y: 120) }
        pushMouseButton(down: false, x: 240, y: 120)
        pushKey(SDLK_LALT, down: false, mod: KMOD_NONE)
        _ = platform.waitForEvents(until: nil)
        var widest = 0
        while case .frame(let frame)? = platform.eventQueue.pop() { widest = max(widest, frame.count) }
        #expect(widest == 2)
    }

    @Test("a pointer move handled before the key events SDL has already read is made with no modifiers: the pinch centre stays put")
    func moveBeforeTheKeysEventsHasNoModifiers() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        // A loaded desktop: SDL has read Shift and Alt going down (its own state has them) while
        // the moves that came before them are still to be handled.
        SDL_SetModState(SDL_Keymod(rawValue: KMOD_LALT.rawValue | KMOD_LSHIFT.rawValue))
        defer { SDL_SetModState(KMOD_NONE) }
        pushMouseMotion(x: 10, y: 10)
        pushMouseMotion(x: 300, y: 200)
        pushKey(SDLK_LALT, down: true, mod: KMOD_LALT)
        pushMouseButton(down: true, x: 180, y: 120)
        _ = platform.waitForEvents(until: nil)
        guard case .frame(let frame)? = platform.eventQueue.pop() else {
            Issue.record("the press reached the queue as no frame")
            return
        }
        // Mirrored about the window's centre (160, 120), where the pinch centre starts.
        #expect(frame.contact(trackID: 1)?.position == Point(x: 140, y: 120))
    }

    @Test("arrow, Return, Escape and Space keys are presses that begin and end")
    func keysArePresses() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let client = RecordingClient(clock: platform.clock)
        try platform.start(client: client)
        for key in [SDLK_UP, SDLK_RETURN, SDLK_ESCAPE, SDLK_SPACE] {
            pushKey(key, down: true)
            pushKey(key, down: false)
        }
        _ = platform.waitForEvents(until: nil)
        #expect(
            client.described == [
                "press upArrow began", "press upArrow ended", "press select began", "press select ended",
                "press menu began", "press menu ended", "press playPause began", "press playPause ended",
            ])
    }

    @Test("typed characters, Chinese from an input method included, reach the app as text; Backspace and its repeats delete")
    func typingIsText() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let client = RecordingClient(clock: platform.clock)
        client.wantsTextInput = true  // a text field is first responder
        try platform.start(client: client)
        pushText("Hé")
        pushText("中文")
        pushKey(SDLK_BACKSPACE, down: true)
        pushKey(SDLK_BACKSPACE, down: true, repeated: true)
        pushKey(SDLK_BACKSPACE, down: false)
        _ = platform.waitForEvents(until: nil)
        #expect(client.described == ["text \"Hé\"", "text \"中文\"", "delete backward", "delete backward"])
    }

    @Test("text input is on only while the app has a text field first responder")
    func textInputFollowsTheApp() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let client = RecordingClient(clock: platform.clock)
        try platform.start(client: client)
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
        client.wantsTextInput = true
        _ = platform.waitForEvents(until: platform.clock.now)
        #expect(SDL_IsTextInputActive() == SDL_TRUE)
        client.wantsTextInput = false
        _ = platform.waitForEvents(until: platform.clock.now)
        #expect(SDL_IsTextInputActive() == SDL_FALSE)
    }

    @Test("a held key's auto-repeat does not begin its press again")
    func keyRepeatDoesNotBeginAgain() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let client = RecordingClient(clock: platform.clock)
        try platform.start(client: client)
        pushKey(SDLK_DOWN, down: true)
        pushKey(SDLK_DOWN, down: true, repeated: true)
        pushKey(SDLK_DOWN, down: false)
        _ = platform.waitForEvents(until: nil)
        #expect(client.described == ["press downArrow began", "press downArrow ended"])
    }

    @Test("Ctrl+Z is a shake that begins on the key's press and ends on its release")
    func controlZShakes() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        let client = RecordingClient(clock: platform.clock)
        try platform.start(client: client)
        pushKey(SDLK_z, down: true, control: true)
        pushKey(SDLK_z, down: false)
        _ = platform.waitForEvents(until: nil)
        #expect(client.described == ["shake began", "shake ended"])
    }

    @Test("a key still down when the simulator stops is cancelled")
    func heldKeyIsCancelledAtShutDown() throws {
        let platform = try offscreenSimulator()
        let client = RecordingClient(clock: platform.clock)
        try platform.start(client: client)
        pushKey(SDLK_LEFT, down: true)
        _ = platform.waitForEvents(until: nil)
        _ = platform.shutDown()
        #expect(client.described == ["press leftArrow began", "press leftArrow cancelled"])
    }

    @Test("closing the window ends the run")
    func quitEndsTheRun() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        SDL_PushEvent(&event)
        #expect(platform.waitForEvents(until: nil) == false)
    }

    @Test("the window manager's close button ends the run")
    func windowCloseEndsTheRun() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        pushWindowEvent(SDL_WINDOWEVENT_CLOSE)
        #expect(platform.waitForEvents(until: nil) == false)
    }

    @Test("stop() ends the run at the next wait")
    func stopEndsTheRun() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        platform.stop()
        #expect(platform.waitForEvents(until: nil) == false)
    }

    @Test("the window losing focus mid-drag cancels the finger")
    func focusLossCancelsTheFinger() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        pushMouseButton(down: true, x: 10, y: 10)
        pushWindowEvent(SDL_WINDOWEVENT_FOCUS_LOST)
        pushMouseButton(down: false, x: 10, y: 10)
        _ = platform.waitForEvents(until: nil)
        var phases: [TouchPhase] = []
        while case .frame(let frame)? = platform.eventQueue.pop() { phases += frame.map(\.phase) }
        #expect(phases == [.began, .cancelled])
    }

    @Test("a wait with a deadline that has passed returns without sleeping")
    func pastDeadlineReturnsAtOnce() throws {
        let platform = try offscreenSimulator()
        defer { _ = platform.shutDown() }
        try platform.start(client: RecordingClient(clock: platform.clock))
        #expect(platform.waitForEvents(until: platform.clock.now - .milliseconds(5)))
        #expect(platform.statistics.wakeups == 1)
    }

    @Test("a board turned 90° is shown upright: the window shows what a 0° screen of the UI's size draws")
    func rotatedBoardIsShownUpright() throws {
        let configuration = SimulatorConfiguration(panelWidth: 240, panelHeight: 320, format: .rgb565, rotation: .degrees90, scale: 1)
        let platform = try offscreenSimulator(configuration)
        defer { _ = platform.shutDown() }
        let (app, window) = application(on: platform, rotation: .degrees90)
        let reference = MemoryFramebuffer(width: 320, height: 240, format: .rgb565)
        let referenceApp = Application(clock: platform.clock)
        referenceApp.display = Display(framebuffer: reference)
        let referenceWindow = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
        referenceApp.addWindow(referenceWindow)
        referenceWindow.makeKeyAndVisible()
        for target in [window, referenceWindow] {
            target.backgroundColor = .white
            let marker = View(frame: Rect(x: 10, y: 20, width: 60, height: 30))
            marker.backgroundColor = .red
            target.addSubview(marker)
            let label = Label(frame: Rect(x: 100, y: 150, width: 200, height: 30))
            label.text = "upright"
            target.addSubview(label)
        }
        app.runOnce()
        referenceApp.runOnce()
        #expect(platform.display.uprightScreenshot() == reference.screenshot())
    }

    @Test("Ctrl+S writes the window's contents as a PNG")
    func controlSWritesAScreenshot() throws {
        let directory = "/tmp/panelkit-simulator-test-\(getpid())"
        mkdir(directory, 0o755)
        var configuration = SimulatorConfiguration(panelWidth: 320, panelHeight: 240, scale: 1)
        configuration.screenshotDirectory = directory
        let platform = try offscreenSimulator(configuration)
        defer { _ = platform.shutDown() }
        let (app, window) = application(on: platform)
        window.backgroundColor = .blue
        try platform.start(client: app)
        app.runOnce()
        pushKey(SDLK_s, down: true, control: true)
        pushKey(SDLK_s, down: false, control: true)
        _ = platform.waitForEvents(until: nil)
        let written = try Image(contentsOfFile: "\(directory)/panelkit-simulator-1.png")
        #expect(written == platform.display.uprightScreenshot())
        unlink("\(directory)/panelkit-simulator-1.png")
        rmdir(directory)
    }

    @Test("a screen too big for the desktop is shown whole, scaled down, with a line saying so")
    func oversizedScreenIsScaledNotCropped() throws {
        let platform = try offscreenSimulator(SimulatorConfiguration(panelWidth: 4000, panelHeight: 2000, scale: 1))
        defer { _ = platform.shutDown() }
        #expect(platform.identification.contains { $0.contains("does not fit the desktop") && $0.contains("nothing is cropped") })
    }

    @Test("a click on a screen scaled down to fit lands on the button under the pointer")
    func clickOnAScaledDownScreen() throws {
        let platform = try offscreenSimulator(SimulatorConfiguration(panelWidth: 4000, panelHeight: 2000, scale: 1))
        defer { _ = platform.shutDown() }
        var usable = SDL_Rect()
        SDL_GetDisplayUsableBounds(0, &usable)
        try #require(usable.w < 4000, "the offscreen desktop is \(usable.w) wide")
        let (app, window) = application(on: platform)
        let counted = CountedButton(frame: Rect(x: 3000, y: 1500, width: 400, height: 200), in: window)
        try platform.start(client: app)
        // The window shows the whole 4000×2000 screen at usable.w / 4000: the button's centre is there.
        let scale = Double(usable.w) / 4000
        click(x: Int32((3200 * scale).rounded()), y: Int32((1600 * scale).rounded()), on: platform, app)
        #expect(counted.taps == 1)
    }

    @Test("with no display the simulator refuses in one line naming --headless and xvfb-run")
    func noDisplayNamesTheWayOut() {
        do {
            _ = try SimulatorPlatform(configuration: SimulatorConfiguration(panelWidth: 320, panelHeight: 240), environment: { _ in nil })
            Issue.record("a window opened without a display")
        } catch {
            #expect(error.kind == .display)
            #expect(error.description.contains("--headless") && error.description.contains("xvfb-run"))
        }
    }
}
#endif
