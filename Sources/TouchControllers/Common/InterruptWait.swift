public import PanelCore

/// The wait shared by every interrupt-driven driver: block on the INT line; with fingers down (or
/// with no INT line at all) wait at most one poll period, so that a lift the chip never signals
/// is still read (docs/controllers.md §1.6, §3 #13 and #15). Sets `pendingEdge` to the edge's kernel
/// timestamp when an edge arrived.
@inlinable
package func waitForInterruptOrPoll<Line: EdgeEventSource, Clock: MonotonicClock>(
    _ interrupt: inout Line?, clock: Clock, pollInterval poll: MonotonicDuration,
    timeout: MonotonicDuration?, contactsDown: Bool, pendingEdge: inout MonotonicInstant?
) throws(TouchSourceError) -> WakeReason {
    let pollFirst = interrupt == nil || contactsDown
    if interrupt != nil {
        var wait = timeout
        if pollFirst, timeout == nil || poll < timeout! { wait = poll }
        let edge: EdgeEvent?
        do { edge = try interrupt!.waitForEdge(timeout: wait) } catch { throw .gpio(error) }
        if let edge {
            pendingEdge = edge.timestamp
            return .interrupt(edge.timestamp)
        }
        return pollFirst && wait == poll ? .poll : .timeout
    }
    if let timeout, timeout < poll {
        clock.sleep(for: timeout)
        return .timeout
    }
    clock.sleep(for: poll)
    return .poll
}
