import Synchronization

#if os(Linux)
import CMainQueue
import Glibc
#endif

/// The main actor's queued work, run by the platform's loop between its turns: what makes
/// `Task { … }` from a view controller, `await MainActor.run { … }`, the continuation after a
/// `Task.sleep` or an `await` of a network call, and `for await` over a stream on the main actor
/// come back to the UI thread.
///
/// On Linux the main actor's jobs go to libdispatch's main queue. Nothing runs that queue unless
/// the main thread's loop does: ``Platform/run(_:afterEachTurn:)`` calls ``runQueued()`` before
/// each turn, and each backend's sleep wakes when ``wakeUpDescriptor`` becomes readable (the
/// Linux backend watches it in its epoll set, the simulator turns it into an SDL event), so an
/// idle app still does not wake.
///
/// Each call runs the jobs that were queued when it began; a job they queue (a loop of
/// `await Task.yield()`, a stream's next element) waits for the next turn, so a flood of jobs
/// cannot starve touches or frames.
///
/// The loop can run them only on the process's main thread, the thread a synchronous `main`
/// (``isRunByLoop``) starts on: that is how `PanelApp.main` runs. An `async` main, or a test
/// runner, hands the main queue to libdispatch instead; there the loop cannot run main-actor
/// work until the code that called it returns or awaits.
@MainActor
public enum MainActorJobs {
    /// Whether the platform's loop runs the main actor's jobs here: on the process's main thread,
    /// before anything handed the main queue to libdispatch (`dispatch_main`, an `async` main).
    public static var isRunByLoop: Bool {
        #if os(Linux)
        return panel_is_process_main_thread() != 0
        #else
        return false
        #endif
    }

    /// The descriptor a loop's sleep watches: readable while main-actor jobs wait (an eventfd; read
    /// it with ``clearWakeUp()``). Nil where the loop does not run them (``isRunByLoop`` false).
    public static var wakeUpDescriptor: Int32? {
        #if os(Linux)
        guard isRunByLoop else { return nil }
        return _dispatch_get_main_queue_handle_4CF()
        #else
        return nil
        #endif
    }

    /// Empties the wake-up once a loop saw it readable, so that its next sleep sleeps. Jobs
    /// queued after this wake it again. Returns how many wake-ups there were (0: none).
    @discardableResult
    public static func clearWakeUp() -> UInt64 {
        #if os(Linux)
        guard let descriptor = wakeUpDescriptor else { return 0 }
        var count: UInt64 = 0
        // The eventfd is non-blocking: nothing to read is EAGAIN, not a wait.
        guard read(descriptor, &count, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size else { return 0 }
        return count
        #else
        return 0
        #endif
    }

    /// Sleeps until main-actor work is queued or `milliseconds` pass (for a loop that waits on
    /// nothing else: a headless session holding its time, the app's last 100 ms), then empties
    /// the wake-up. Returns false at once where the loop does not run the jobs here.
    @discardableResult
    public static func waitForWork(milliseconds: Int32) -> Bool {
        #if os(Linux)
        guard let descriptor = wakeUpDescriptor else { return false }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, max(milliseconds, 0))
        clearWakeUp()
        return true
        #else
        return false
        #endif
    }

    /// Runs the main-actor jobs queued when the call began, on this thread; the jobs they queue
    /// wait for the next call. Nothing when the loop does not run them here (``isRunByLoop``).
    /// With nothing queued it costs a check of the queue: no system call, no allocation.
    public static func runQueued() {
        #if os(Linux)
        guard runsHere else { return }
        _dispatch_main_queue_callback_4CF(nil)
        #endif
    }

    /// ``isRunByLoop``, asked once: the main queue's thread does not change while the process runs
    /// (dispatch_main, which changes it, never returns to this thread).
    private static let runsHere = isRunByLoop

    /// Makes the platform's loop take a turn soon, from any thread: for state the UI reads that
    /// changed off the main thread (an `@Observable` model set from a network thread). Nothing
    /// when no loop runs on the main thread, or when called on it (a turn follows anyway); a
    /// burst of calls is one wake-up until the loop has run.
    public nonisolated static func wakeLoop() {
        #if os(Linux)
        guard LoopState.running.load(ordering: .acquiring), panel_is_process_main_thread() == 0 else { return }
        guard !LoopState.wakePending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // An empty main-actor job: the loop's sleep wakes for it (wakeUpDescriptor).
        Task { @MainActor in }
        #endif
    }

    /// Marks a loop on the main thread as running (``Platform/run(_:afterEachTurn:)``), for
    /// ``wakeLoop()``.
    static func loopStarted() {
        LoopState.running.store(runsHere, ordering: .releasing)
    }

    static func loopEnded() { LoopState.running.store(false, ordering: .releasing) }

    /// Called before each turn: wake-ups asked for from now on are new ones.
    static func turnBegins() { LoopState.wakePending.store(false, ordering: .releasing) }
}

/// The loop's state as other threads see it.
private enum LoopState {
    static let running = Atomic<Bool>(false)
    static let wakePending = Atomic<Bool>(false)
}
