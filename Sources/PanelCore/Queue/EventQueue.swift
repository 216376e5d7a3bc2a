import Synchronization

/// The one hand-off from the input thread to the UI: a fixed-capacity, lock-free,
/// single-producer single-consumer queue of ``TouchFrame``s.
///
/// ## Threads
/// Exactly one thread calls ``push(_:)`` (the input thread) and exactly one thread calls
/// ``pop()`` (the UI); they may be different threads. The counters may be read from anywhere.
/// Using two producers or two consumers is a programmer error that this type cannot detect.
///
/// ## Memory and time
/// Storage is allocated once, in `init`; ``push(_:)`` and ``pop()`` never allocate, never take
/// a lock and never block. - Complexity: O(1) for both.
///
/// ## When the consumer stalls (the only place this is defined)
/// The producer never waits, and a began or an ended is never lost. While the ring is full the
/// producer writes into a *stall buffer* instead, which keeps, per contact (as Linux MT-B keeps
/// slot state and UIKit coalesces touches):
/// - where and when it began, if it began during the stall;
/// - its latest position, when it only moved (moves coalesce: ``coalescedCount``);
/// - where and when it ended or was cancelled.
///
/// Once the consumer has taken every frame of the ring, ``pop()`` hands out the stall buffer as
/// frames in time order (a tap made entirely during the stall comes out as a began and an
/// ended), then frames pushed after it. The buffer holds the ``TouchFrame``-capacity contacts
/// that can be down when the stall begins plus ``touchesPerStall`` touches that begin during
/// it; a touch beginning past that is dropped whole — its began, moves and end — and counted
/// (``droppedTouchCount``), never delivered in part. A producer that keeps more contacts down
/// than a tracker ever does (17 or more) makes the buffer give up: the consumer then receives
/// ``Item/overflow(lostFrames:)`` after the frames before the loss and must cancel every
/// active touch (UIKit's `touchesCancelled`).
///
/// So every contact that began reaches the consumer as ended or cancelled exactly once.
public final class EventQueue: @unchecked Sendable {
    /// What ``pop()`` yields.
    public enum Item: Sendable {
        /// The next frame.
        case frame(TouchFrame)
        /// Frames were lost here: cancel every active touch.
        case overflow(lostFrames: UInt64)
    }

    /// What ``pop(into:)`` took.
    public enum Taken: Sendable, Hashable {
        /// Nothing: the queue is empty.
        case nothing
        /// A frame, now in the frame passed in.
        case frame
        /// Frames were lost here: cancel every active touch.
        case overflow(lostFrames: UInt64)
    }

    /// What happened to a pushed frame.
    public enum PushResult: Sendable, Hashable {
        /// Queued normally.
        case queued
        /// Kept in the stall buffer, merged per contact (the consumer is stalled).
        case coalesced
        /// A touch it began was dropped whole: more than ``touchesPerStall`` began in this stall.
        case dropped
        /// The stall buffer could not hold it; the consumer will be told (see above).
        case overflowed
    }

    /// The number of frames the queue holds (a power of two, at least the requested capacity).
    public let capacity: Int

    private let mask: UInt32
    private let slots: UnsafeMutablePointer<TouchFrame>
    /// Claimed-head (high 32 bits) and published-tail (low 32 bits) counters, changed together
    /// so that the producer can take back its newest frame for coalescing only while the
    /// consumer has not claimed it.
    private let state = Atomic<UInt64>(0)
    /// How many frames the consumer has finished copying out; slots below it are free.
    private let released = Atomic<UInt32>(0)
    private let overflowTotal = Atomic<UInt64>(0)
    private let coalescedTotal = Atomic<UInt64>(0)
    private let pushedTotal = Atomic<UInt64>(0)

    /// Raised after a push that the consumer may be asleep for: into an empty queue, or an
    /// overflow. Given at construction and never changed, so it exists before any producer can
    /// push (on Linux a `WakeSignal`, the eventfd the run loop sleeps on); nil for a consumer
    /// that polls. Its ``QueueWakeUp/raise()`` must not block or allocate.
    public let wakeUp: (any QueueWakeUp)?

