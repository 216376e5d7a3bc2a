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
/// ## Overflow policy (the only place it is defined)
/// The producer never waits. When the queue is full:
/// 1. **Coalescing.** If the incoming frame only moves contacts (no contact begins or ends) and
///    the newest frame still pending also only moves contacts, the pending frame is replaced by
///    the incoming one — its positions are newer and nothing else is lost.
///    ``coalescedCount`` counts these.
/// 2. **Never dropped.** A frame that begins or ends a contact is never merged away or silently
///    discarded.
/// 3. **Overflow.** If the frame still cannot be queued, it is lost and the loss is recorded
///    (``overflowCount``). The consumer receives ``Item/overflow(lostFrames:)`` at exactly the
///    place in the stream where the frames went missing — after every frame queued before the
///    loss and before every frame queued after it — and must treat it as a cancel of every
///    active touch (UIKit's `touchesCancelled`). Frames that follow may update contacts the
///    consumer has cancelled; it ignores those until they end, and accepts new `began`s.
///
/// So every contact that began reaches the consumer's ledger as ended or cancelled exactly once.
public final class EventQueue: @unchecked Sendable {
    /// What ``pop()`` yields.
    public enum Item: Sendable {
        /// The next frame.
        case frame(TouchFrame)
        /// Frames were lost here: cancel every active touch.
        case overflow(lostFrames: UInt64)
    }

    /// What happened to a pushed frame.
    public enum PushResult: Sendable, Hashable {
        /// Queued normally.
        case queued
        /// Replaced the newest pending move-only frame.
        case coalesced
        /// Lost; the consumer will be told (see the overflow policy).
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

    // Consumer-only state.
    private var acknowledgedOverflows: UInt64 = 0
    private var heldFrame: TouchFrame?

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
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
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

    /// Queues a frame. Producer thread only. Never blocks, never allocates.
    @discardableResult
    public func push(_ frame: TouchFrame) -> PushResult {
        var stamped = frame
        stamped.overflowsBefore = overflowTotal.load(ordering: .relaxed)
        while true {
            let current = state.load(ordering: .acquiring)
            let head = Self.head(current)
            let tail = Self.tail(current)
            let free = released.load(ordering: .acquiring)
            if tail &- free < UInt32(capacity) {
                slots[Int(tail & mask)] = stamped
                // The head at the moment of publishing: when the consumer had already claimed
                // every earlier frame it may have found the queue empty and gone to sleep, so
                // wake it. Otherwise it has a frame to claim and will reach this one before it
                // sleeps. (The head loaded above may be stale by now.)
                let claimedHead = publishTail(tail &+ 1)
                pushedTotal.add(1, ordering: .relaxed)
                if claimedHead == tail { wakeUp?.raise() }
                return .queued
            }
            // Full. Try to merge a move-only frame into the newest pending move-only frame: take
            // it back from the consumer first (only possible while the consumer has not claimed it).
            guard !frame.beginsOrEndsContact && head != tail else { break }
            let newest = tail &- 1
            let (exchanged, _) = state.compareExchange(
                expected: current, desired: Self.pack(head, newest), ordering: .acquiringAndReleasing)
            // The consumer claimed a frame meanwhile: room is being made, so look again rather
            // than record a loss. Each retry follows consumer progress, so this terminates.
            guard exchanged else { continue }
            let slot = Int(newest & mask)
            let replace = !slots[slot].beginsOrEndsContact && slots[slot].overflowsBefore == stamped.overflowsBefore
            if replace { slots[slot] = stamped }
            publishTail(tail)
            guard replace else { break }
            coalescedTotal.add(1, ordering: .relaxed)
            return .coalesced
        }
        overflowTotal.add(1, ordering: .releasing)
        wakeUp?.raise()
        return .overflowed
    }

    /// Takes the next item, or nil when there is nothing. Consumer thread only. Never blocks,
    /// never allocates.
    public func pop() -> Item? {
        if let held = heldFrame {
            heldFrame = nil
            return .frame(held)
        }
        while true {
            let current = state.load(ordering: .acquiring)
            let head = Self.head(current)
            let tail = Self.tail(current)
            if head == tail {
                // Empty: report an overflow only once every frame queued before it is out.
                let total = overflowTotal.load(ordering: .acquiring)
                guard total > acknowledgedOverflows else { return nil }
                let again = state.load(ordering: .acquiring)
                guard Self.head(again) == Self.tail(again) else { continue }
                let lost = total - acknowledgedOverflows
                acknowledgedOverflows = total
                return .overflow(lostFrames: lost)
            }
            let (claimed, _) = state.compareExchange(
                expected: current, desired: Self.pack(head &+ 1, tail), ordering: .acquiringAndReleasing)
            guard claimed else { continue }
            let frame = slots[Int(head & mask)]
            released.store(head &+ 1, ordering: .releasing)
            if frame.overflowsBefore > acknowledgedOverflows {
                let lost = frame.overflowsBefore - acknowledgedOverflows
                acknowledgedOverflows = frame.overflowsBefore
                heldFrame = frame
                return .overflow(lostFrames: lost)
            }
            return .frame(frame)
        }
    }

    /// Frames waiting (approximate while the producer runs).
    public var pendingCount: Int {
        let s = state.load(ordering: .relaxed)
        return Int(Self.tail(s) &- Self.head(s))
    }

    /// Frames queued normally since creation.
    public var pushedCount: UInt64 { pushedTotal.load(ordering: .relaxed) }
    /// Frames merged into a pending move-only frame since creation.
    public var coalescedCount: UInt64 { coalescedTotal.load(ordering: .relaxed) }
    /// Frames lost to overflow since creation.
    public var overflowCount: UInt64 { overflowTotal.load(ordering: .relaxed) }
}

/// What wakes an ``EventQueue``'s consumer (the UI thread) when a frame arrives while it may be
/// asleep. The producer calls ``raise()`` on its own thread: it must be thread-safe, must not
/// block and must not allocate.
public protocol QueueWakeUp: AnyObject, Sendable {
    /// Wakes the consumer; any thread, any number of times.
    func raise()
}
