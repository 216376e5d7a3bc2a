/// A handle to a scheduled timer; stale handles (fired or cancelled) are recognised.
public struct TimerHandle: Hashable, Sendable {
    let slot: Int32
    let generation: UInt32
}

/// Fixed-capacity timer storage: all slots are allocated once; scheduling, cancelling and
/// firing never allocate (the handler closure is the caller's).
@MainActor
struct TimerTable {
    private struct Slot {
        var generation: UInt32 = 0
        var isActive = false
        var deadline = MonotonicInstant.zero
        var interval: MonotonicDuration?
        var pass: UInt64 = 0
        var handler: (@MainActor (TimerHandle) -> Void)?
    }

    private var slots: [Slot]
    private var pass: UInt64 = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        slots = Array(repeating: Slot(), count: capacity)
    }

    mutating func schedule(
        deadline: MonotonicInstant, interval: MonotonicDuration?,
        handler: @escaping @MainActor (TimerHandle) -> Void
    ) throws(ApplicationError) -> TimerHandle {
        guard let index = slots.firstIndex(where: { !$0.isActive }) else {
            throw .timerCapacityExhausted(capacity: capacity)
        }
        slots[index].generation &+= 1
        slots[index].isActive = true
        slots[index].deadline = deadline
        slots[index].interval = interval
        slots[index].pass = pass
        slots[index].handler = handler
        return TimerHandle(slot: Int32(index), generation: slots[index].generation)
    }

    mutating func cancel(_ handle: TimerHandle) -> Bool {
        guard isScheduled(handle) else { return false }
        slots[Int(handle.slot)].isActive = false
        slots[Int(handle.slot)].handler = nil
        return true
    }

    func isScheduled(_ handle: TimerHandle) -> Bool {
        let index = Int(handle.slot)
        guard index >= 0 && index < slots.count else { return false }
        return slots[index].isActive && slots[index].generation == handle.generation
    }

    var nextDeadline: MonotonicInstant? {
        var best: MonotonicInstant?
        for slot in slots where slot.isActive {
            if best == nil || slot.deadline < best! { best = slot.deadline }
        }
        return best
    }

    /// Starts a firing pass: timers scheduled from now on wait for the next pass.
    mutating func beginPass() { pass &+= 1 }

    /// Takes the earliest due timer of this pass: a one-shot timer is freed, a repeating one
    /// re-armed at its next period after `now` (missed periods are skipped, as NSTimer does).
    mutating func takeDue(now: MonotonicInstant) -> (TimerHandle, @MainActor (TimerHandle) -> Void)? {
        var found = -1
        var index = 0
        while index < slots.count {
            let slot = slots[index]
            if slot.isActive, slot.pass < pass, slot.deadline <= now,
                found < 0 || slot.deadline < slots[found].deadline
            {
                found = index
            }
            index += 1
        }
        guard found >= 0, let handler = slots[found].handler else { return nil }
        let handle = TimerHandle(slot: Int32(found), generation: slots[found].generation)
        if let interval = slots[found].interval {
            var next = slots[found].deadline + interval
            if next <= now {
                let missed = (now - next).nanoseconds / interval.nanoseconds + 1
                next = next + interval * missed
            }
            slots[found].deadline = next
        } else {
            slots[found].isActive = false
            slots[found].handler = nil
        }
        return (handle, handler)
    }
}