    /// Two stall buffers: the producer writes into one while the consumer may still be reading
    /// the other. Who owns which is decided by `stallControl` alone (no lock, no spinning):
    /// ``StallControl/stalling`` (the producer writes into the stall buffer, not the ring),
    /// ``StallControl/busy`` (it is writing right now) and ``StallControl/second`` (which buffer
    /// is the producer's). The consumer takes the producer's buffer with one compare-exchange
    /// that clears `stalling` and hands the producer the other one.
    private let stallBuffers: UnsafeMutablePointer<StallBuffer>
    private let stallControl = Atomic<UInt32>(0)
    private let droppedTouches = Atomic<UInt64>(0)

    // Consumer-only state: the taken stall buffer as events in time order, handed out one frame
    // at a time (built on demand, so the queue keeps 96 small events, not 97 whole frames),
    // then its loss, before anything pushed later.
    // Exempt from dynamic exclusivity checks (two per `pop()` otherwise): only the consumer's
    // `pop()` and the private functions it calls touch them, none of which calls out while an
    // access is open, so no two accesses can overlap.
    @exclusivity(unchecked) private var eventScratch: [(at: MonotonicInstant, contact: Contact)] = []
    @exclusivity(unchecked) private var eventNext = 0
    @exclusivity(unchecked) private var pendingLoss: UInt64 = 0

    /// How many touches may begin during one stall of the consumer and still be delivered whole.
    public static let touchesPerStall = 16
    /// How many contacts may be down when a stall begins (the tracker's 16 slots).
    public static let contactsDownAtStall = 16

