public import PanelCore

/// What a platform's run loop drives: the UI. Each turn (``runOnce()``) handles the queued
/// touches, the due timers, layout and drawing; between turns the platform sleeps
/// (``Platform/waitForEvents(until:)``) until its input wakes it or ``nextTimerDeadline``
/// comes. PanelUI's `Application` is one, so no backend needs anything of the UI layer above it.
@MainActor
public protocol RunLoopClient: AnyObject {
    /// The queue the platform's touch sources fill; the loop sleeps on its wake-up.
    var eventQueue: EventQueue? { get }
    /// The clock ``nextTimerDeadline`` is measured on.
    var clock: any MonotonicClock { get }
    /// The earliest timer deadline; nil when no timer is scheduled.
    var nextTimerDeadline: MonotonicInstant? { get }
    /// One turn: events, timers, layout, drawing.
    func runOnce()
    /// Input that is not a touch (a key press, a shake), delivered on the main actor as it
    /// happens: to the first responder and up the responder chain.
    func handle(_ input: DeviceInput)
    /// Cancels every touch in progress: the platform is stopping or lost its input.
    func cancelAllTouches()
    /// Whether typed text has somewhere to go now (a text field is first responder): a
    /// platform with a desktop keyboard turns its text input (and input method) on only then.
    /// Default false.
    var wantsTextInput: Bool { get }
    /// The wall clock was set (NTP's first sync, `date -s`): what waits for a time of day
    /// measures its wait again. Default: nothing.
    func wallClockDidChange()
    /// The display put the last presented frame on screen at `time` (a DRM page flip
    /// completed on a vertical blank); `period` is its refresh period. Animation frames
    /// follow these instead of a free-running timer. Default: nothing.
    func displayDidRefresh(at time: MonotonicInstant, period: MonotonicDuration)
    /// The backlight and display power the client's idle policy dims and blanks: a platform
    /// that has them hands them over at start. Default: none is kept.
    var screenPower: (any ScreenPower)? { get set }
    /// Whether work the client started runs in real time now (a request to a server, a decode
    /// on another thread): a platform in virtual time (headless) holds its time until it ends,
    /// so what the work changes is on screen before the next scripted step. Default false.
    var hasWorkInFlight: Bool { get }
}

extension RunLoopClient {
    public var wantsTextInput: Bool { false }
    public func wallClockDidChange() {}
    public var hasWorkInFlight: Bool { false }
    public func displayDidRefresh(at time: MonotonicInstant, period: MonotonicDuration) {}
    public var screenPower: (any ScreenPower)? {
        get { nil }
        set {}
    }
}
