#if !hasFeature(Embedded)
/// What a platform's run loop drives: the UI. Each turn (``runOnce()``) handles the queued
/// events, the due timers, layout and drawing; between turns the loop sleeps until the
/// ``eventQueue`` wakes it or ``nextTimerDeadline`` comes. PanelUI's `Application` is one, so a
/// backend's run loop (the Linux epoll loop) needs nothing of the UI layer above it.
@MainActor
public protocol RunLoopClient: AnyObject {
    /// The queue the input thread fills; the loop sleeps on its wake-up.
    var eventQueue: EventQueue? { get }
    /// The clock ``nextTimerDeadline`` is measured on.
    var clock: any MonotonicClock { get }
    /// The earliest timer deadline; nil when no timer is scheduled.
    var nextTimerDeadline: MonotonicInstant? { get }
    /// One turn: events, timers, layout, drawing.
    func runOnce()
}
#endif