    /// Creates a queue holding at least `capacity` frames (rounded up to a power of two, at
    /// least 2). This is the only allocation the queue makes.
    /// - Parameter wakeUp: what wakes the consumer when a frame arrives for it asleep (on Linux
    ///   a `WakeSignal`, which `LinuxRunLoop` sleeps on); nil when the consumer polls.
    public init(capacity: Int, wakeUp: (any QueueWakeUp)? = nil) {
        self.wakeUp = wakeUp
        precondition(capacity >= 1 && capacity <= 1 << 20, "EventQueue capacity must be 1…1048576")
        var size = 2
        while size < capacity { size <<= 1 }
        self.capacity = size
        self.mask = UInt32(size - 1)
        self.slots = UnsafeMutablePointer<TouchFrame>.allocate(capacity: size)
        self.slots.initialize(repeating: TouchFrame(), count: size)
        let stallCapacity = Self.contactsDownAtStall + Self.touchesPerStall
        self.stallBuffers = UnsafeMutablePointer<StallBuffer>.allocate(capacity: 2)
        self.stallBuffers.initialize(to: StallBuffer(capacity: stallCapacity))
        (self.stallBuffers + 1).initialize(to: StallBuffer(capacity: stallCapacity))
        eventScratch.reserveCapacity(3 * stallCapacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
        stallBuffers.deinitialize(count: 2)
        stallBuffers.deallocate()
    }

    @inline(__always) private static func head(_ s: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: s >> 32) }
    @inline(__always) private static func tail(_ s: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: s) }
    @inline(__always) private static func pack(_ head: UInt32, _ tail: UInt32) -> UInt64 {
        UInt64(head) << 32 | UInt64(tail)
    }

    /// Sets the tail counter to `tail`, leaving the consumer's head as it is; returns that head
    /// (the consumer's claim and this publish are ordered by the same word).
    @discardableResult
    private func publishTail(_ tail: UInt32) -> UInt32 {
        var current = state.load(ordering: .relaxed)
        while true {
            let desired = Self.pack(Self.head(current), tail)
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return Self.head(current) }
            current = original
        }
    }

    /// Queues a frame. Producer thread only. Never blocks, never waits for the consumer, never
    /// allocates.
    @discardableResult
    public func push(_ frame: TouchFrame) -> PushResult {
        var control = stallControl.load(ordering: .acquiring)
        while control & StallControl.stalling != 0 {
            // Stalled: claim the buffer (busy) unless the consumer takes it at this moment.
            let (claimed, seen) = stallControl.compareExchange(
                expected: control, desired: control | StallControl.busy, ordering: .acquiringAndReleasing)
            if claimed { return mergeIntoStall(frame, control: control) }
            control = seen
        }
        let current = state.load(ordering: .acquiring)
        let tail = Self.tail(current)
        let free = released.load(ordering: .acquiring)
        if tail &- free < UInt32(capacity) {
            slots[Int(tail & mask)] = frame
            // The head at the moment of publishing: when the consumer had already claimed
            // every earlier frame it may have found the queue empty and gone to sleep, so
            // wake it. Otherwise it has a frame to claim and will reach this one before it
            // sleeps. (The head loaded above may be stale by now.)
            let claimedHead = publishTail(tail &+ 1)
            pushedTotal.add(1, ordering: .relaxed)
            if claimedHead == tail { wakeUp?.raise() }
            return .queued
        }
        // Full: the consumer is stalled. Everything from here on goes to the stall buffer until
        // the consumer has taken it, so that order is kept. Only the producer sets `stalling`.
        let start = control | StallControl.stalling | StallControl.busy
        stallControl.store(start, ordering: .releasing)
        stallBuffers[Int(start & StallControl.second != 0 ? 1 : 0)].reset()
        return mergeIntoStall(frame, control: start)
    }

    /// Merges into the producer's stall buffer, which `control` (with `busy` set by this thread)
    /// says it owns, then releases it and wakes the consumer.
    private func mergeIntoStall(_ frame: TouchFrame, control: UInt32) -> PushResult {
        let result = merge(frame, into: &stallBuffers[Int(control & StallControl.second != 0 ? 1 : 0)])
        // Only this thread changes the word while `busy` is set.
        stallControl.store((control | StallControl.stalling) & ~StallControl.busy, ordering: .releasing)
        // The consumer may have found the ring empty and gone to sleep, or found the buffer busy.
        wakeUp?.raise()
        return result
    }

    /// Merges a frame into the stall buffer, per contact. Under the lock.
    private func merge(_ frame: TouchFrame, into buffer: inout StallBuffer) -> PushResult {
        var result = PushResult.coalesced
        for contact in frame {
            if let dropped = buffer.dropped.firstIndex(of: contact.identity) {
                if contact.phase.isTerminal { buffer.dropped.remove(at: dropped) }
                continue
            }
            if let index = buffer.contacts.firstIndex(where: { $0.contact.identity == contact.identity }) {
                switch contact.phase {
                case .began, .stationary:
                    break
                case .moved:
                    if buffer.contacts[index].terminal == nil { buffer.contacts[index].latest = (frame.timestamp, contact) }
                case .ended, .cancelled:
                    if buffer.contacts[index].terminal == nil { buffer.contacts[index].terminal = (frame.timestamp, contact) }
                }
                continue
            }
            switch contact.phase {
            case .stationary:
                continue
            case .began:
                if buffer.begun < Self.touchesPerStall && buffer.contacts.count < buffer.capacity {
                    buffer.contacts.append(StallContact(contact: contact, beganAt: frame.timestamp))
                    buffer.begun += 1
                } else {
                    if buffer.dropped.count < buffer.capacity { buffer.dropped.append(contact.identity) }
                    droppedTouches.add(1, ordering: .relaxed)
                    result = .dropped
                }
            case .moved, .ended, .cancelled:
                // A contact that was down when the stall began.
                guard buffer.contacts.count - buffer.begun < Self.contactsDownAtStall, buffer.contacts.count < buffer.capacity else {
                    buffer.lost += 1
                    overflowTotal.add(1, ordering: .relaxed)
                    result = .overflowed
                    continue
                }
                var entry = StallContact(contact: contact)
                if contact.phase == .moved { entry.latest = (frame.timestamp, contact) } else { entry.terminal = (frame.timestamp, contact) }
                buffer.contacts.append(entry)
            }
        }
        if result == .coalesced { coalescedTotal.add(1, ordering: .relaxed) }
        return result
    }

    /// Takes the next item, or nil when there is nothing. Consumer thread only. Never blocks
    /// (but for the length of one merge when it takes a stall buffer), never allocates.
    public func pop() -> Item? {
        var frame = TouchFrame()
        switch pop(into: &frame) {
        case .nothing: return nil
        case .frame: return .frame(frame)
        case .overflow(let lost): return .overflow(lostFrames: lost)
        }
    }

    /// Takes the next item as ``pop()`` does, writing a frame into `frame` (unchanged for the
    /// other outcomes): the run loop's way, which copies a frame once instead of through an
    /// optional enum and a binding (a frame is over 400 bytes).
    public func pop(into frame: inout TouchFrame) -> Taken {
        if nextDrained(into: &frame) { return .frame }
        if pendingLoss > 0 {
            let lost = pendingLoss
            pendingLoss = 0
            return .overflow(lostFrames: lost)
        }
        while true {
            let current = state.load(ordering: .acquiring)
            let head = Self.head(current)
            let tail = Self.tail(current)
            if head == tail {
                // The ring is empty: what the producer kept while it was full comes next.
                let control = stallControl.load(ordering: .acquiring)
                guard control & StallControl.stalling != 0 else { return .nothing }
                // But not before the ring frames the producer published before the stall began:
                // it may have filled the ring and stalled since `current` was loaded.
                let again = state.load(ordering: .acquiring)
                guard Self.head(again) == Self.tail(again) else { continue }
                takeStall(control)
                if nextDrained(into: &frame) { return .frame }
                if pendingLoss > 0 {
                    let lost = pendingLoss
                    pendingLoss = 0
                    return .overflow(lostFrames: lost)
                }
                return .nothing
            }
            let (claimed, _) = state.compareExchange(
                expected: current, desired: Self.pack(head &+ 1, tail), ordering: .acquiringAndReleasing)
            guard claimed else { continue }
            frame = slots[Int(head & mask)]
            released.store(head &+ 1, ordering: .releasing)
            return .frame
        }
    }

    /// Takes the producer's stall buffer (when it is not writing into it) and turns it into
    /// frames in time order, then an overflow if it lost any; the producer goes back to the
    /// ring with the other buffer. When the producer is busy, leaves it: its wake-up follows.
    private func takeStall(_ control: UInt32) {
        eventScratch.removeAll(keepingCapacity: true)
        eventNext = 0
        guard control & StallControl.stalling != 0, control & StallControl.busy == 0 else { return }
        let handedOver = (control & StallControl.second) ^ StallControl.second
        let (taken, _) = stallControl.compareExchange(expected: control, desired: handedOver, ordering: .acquiringAndReleasing)
        guard taken else { return }
        let buffer = stallBuffers + (control & StallControl.second != 0 ? 1 : 0)
        for entry in buffer.pointee.contacts {
            if let beganAt = entry.beganAt { insertEvent(beganAt, entry.contact) }
            if let latest = entry.latest, entry.terminal == nil { insertEvent(latest.at, latest.contact) }
            if let terminal = entry.terminal { insertEvent(terminal.at, terminal.contact) }
        }
        pendingLoss = buffer.pointee.lost
        buffer.pointee.reset()
    }

    /// The next frame of the taken stall buffer, into `frame`: one frame per instant (each
    /// contact at most once in it, at most ``TouchFrame/capacity`` contacts); false when its
    /// frames are all handed out (an overflow may follow: `pendingLoss`).
    private func nextDrained(into frame: inout TouchFrame) -> Bool {
        if eventNext < eventScratch.count {
            frame = TouchFrame(timestamp: eventScratch[eventNext].at)
            while eventNext < eventScratch.count {
                let event = eventScratch[eventNext]
                if frame.count > 0
                    && (event.at != frame.timestamp || frame.count == TouchFrame.capacity || Self.frame(frame, contains: event.contact.identity))
                {
                    break
                }
                _ = frame.append(event.contact)
                eventNext += 1
            }
            return true
        }
        return false
    }

    private static func frame(_ frame: TouchFrame, contains identity: UInt32) -> Bool {
        for contact in frame where contact.identity == identity { return true }
        return false
    }

    /// Inserts into `eventScratch`, keeping it sorted by time (stable: equal times keep their
    /// insertion order, so a contact's began stays before its end).
    private func insertEvent(_ at: MonotonicInstant, _ contact: Contact) {
        eventScratch.append((at, contact))
        var i = eventScratch.count - 1
        while i > 0 && eventScratch[i - 1].at > at {
            eventScratch.swapAt(i - 1, i)
            i -= 1
        }
    }

    /// Frames waiting (approximate while the producer runs).
    public var pendingCount: Int {
        let s = state.load(ordering: .relaxed)
        return Int(Self.tail(s) &- Self.head(s))
    }

    /// Frames queued normally since creation.
    public var pushedCount: UInt64 { pushedTotal.load(ordering: .relaxed) }
    /// Frames kept in the stall buffer (merged per contact) since creation.
    public var coalescedCount: UInt64 { coalescedTotal.load(ordering: .relaxed) }
    /// Frames the stall buffer could not hold since creation (only a producer with more
    /// contacts down than a tracker allows).
    public var overflowCount: UInt64 { overflowTotal.load(ordering: .relaxed) }
    /// Touches dropped whole because more than ``touchesPerStall`` began during one stall.
    public var droppedTouchCount: UInt64 { droppedTouches.load(ordering: .relaxed) }
}

