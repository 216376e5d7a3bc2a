#if Bench
import PanelBench
public import PanelBoards
public import PanelControllers
public import PanelCore
public import PanelGraphics
import PanelLinuxPlatform
public import PanelPlatform

#if canImport(Glibc)
import Glibc
#endif

/// The headless backend: a memory framebuffer and the board's controller emulated on the mock
/// bus (``Bench``), driven by the real driver in virtual time. Sleeping is stepping the
/// driver: each ``waitForEvents(until:)`` waits for the emulated interrupt for up to 20 ms of
/// virtual time, which a ``ScriptedSession``'s fingers fill.
@MainActor
public final class HeadlessPlatform: Platform {
    /// This platform runs a mock board without a screen.
    public let name = "headless"
    /// The emulated hardware.
    public let bench: Bench
    /// The memory framebuffer the app draws into.
    public let framebuffer: any Framebuffer
    /// The bench's virtual clock.
    public var clock: any MonotonicClock { bench.clock }
    /// The queue the emulated chip's driver fills.
    public var eventQueue: EventQueue { bench.queue }
    /// What the emulated controller said about itself at start.
    public var identification: [String] { bench.identification }
    private var stopping = false
    private weak var client: (any RunLoopClient)?
    /// Host time (CLOCK_MONOTONIC) at the start of the last step: the moment the driver reads
    /// the emulated report, for touch-to-action latency.
    public private(set) var stepStartedAt = MonotonicInstant.zero
    private let host = HostClock()
    /// How long, in real time, a session holds its virtual time for the app's work under way
    /// (`RunLoopClient.hasWorkInFlight`: a reply from a server). Default 10 s.
    public var workTimeout = HeadlessPlatform.defaultWorkTimeout
    /// The default ``workTimeout``: 10 s.
    public nonisolated static let defaultWorkTimeout = MonotonicDuration.milliseconds(10_000)
    /// Set once work under way outlasted ``workTimeout``: the session then went on without it.
    public private(set) var workTimedOut = false
    private var holdingSince: MonotonicInstant?

    /// Brings up the board's emulated controller (looked up in `registry`) and a memory
    /// framebuffer of its panel.
    /// - Throws: `PanelKitError` when the board is not a mock board or its controller does
    ///   not start.
    public init(board: Board, registry: TouchControllerRegistry = .standard) throws(PanelKitError) {
        bench = try Bench(board: board, registry: registry)
        framebuffer = try makeFramebuffer(for: board)
    }

    /// The emulated controller started when the bench was built; its buttons and
    /// accelerometer deliver to `client` from now on.
    public func start(client: any RunLoopClient) throws(PanelKitError) {
        stopping = false
        self.client = client
    }

    /// One step of the driver: up to 20 ms of virtual time (less when `deadline`, or a button's
    /// or the accelerometer's next look, is sooner); then the buttons and the accelerometer are
    /// read, as their timers would on a board.
    public func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !stopping else { return false }
        MainActorJobs.clearWakeUp()
        if holdsTime() { return !stopping }
        stepStartedAt = host.now
        var step = MonotonicDuration.milliseconds(20)
        var soonest = deadline
        if let device = bench.nextDeviceDeadline { soonest = soonest.map { min($0, device) } ?? device }
        if let soonest {
            let remaining = soonest - bench.clock.now
            if remaining < step { step = max(remaining, .milliseconds(1)) }
        }
        bench.input.step(timeout: step)
        if let client { bench.pollDevices { client.handle($0) } }
        return !stopping
    }

    /// While the app's work runs in real time, virtual time stands still: the step waits (up to
    /// 5 ms of real time) for main-actor work to be queued instead of moving the chip's clock.
    /// Only where the loop runs main-actor work (``MainActorJobs/isRunByLoop``); work that
    /// outlasts ``workTimeout`` is left to finish on its own, and ``workTimedOut`` says so.
    private func holdsTime() -> Bool {
        guard let client, client.hasWorkInFlight, !workTimedOut, MainActorJobs.isRunByLoop else {
            holdingSince = nil
            return false
        }
        let now = host.now
        let since = holdingSince ?? now
        holdingSince = since
        guard now - since < workTimeout else {
            workTimedOut = true
            return false
        }
        MainActorJobs.waitForWork(milliseconds: 5)
        return true
    }

    /// Ends the session at its next step.
    public func stop() { stopping = true }

    /// Ends every press a button holds and a shake in progress, and returns the input's counters.
    public func shutDown() -> InputStatistics {
        if let client { bench.cancelDevices { client.handle($0) } }
        return bench.input.statistics
    }

    /// What the emulated controller's driver counted so far.
    public var inputStatistics: InputStatistics { bench.input.statistics }
}
#endif
