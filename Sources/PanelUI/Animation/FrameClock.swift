/// Per-frame callbacks for whatever moves on its own (a decelerating scroll view, a bounce, a
/// fading indicator): one repeating timer at 60 Hz on the application's clock that exists only
/// while a callback is registered, so an app at rest keeps zero wake-ups.
///
/// On a display that reports its refreshes (a DRM card's page-flip events,
/// ``FrameClock/displayDidRefresh(at:period:)``) the frames follow the display instead: each completed
/// flip starts the next frame at once, and the timer only stands in, 1.5 periods later, when no
/// flip comes (nothing was presented). A flip that completes sooner than ¾ of a period after
/// the last frame (a driver without a real vertical blank, such as QEMU's bochs) waits for
/// that ¾, so frames never run faster than 4/3 of the refresh rate.
///
/// A callback gets the frame's time and returns whether it wants the next frame; returning
/// false (or `remove(_:)`) unregisters it. A ``FrameClockClient`` registers without a closure,
/// so a control that animates on every tap (a switch's knob) allocates nothing.
@MainActor
public protocol FrameClockClient: AnyObject {
    /// One frame at `now`; returns whether the next frame is wanted.
    func frameClockTick(_ now: MonotonicInstant) -> Bool
}

/// The application's 60 Hz frame timer for motion and animation: it runs only while a client wants
/// frames, so an app at rest has no wake-ups.
@MainActor
public final class FrameClock {
    /// One registered callback, for ``remove(_:)``.
    public struct Handle: Hashable, Sendable {
        let id: Int
    }

    /// The frame interval: 60 Hz.
    public static let interval = MonotonicDuration.nanoseconds(16_666_667)

    /// A client is held strongly until its last frame or ``remove(_:)``, as UIKit's animations
    /// keep their views: a weak reference would give each object a side table, allocated the
    /// first time it registers, and a button's first fade would allocate.
    private enum Body {
        case closure(@MainActor (MonotonicInstant) -> Bool)
        case client(any FrameClockClient)
    }

    // Exempt from dynamic exclusivity checks (`@exclusivity(unchecked)`): main actor only, and
    // each callback is read out of the list before it is called (it may change the list).
    private unowned let application: Application
    @exclusivity(unchecked) private var callbacks: [(handle: Handle, body: Body)] = []
    @exclusivity(unchecked) private var timer: TimerHandle?
    /// When the last frame ran (for the pacing floor).
    @exclusivity(unchecked) private var lastTick = MonotonicInstant.zero
    /// Frames run so far (each tick with callbacks).
    @exclusivity(unchecked) public private(set) var tickCount = 0
    /// Whether the display's refreshes pace the frames (a refresh was reported).
    @exclusivity(unchecked) public private(set) var isPacedByDisplay = false
    @exclusivity(unchecked) private var nextID = 1
    /// Made once, so that starting the clock allocates nothing.
    private lazy var tickHandler: @MainActor (TimerHandle) -> Void = { [unowned self] _ in self.tick() }

    init(application: Application) {
        self.application = application
    }

    /// Whether any callback is registered (the timer runs).
    public var isRunning: Bool { timer != nil }

    /// Registers `body` for every frame from the next one until it returns false.
    @discardableResult
    public func add(_ body: @escaping @MainActor (MonotonicInstant) -> Bool) -> Handle {
        add(.closure(body))
    }

    /// Registers `client` (held until then) for every frame from the next one until its
    /// ``FrameClockClient/frameClockTick(_:)`` returns false.
    @discardableResult
    public func add(_ client: any FrameClockClient) -> Handle {
        add(.client(client))
    }

    private func add(_ body: Body) -> Handle {
        let handle = Handle(id: nextID)
        nextID &+= 1
        callbacks.append((handle, body))
        if timer == nil {
            timer = try? application.scheduleTimer(after: Self.interval, repeating: Self.interval, tickHandler)
        }
        return handle
    }

    /// Unregisters a callback; nothing happens for one that already finished.
    public func remove(_ handle: Handle) {
        callbacks.removeAll { $0.handle == handle }
        stopIfIdle()
    }

    /// The display put the last frame on screen (a page flip completed): the next frame runs
    /// now (or at ¾ of `period` after the last one, whichever is later), and the timer waits
    /// 1.5 periods for a flip that does not come.
    public func displayDidRefresh(at time: MonotonicInstant, period: MonotonicDuration) {
        isPacedByDisplay = true
        guard !callbacks.isEmpty else { return }
        let refresh = period.nanoseconds > 0 ? period : Self.interval
        let now = application.clock.now
        let floor = lastTick + .nanoseconds(refresh.nanoseconds / 4 * 3)
        let delay = floor > now ? floor - now : .zero
        if let timer { application.cancelTimer(timer) }
        timer = try? application.scheduleTimer(after: delay, repeating: .nanoseconds(refresh.nanoseconds / 2 * 3), tickHandler)
    }

    private func tick() {
        let now = application.clock.now
        lastTick = now
        tickCount &+= 1
        var index = 0
        while index < callbacks.count {
            let (handle, body) = callbacks[index]
            let wantsMore: Bool
            switch body {
            case .closure(let closure): wantsMore = closure(now)
            case .client(let client): wantsMore = client.frameClockTick(now)
            }
            if wantsMore {
                index += 1
            } else {
                callbacks.removeAll { $0.handle == handle }
            }
        }
        stopIfIdle()
    }

    private func stopIfIdle() {
        guard callbacks.isEmpty, let timer else { return }
        application.cancelTimer(timer)
        self.timer = nil
    }
}
