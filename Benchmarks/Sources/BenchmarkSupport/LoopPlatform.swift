#if os(Linux)
public import PanelCore
public import PanelGraphics
public import PanelLinux
public import PanelPlatform

/// The platform of the benchmarks that bring their own input (an emulated chip behind a paced
/// bus on an input thread, a uinput device): the loop an app runs on a board, `Platform.run`,
/// sleeping in the epoll loop's wait exactly as `LinuxPlatform` does, around the framebuffer and
/// the queue the benchmark builds.
@MainActor
public final class LoopPlatform: Platform {
    public let name = "benchmark"
    public let framebuffer: any Framebuffer
    public let clock: any MonotonicClock = SystemClock()
    public let eventQueue: EventQueue
    /// The epoll loop: its wake-up counters, its stop signal (safe from any thread).
    public let runLoop: LinuxRunLoop
    public var identification: [String] { [] }
    public var inputStatistics: InputStatistics { statistics() }
    public var descriptorWatcher: (any DescriptorWatching)? { runLoop }
    private let statistics: () -> InputStatistics

    /// A platform drawing into `framebuffer`, whose loop wakes on `wakeUp` (the queue's) and
    /// whose input counts come from `statistics`.
    public init(
        framebuffer: any Framebuffer, eventQueue: EventQueue, wakeUp: WakeSignal, statistics: @escaping () -> InputStatistics = { InputStatistics() }
    ) throws(PanelKitError) {
        self.framebuffer = framebuffer
        self.eventQueue = eventQueue
        self.statistics = statistics
        do { runLoop = try LinuxRunLoop(queueSignal: wakeUp, clock: SystemClock()) } catch { throw PanelKitError(.system, error) }
    }

    public func start(client: any RunLoopClient) throws(PanelKitError) { runLoop.prepareToRun() }

    public func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !runLoop.isStopping else { return false }
        runLoop.wait(until: deadline)
        return !runLoop.isStopping
    }

    public func stop() { runLoop.stop() }

    public func shutDown() -> InputStatistics { statistics() }
}
#endif