/// What wakes an ``EventQueue``'s consumer (the UI thread) when a frame arrives while it may be
/// asleep. The producer calls ``raise()`` on its own thread: it must be thread-safe, must not
/// block and must not allocate.
public protocol QueueWakeUp: AnyObject, Sendable {
    /// Wakes the consumer; any thread, any number of times.
    func raise()
}

/// A contact's state while the consumer is stalled.
struct StallContact {
    var contact: Contact
    /// When it began, for a touch that began during the stall (its began contact is `contact`).
    var beganAt: MonotonicInstant?
    var latest: (at: MonotonicInstant, contact: Contact)?
    var terminal: (at: MonotonicInstant, contact: Contact)?

    init(contact: Contact, beganAt: MonotonicInstant? = nil) {
        self.contact = contact
        self.beganAt = beganAt
    }
}

/// The bits of `EventQueue.stallControl`.
enum StallControl {
    /// The producer writes into its stall buffer, not the ring.
    static let stalling: UInt32 = 1
    /// The producer is writing into it right now.
    static let busy: UInt32 = 2
    /// The producer's stall buffer is the second one.
    static let second: UInt32 = 4
}

/// What the producer keeps while the ring is full: fixed capacity, allocated once.
struct StallBuffer {
    let capacity: Int
    var contacts: [StallContact] = []
    /// Touches begun during this stall.
    var begun = 0
    /// Identities of touches dropped whole, still down.
    var dropped: [UInt32] = []
    /// Frames that could not be held.
    var lost: UInt64 = 0

    init(capacity: Int) {
        self.capacity = capacity
        contacts.reserveCapacity(capacity)
        dropped.reserveCapacity(capacity)
    }

    mutating func reset() {
        contacts.removeAll(keepingCapacity: true)
        begun = 0
        lost = 0
        // A dropped touch that is still down is ignored by the consumer from here on (it never
        // saw it begin), wherever its moves and end go.
        dropped.removeAll(keepingCapacity: true)
    }
}
