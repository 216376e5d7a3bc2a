internal import PanelCore
import PanelPlatform
internal import Synchronization

/// The application's clock as a Swift `Clock`: `try await application.taskClock.sleep(for:
/// .seconds(5))` in app code wakes on the clock the app's timers run on. On a board that is the
/// monotonic clock (real time); on the bench and in a headless session it is the emulated
/// chip's virtual clock, so a five-second wait in a session of virtual time is deterministic
/// and takes no real time. (`Task.sleep` still sleeps in real time everywhere.)
///
/// A sleeper resumes on the main actor, in a turn of the run loop, once its deadline has
/// passed; a cancelled sleeper throws `CancellationError` at once.
public struct ApplicationClock: Clock, Sendable {
    /// An instant of the application's clock.
    public struct Instant: InstantProtocol, Sendable {
        /// Nanoseconds since the clock's (arbitrary) epoch.
        public var nanoseconds: Int64

        /// The instant `nanoseconds` after the clock's epoch.
        public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

        /// The instant `duration` later (earlier, when negative), clamped to the representable range.
        public func advanced(by duration: Swift.Duration) -> Instant {
            Instant(nanoseconds: nanoseconds.addingClamped(duration.clampedNanoseconds))
        }

        /// The time from this instant to `other`, clamped to the representable range.
        public func duration(to other: Instant) -> Swift.Duration {
            .nanoseconds(other.nanoseconds.subtractingClamped(nanoseconds))
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    }

    let sleepers: ClockSleepers

    /// The time now, as of the application's last turn on the bench (virtual time moves only
    /// between turns there) and as read from the monotonic clock on a board.
    public var now: Instant { Instant(nanoseconds: sleepers.now()) }

    /// One nanosecond: deadlines are kept as the app's timers keep them.
    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// Suspends until `deadline` on this clock (`tolerance` is not used: the run loop's timers
    /// are exact). Throws `CancellationError` when the task is cancelled, and
    /// ``ApplicationError`` when the application is gone.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        try await sleepers.sleep(until: MonotonicInstant(nanoseconds: UInt64(clamping: deadline.nanoseconds)))
    }
}

extension Int64 {
    fileprivate func addingClamped(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    fileprivate func subtractingClamped(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}

extension Swift.Duration {
    /// The duration in whole nanoseconds, clamped to `Int64` (a duration of centuries is not an
    /// overflow).
    var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds > 0 ? .max : .min }
        return scaled.addingClamped(attoseconds / 1_000_000_000)
    }
}

/// The tasks waiting on an application's ``ApplicationClock``: kept in deadline order, woken by
/// one of the application's timers set for the earliest.
@MainActor
final class ClockSleepers: Sendable {
    private struct Sleeper {
        let id: UInt64
        let deadline: MonotonicInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private weak var application: Application?
    /// The clock's time at the application's last look, for readers off the main actor.
    private nonisolated let published: PublishedInstant
    private var waiting: [Sleeper] = []
    private var timer: TimerHandle?
    private var nextID: UInt64 = 0

    init(application: Application, clock: any MonotonicClock) {
        self.application = application
        published = PublishedInstant(clock: clock)
    }

    /// How many tasks are sleeping on the clock now.
    var count: Int { waiting.count }

    nonisolated func now() -> Int64 { published.read() }

    /// Records the time the application's clock shows (every turn).
    func publish(_ now: MonotonicInstant) { published.store(now) }

    func sleep(until deadline: MonotonicInstant) async throws {
        try Task.checkCancellation()
        guard let application else { throw ApplicationError.applicationGone }
        if application.clock.now >= deadline { return }
        nextID &+= 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let index = waiting.firstIndex { $0.deadline > deadline } ?? waiting.endIndex
                waiting.insert(Sleeper(id: id, deadline: deadline, continuation: continuation), at: index)
                rearm()
            }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    /// Resumes the sleepers whose deadline has passed (the timer's handler).
    private func wake() {
        timer = nil
        guard let application else { return }
        let now = application.clock.now
        publish(now)
        while let first = waiting.first, first.deadline <= now {
            waiting.removeFirst()
            first.continuation.resume()
        }
        rearm()
    }

    private func cancel(_ id: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
        rearm()
    }

    /// Every sleeper throws: the application is going away.
    func cancelAll() {
        let all = waiting
        waiting.removeAll()
        if let timer { application?.cancelTimer(timer) }
        timer = nil
        for sleeper in all { sleeper.continuation.resume(throwing: CancellationError()) }
    }

    /// Sets the one timer for the earliest deadline (or none).
    private func rearm() {
        guard let application else { return }
        if let timer { application.cancelTimer(timer) }
        timer = nil
        guard let first = waiting.first else { return }
        do {
            timer = try application.scheduleTimer(after: first.deadline - application.clock.now) { [weak self] _ in self?.wake() }
        } catch {
            // Every timer slot is taken: the sleepers fail rather than never wake.
            let all = waiting
            waiting.removeAll()
            for sleeper in all { sleeper.continuation.resume(throwing: error) }
        }
    }
}

/// The clock's time as last published, readable from any thread.
final class PublishedInstant: Sendable {
    private let nanoseconds: Atomic<Int64>
    /// The monotonic clock is read directly; a virtual one (the bench's) is read as published.
    private let isSystemClock: Bool

    init(clock: any MonotonicClock) {
        nanoseconds = Atomic(Int64(clamping: clock.now.nanoseconds))
        #if os(Linux)
        isSystemClock = clock is SystemClock
        #else
        isSystemClock = false
        #endif
    }

    func read() -> Int64 {
        #if os(Linux)
        if isSystemClock { return Int64(clamping: SystemClock().now.nanoseconds) }
        #endif
        return nanoseconds.load(ordering: .acquiring)
    }

    func store(_ now: MonotonicInstant) { nanoseconds.store(Int64(clamping: now.nanoseconds), ordering: .releasing) }
}
