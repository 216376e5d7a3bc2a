import PanelCore
import PanelPlatform

/// Runs an ``IdlePolicy``: one application timer, set for the next change (dim, then blank)
/// and moved only when it fires (input just notes its time), so input costs nothing and a
/// blanked screen leaves no timer: the run loop sleeps until a touch or key wakes it. With off
/// hours the timer is also set for their next edge (on the ``LocalClock``), and measured again
/// when the platform says the wall clock was set.
@MainActor
final class IdleMonitor {
    let policy: IdlePolicy
    private(set) var state: ScreenState = .on
    private var lastInput: MonotonicInstant
    /// When the current off hours began (nil: not in off hours, or none).
    private var offSince: MonotonicInstant?
    /// The last input before the reader's blanking warning was spoken: one warning per idle spell.
    private var warnedAfter: MonotonicInstant?
    private var timer: TimerHandle?
    private unowned let application: Application
    /// The fingers whose touch woke the screen: swallowed until they lift.
    private var swallowed = InlineArray<10, UInt32>(repeating: 0)
    private var swallowedCount = 0
    private lazy var fire: @MainActor (TimerHandle) -> Void = { [unowned self] _ in
        timer = nil
        update()
    }

    init(policy: IdlePolicy, application: Application) {
        self.policy = policy
        self.application = application
        lastInput = application.clock.now
        update()
    }

    /// The wall clock or the local clock changed: the off hours are measured again.
    func wallClockDidChange() { update() }

    /// The screen reader came on or went off: the timer is set again, for its warning or not.
    func screenReaderDidChange() { update() }

    /// Cancels the timer (the policy was replaced).
    func stop() {
        if let timer { application.cancelTimer(timer) }
        timer = nil
    }

    /// Input arrived: notes it, and lights a dimmed or blanked screen. Returns true when the
    /// screen was dimmed or blanked (the input woke it).
    func noteInput() -> Bool {
        lastInput = application.clock.now
        guard state != .on else { return false }
        set(.on)
        schedule()
        return true
    }

    /// The frame without the touches that woke the screen (the policy swallowing them), from
    /// their beginning to their end.
    func filter(_ frame: TouchFrame) -> TouchFrame {
        let woke = noteInput()
        guard policy.swallowsWakeInput, woke || swallowedCount > 0 else { return frame }
        var kept = TouchFrame(timestamp: frame.timestamp)
        kept.keys = frame.keys
        kept.isLargeTouch = frame.isLargeTouch
        for i in 0 ..< frame.count {
            let contact = frame[i]
            if woke && contact.phase == .began && swallowedCount < 10 {
                swallowed[swallowedCount] = contact.identity
                swallowedCount += 1
            }
            if let index = swallowedIndex(contact.identity) {
                if contact.phase == .ended || contact.phase == .cancelled {
                    swallowedCount -= 1
                    swallowed[index] = swallowed[swallowedCount]
                }
                continue
            }
            _ = kept.append(contact)
        }
        return kept
    }

    private func swallowedIndex(_ identity: UInt32) -> Int? {
        for i in 0 ..< swallowedCount where swallowed[i] == identity { return i }
        return nil
    }

    /// Whether the local clock is in the policy's off hours now (false without either).
    private var isOffHours: Bool {
        guard let offHours = policy.offHours, let local = application.localClock else { return false }
        return offHours.contains(local.timeOfDay())
    }

    /// How long without input blanks the screen now: in off hours, the off-hours wake time
    /// (or the policy's own, if sooner).
    private var blankAfter: MonotonicDuration? {
        guard offSince != nil else { return policy.blankAfter }
        return policy.blankAfter.map { min($0, policy.offHoursWakeFor) } ?? policy.offHoursWakeFor
    }

    /// The state the time since the last input calls for, applied; and the timer for the next.
    private func update() {
        let now = application.clock.now
        // Off hours beginning blank the screen whatever the input; their end lights it as if
        // touched.
        switch (isOffHours, offSince) {
        case (true, nil): offSince = now
        case (false, .some):
            offSince = nil
            lastInput = now
        default: break
        }
        let idle = now - lastInput
        let wanted: ScreenState
        if let offSince, lastInput <= offSince {
            wanted = .blanked
        } else if let blank = blankAfter, idle >= blank {
            wanted = .blanked
        } else if let dim = policy.dimAfter, idle >= dim {
            wanted = .dimmed(policy.dimLevel)
        } else {
            wanted = .on
        }
        if wanted != state { set(wanted) }
        if let warnAt = warningTime, now >= warnAt, wanted != .blanked, let reader = application.screenReader {
            warnedAfter = lastInput
            let seconds = max(((lastInput + (blankAfter ?? .zero) - now).nanoseconds + 500_000_000) / 1_000_000_000, 1)
            reader.speech.speak(
                "The screen turns off in \(seconds) second\(seconds == 1 ? "" : "s"). Touch the screen or press a key to keep it on.", mode: .queue)
        }
        schedule()
    }

    /// When the reader's warning is due in this idle spell: ``IdlePolicy/blankWarning`` before
    /// idle blanking (held to half of it), with the reader on, once. nil: none is due.
    private var warningTime: MonotonicInstant? {
        guard application.screenReader != nil, offSince == nil, state != .blanked, warnedAfter != lastInput, let blank = blankAfter,
            policy.blankWarning > .zero
        else { return nil }
        let half = MonotonicDuration.nanoseconds(blank.nanoseconds / 2)
        return lastInput + blank - min(policy.blankWarning, half)
    }

    private func set(_ new: ScreenState) {
        state = new
        application.screenPower?.apply(new)
        application.delegate?.application(application, screenDidChangeTo: new)
    }

    /// The timer for the next change: after the last input, and the off hours' next edge;
    /// none once blanked outside off hours.
    private func schedule() {
        if let timer { application.cancelTimer(timer) }
        timer = nil
        let blankAfter = self.blankAfter
        // On: the sooner of dimming and blanking; dimmed: blanking; blanked: nothing.
        let after: MonotonicDuration? =
            switch state {
            case .on: policy.dimAfter.map { dim in blankAfter.map { min(dim, $0) } ?? dim } ?? blankAfter
            case .dimmed: blankAfter
            case .blanked: nil
            }
        let now = application.clock.now
        var wait = after.map { lastInput + $0 > now ? lastInput + $0 - now : .zero }
        if let warnAt = warningTime, warnAt > now { wait = wait.map { min($0, warnAt - now) } ?? warnAt - now }
        if let offHours = policy.offHours, let local = application.localClock {
            let edge = local.duration(until: offHours.nextEdge(after: local.timeOfDay()))
            wait = wait.map { min($0, edge) } ?? edge
        }
        guard let wait else { return }
        timer = try? application.scheduleTimer(after: wait, fire)
    }
}
