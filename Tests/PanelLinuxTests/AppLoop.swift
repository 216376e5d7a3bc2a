#if os(Linux)
import PanelCore
import PanelPlatform
@testable import PanelLinux

/// An application on an epoll loop, turned one step at a time as `Platform.run` turns it on a
/// board: the app's `runOnce`, then the loop's wait until the app's next timer, the queue's
/// wake-up, a descriptor, the stop signal or the test's `timeout`. Tests step it to look between
/// turns; apps never do (they run `Platform.run`).
@MainActor
final class AppLoop {
    /// The loop it sleeps in.
    let loop: LinuxRunLoop
    /// The app it turns; nil for a loop that only sleeps and runs descriptors' handlers.
    let application: (any RunLoopClient)?
    /// Turns taken (calls to `runOnce`).
    private(set) var turns: UInt64 = 0

    /// A loop over `application`, waking on its queue's `WakeSignal` (a queue without one is a
    /// test mistake: it could sleep through a frame).
    init(application: any RunLoopClient) throws {
        var signal: WakeSignal?
        if let queue = application.eventQueue {
            signal = queue.wakeUp as? WakeSignal
            precondition(signal != nil, "make the test's queue with EventQueue(capacity:wakeUp: try WakeSignal())")
        }
        loop = try LinuxRunLoop(queueSignal: signal, clock: application.clock)
        self.application = application
    }

    /// A loop with no app, waking on `queueSignal`.
    init(queueSignal: WakeSignal?, clock: any MonotonicClock) throws {
        loop = try LinuxRunLoop(queueSignal: queueSignal, clock: clock)
        application = nil
    }

    /// One step of `Platform.run`; returns whether anything woke the loop before `timeout`.
    @discardableResult
    func turn(timeout: MonotonicDuration?) -> Bool {
        application?.runOnce()
        turns += 1
        return loop.wait(until: application?.nextTimerDeadline, timeout: timeout)
    }

    /// Steps until the stop signal is raised (from any thread), as `Platform.run` does.
    func run() {
        loop.prepareToRun()
        repeat { turn(timeout: nil) } while !loop.isStopping
    }

    var statistics: LinuxRunLoop.Statistics { loop.statistics }
    var stopSignal: WakeSignal { loop.stopSignal }

    @discardableResult
    func add(fileDescriptor fd: Int32, handler: @escaping @MainActor (Int32) -> Void) throws(RunLoopError) -> LinuxRunLoop.Source {
        try loop.add(fileDescriptor: fd, handler: handler)
    }

    func remove(_ source: LinuxRunLoop.Source) { loop.remove(source) }

    @discardableResult
    func wait(until deadline: MonotonicInstant?, timeout: MonotonicDuration? = nil) -> Bool {
        loop.wait(until: deadline, timeout: timeout)
    }
}
#endif
