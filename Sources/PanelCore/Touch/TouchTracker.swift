/// Turns a source's successive reports into per-finger phases with a stable identity.
///
/// Input frames hold what the controller reports: track IDs, positions, and `.ended` for an
/// explicit lift record (any other phase means "down"). Output frames hold, for each finger
/// that changed: `began` (a track ID not seen before), `moved`, `stationary`, `ended` (an
/// explicit lift, or **a track ID that vanished from the report** — the stuck-touch fix for
/// controllers that skip the lift event), or `cancelled` (``cancelAll(at:emit:)``, the
/// watchdog). A frame in which every finger is stationary is not emitted.
///
/// Invariant: every identity that is emitted as `began` is later emitted exactly once as
/// `ended` or `cancelled`, and never after that.
///
/// Never allocates. Positions of lift records are ignored (controllers report bogus
/// coordinates on lift); the finger ends where it was last seen.
public struct TouchTracker: Sendable {
    @usableFromInline struct Slot: Sendable {
        var active = false
        var identity: UInt32 = 0
        var position = Point.zero
        var size: UInt16?
        var weight: UInt16?
    }

    private var slots = InlineArray<16, Slot>(repeating: Slot())
    private var nextIdentity: UInt32 = 1
    private var lastKeys: UInt8 = 0
    private var lastLarge = false
    /// When the last report arrived (any report, even one with no change).
    public private(set) var lastReport: MonotonicInstant = .zero
    /// The timestamp of the last frame emitted: no later frame is stamped earlier.
    public private(set) var lastEmitted: MonotonicInstant = .zero
    /// How many fingers are down.
    public private(set) var activeCount = 0
    /// Cancel every finger when no report arrives for this long while fingers are down
    /// (interrupt stuck, lift missed); nil disables the watchdog.
    public var watchdogTimeout: MonotonicDuration?

    /// Creates a tracker.
    public init(watchdogTimeout: MonotonicDuration? = .milliseconds(500)) {
        self.watchdogTimeout = watchdogTimeout
    }

    /// Processes one report and emits zero, one or (when more than ``TouchFrame/capacity``
    /// fingers change at once) two frames: terminal contacts first.
    public mutating func process(_ report: TouchFrame, emit: (TouchFrame) -> Void) {
        // Timestamps never go backwards: a report stamped before the last frame (a stale
        // interrupt, a clock a driver got wrong) is taken as happening now, at the last time.
        let timestamp = max(report.timestamp, lastEmitted)
        lastReport = timestamp
        var terminal = TouchFrame(timestamp: timestamp)
        var live = TouchFrame(timestamp: timestamp)
        var seen: UInt16 = 0
        var changed = report.keys != lastKeys || report.isLargeTouch != lastLarge
        lastKeys = report.keys
        lastLarge = report.isLargeTouch

        for contact in report {
            let index = Int(contact.trackID & 0x0F)
            let bit: UInt16 = 1 << UInt16(index)
            if seen & bit != 0 { continue }  // drivers reject duplicates; be safe anyway
            seen |= bit
            var slot = slots[index]
            if contact.phase.isTerminal {
                guard slot.active else { continue }
                terminal.append(
                    Contact(
                        trackID: contact.trackID, position: slot.position, phase: .ended,
                        size: slot.size, weight: slot.weight, identity: slot.identity))
                slot.active = false
                activeCount -= 1
                changed = true
            } else if slot.active {
                let phase: TouchPhase = slot.position == contact.position ? .stationary : .moved
                if phase == .moved { changed = true }
                slot.position = contact.position
                slot.size = contact.size
                slot.weight = contact.weight
                live.append(
                    Contact(
                        trackID: contact.trackID, position: contact.position, phase: phase,
                        size: contact.size, weight: contact.weight, identity: slot.identity))
            } else {
                slot = Slot(
                    active: true, identity: takeIdentity(), position: contact.position,
                    size: contact.size, weight: contact.weight)
                activeCount += 1
                changed = true
                live.append(
                    Contact(
                        trackID: contact.trackID, position: contact.position, phase: .began,
                        size: contact.size, weight: contact.weight, identity: slot.identity))
            }
            slots[index] = slot
        }
        // Fingers the report no longer mentions have lifted, whether or not the chip said so.
        if activeCount > 0 {
            for index in 0 ..< 16 where slots[index].active && seen & (1 << UInt16(index)) == 0 {
                let slot = slots[index]
                terminal.append(
                    Contact(
                        trackID: UInt8(index), position: slot.position, phase: .ended,
                        size: slot.size, weight: slot.weight, identity: slot.identity))
                slots[index].active = false
                activeCount -= 1
                changed = true
            }
        }
        guard changed else { return }
        lastEmitted = timestamp
        if terminal.count + live.count <= TouchFrame.capacity {
            var merged = terminal
            merged.keys = report.keys
            merged.isLargeTouch = report.isLargeTouch
            for contact in live { merged.append(contact) }
            emit(merged)
        } else {
            emit(terminal)
            live.keys = report.keys
            live.isLargeTouch = report.isLargeTouch
            emit(live)
        }
    }

    /// Cancels every finger that is down (emits one frame if any) — after repeated read
    /// failures, a controller reset, or the watchdog.
    public mutating func cancelAll(at time: MonotonicInstant, emit: (TouchFrame) -> Void) {
        guard activeCount > 0 else { return }
        let time = max(time, lastEmitted)
        lastEmitted = time
        var frame = TouchFrame(timestamp: time)
        for index in 0 ..< 16 where slots[index].active {
            let slot = slots[index]
            frame.append(
                Contact(
                    trackID: UInt8(index), position: slot.position, phase: .cancelled,
                    size: slot.size, weight: slot.weight, identity: slot.identity))
            slots[index].active = false
        }
        activeCount = 0
        emit(frame)
    }

    /// Cancels every finger if fingers are down and no report arrived for ``watchdogTimeout``.
    /// - Returns: whether it cancelled.
    @discardableResult
    public mutating func checkWatchdog(now: MonotonicInstant, emit: (TouchFrame) -> Void) -> Bool {
        guard activeCount > 0, let timeout = watchdogTimeout, now - lastReport >= timeout else { return false }
        cancelAll(at: now, emit: emit)
        return true
    }

    /// When the watchdog would fire if no report arrives, or nil when no finger is down.
    public var watchdogDeadline: MonotonicInstant? {
        guard activeCount > 0, let timeout = watchdogTimeout else { return nil }
        return lastReport + timeout
    }

    private mutating func takeIdentity() -> UInt32 {
        let id = nextIdentity
        nextIdentity = nextIdentity == UInt32.max ? 1 : nextIdentity + 1
        return id
    }
}
