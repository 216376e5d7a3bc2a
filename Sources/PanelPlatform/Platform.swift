public import PanelCore
public import PanelGraphics

/// The seam between PanelKit's UI and what it runs on: a display to present into, the input
/// sources that feed the UI, and how the run loop sleeps and is woken.
///
/// A backend is one type conforming to this protocol:
///
/// | backend | display | input | sleeps in |
/// |---|---|---|---|
/// | headless | a memory framebuffer | an emulated controller on the mock bus, scripted fingers | virtual time (`ManualClock`) |
/// | linux | `/dev/fbN` | the I2C driver and GPIO interrupt, or evdev, on an input thread | `epoll_wait` |
/// | simulator | an SDL2 window | the mouse and keyboard | `SDL_WaitEventTimeout` |
///
/// Touches go through ``eventQueue``, the same fixed-capacity queue for every backend, so the
/// UI cannot tell a mouse from a panel. Input that is not a touch (keys, buttons, a shake)
/// goes to ``RunLoopClient/handle(_:)`` on the main actor. ``run(_:afterEachTurn:)`` is the
/// one run loop every backend shares: a turn of the client, then
/// ``waitForEvents(until:)`` until the next timer, until the backend says it is stopping.
///
/// The shape follows Slint's `Platform` (the backend owns the event loop's sleep) and LVGL's
/// display and input-device drivers (a flush of dirty areas, a read of the pointer); the split
/// of protocol and transports is swift-nio's (NIOCore and NIOPosix).
@MainActor
public protocol Platform: AnyObject {
    /// The backend's name, as errors and logs give it (`linux`, `headless`, `simulator`, a
    /// third party's own).
    var name: String { get }
    /// Where the UI draws; its `present(_:)` shows the frame (a window update, a page flip).
    var framebuffer: any Framebuffer { get }
    /// The clock of the touch timestamps; the UI's timers run on it.
    var clock: any MonotonicClock { get }
    /// The queue the backend's touch sources fill and the UI drains.
    var eventQueue: EventQueue { get }
    /// What the input identified (the controller's chip and firmware, the window), for logs.
    var identification: [String] { get }
    /// Starts the input sources. Input that is not a touch is delivered to `client`.
    /// - Throws: ``PanelKitError`` naming the device that failed and the fix.
    func start(client: any RunLoopClient) throws(PanelKitError)
    /// Sleeps until input arrives, `deadline` passes on ``clock`` (nil: no deadline), main-actor
    /// work is queued (``MainActorJobs/wakeUpDescriptor`` readable; clear it with
    /// ``MainActorJobs/clearWakeUp()``) or the backend is asked to stop. Returns false once it
    /// is stopping (``stop()``, a signal, the window closed).
    func waitForEvents(until deadline: MonotonicInstant?) -> Bool
    /// Makes ``waitForEvents(until:)`` return false from now on (and at once, if it sleeps).
    func stop()
    /// Stops the input sources and returns what they counted. The client has cancelled every
    /// touch by then.
    func shutDown() -> InputStatistics
    /// What the touch input has counted so far, and its health (a controller that stopped
    /// answering shows in ``InputStatistics/backoff``): for status lines and metrics, read on
    /// the main actor while the loop runs.
    var inputStatistics: InputStatistics { get }
    /// The wall clock the app's time-of-day policies (off hours) follow; nil where wall time
    /// means nothing (virtual time on the bench). Default nil.
    var localClock: (any LocalClock)? { get }
    /// Where the app may watch descriptors of its own (a metrics endpoint, the diagnostics
    /// socket) between its turns; nil for a platform without such a loop. Default nil.
    var descriptorWatcher: (any DescriptorWatching)? { get }
}

extension Platform {
    public var localClock: (any LocalClock)? { nil }
    public var descriptorWatcher: (any DescriptorWatching)? { nil }
}

extension Platform {
    /// The run loop: starts the input, then runs the main actor's queued jobs
    /// (``MainActorJobs/runQueued()``: tasks, continuations), a turn of `client` (events,
    /// timers, layout, drawing), calls `afterEachTurn` and sleeps until the next input, timer or
    /// main-actor job, until the backend stops; then cancels every touch, stops the input and
    /// returns its counters. With nothing to do the thread sleeps: no polling, no periodic tick.
    @discardableResult
    public func run(_ client: any RunLoopClient, afterEachTurn: () -> Void = {}) throws(PanelKitError) -> InputStatistics {
        try start(client: client)
        MainActorJobs.loopStarted()
        defer { MainActorJobs.loopEnded() }
        repeat {
            MainActorJobs.turnBegins()
            MainActorJobs.runQueued()
            client.runOnce()
            afterEachTurn()
        } while waitForEvents(until: client.nextTimerDeadline)
        client.cancelAllTouches()
        return shutDown()
    }
}
