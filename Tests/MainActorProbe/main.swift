// A PanelKit app with a synchronous main, as an app's is: the process the main-actor tests run
// (a test runner hands the main queue to libdispatch, so the loop cannot run it there). Each
// argument names a platform's loop to check; each check prints "ok: …" or "FAIL: …", and the
// exit status is 1 when one failed.
import Glibc
import PanelCore
import PanelKit
import PanelLinux
import PanelPlatform
import PanelUI

#if Simulator
import PanelSimulator
#endif

@MainActor enum Outcome {
    static var failed = false
}

@MainActor func check(_ description: String, _ condition: Bool) {
    print(condition ? "ok: \(description)" : "FAIL: \(description)")
    if !condition { Outcome.failed = true }
}

/// The controller of the report: three tasks from viewDidLoad, as a new user writes them, and
/// a tracked task that waits for a reply in real time and then on the app's clock.
@MainActor
final class TasksController: ViewController {
    let immediate = Label(frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let slept = Label(frame: Rect(x: 10, y: 50, width: 300, height: 30))
    let computed = Label(frame: Rect(x: 10, y: 90, width: 300, height: 30))
    let reply = Label(frame: Rect(x: 10, y: 130, width: 300, height: 30))
    var replyAtVirtualMs: Int64?
    var clockWaitMs: Int64?

    override func viewDidLoad() {
        for label in [immediate, slept, computed, reply] { view.addSubview(label) }
        Task { @MainActor in immediate.text = "ran" }
        Task {
            try await Task.sleep(for: .milliseconds(30))
            slept.text = "slept"
        }
        Task {
            let sum = await Task.detached { (1 ... 1000).reduce(0, +) }.value
            computed.text = "\(sum)"
        }
        task { [unowned self] in
            // A reply that takes 300 ms of real time: the session's virtual time waits for it.
            let started = view.window?.application?.clock.now
            try? await Task.sleep(for: .milliseconds(300))
            reply.text = "reply"
            if let application = view.window?.application, let started {
                replyAtVirtualMs = (application.clock.now - started).nanoseconds / 1_000_000
                let clock = application.taskClock
                let before = clock.now
                try? await clock.sleep(for: .seconds(5))
                clockWaitMs = Int64(before.duration(to: clock.now).components.seconds * 1000)
            }
        }
    }
}

@MainActor func headless() {
    let controller = TasksController()
    let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in
        script.tap(at: Point(x: 5, y: 5), at: 100)
        script.runs(until: 6_000)
        script.expect("the task started with Task { @MainActor in } ran") { controller.immediate.text == "ran" }
        script.expect("the task that slept 30 ms in real time went on") { controller.slept.text == "slept" }
        script.expect("the task that awaited a detached computation got its result") { controller.computed.text == "500500" }
        script.expect("the controller's task got its reply") { controller.reply.text == "reply" }
    }
    let status = PanelApp.run(arguments: ["--headless"], options: PanelAppOptions(board: "mock"), session: session) { window in
        window.rootViewController = controller
    }
    check("a headless session ran the main actor's tasks and its checks passed (exit \(status))", status == 0)
    check(
        "virtual time stood still while the controller's task waited 300 ms of real time for its reply (\(controller.replyAtVirtualMs.map { "\($0) ms" } ?? "never"))",
        (controller.replyAtVirtualMs ?? .max) < 100)
    check(
        "a 5 s sleep on the application's clock took 5 s of virtual time (\(controller.clockWaitMs.map { "\($0) ms" } ?? "never"))",
        controller.clockWaitMs == 5000)
}

/// A controller whose task waits 30 s of real time for a reply that does not come.
@MainActor
final class WaitingController: ViewController {
    var outcome = "still waiting"
    override func viewDidLoad() {
        task { [unowned self] in
            do {
                try await Task.sleep(for: .seconds(30))
                outcome = "woke"
            } catch {
                outcome = "cancelled"
            }
        }
    }
}

/// SIGTERM 200 ms into a session whose controller waits for a reply: the task is cancelled, sees
/// it, and the app exits 0. The signal's time (CLOCK_MONOTONIC) is printed for the test to
/// measure the exit against.
@MainActor func sigterm() {
    let controller = WaitingController()
    let session = ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in script.runs(until: 60_000) }
    Task.detached {
        try await Task.sleep(for: .milliseconds(200))
        print("sigterm at \(SystemClock().now.nanoseconds)")
        kill(getpid(), SIGTERM)
    }
    let status = PanelApp.run(arguments: ["--headless"], options: PanelAppOptions(board: "mock"), session: session) { window in
        window.rootViewController = controller
    }
    print("stopped at \(SystemClock().now.nanoseconds)")
    check("the app stopped by SIGTERM exits 0 (\(status))", status == 0)
    check("the controller's task saw its cancellation before the app exited (\(controller.outcome))", controller.outcome == "cancelled")
}

/// A platform of the app's own on PanelKit's epoll loop, as `LinuxPlatform` sleeps.
@MainActor
final class EpollPlatform: Platform {
    let name = "epoll"
    let framebuffer: any Framebuffer
    let clock: any MonotonicClock = SystemClock()
    let eventQueue = EventQueue(capacity: 8)
    let identification: [String] = []
    let loop: LinuxRunLoop
    private var stopping = false

    init() throws {
        framebuffer = MemoryFramebuffer(width: 64, height: 64, format: .rgb565)
        loop = try LinuxRunLoop(queueSignal: nil, clock: SystemClock())
    }

    func start(client: any RunLoopClient) throws(PanelKitError) {}
    func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !stopping else { return false }
        loop.wait(until: deadline)
        return !stopping
    }
    func stop() { stopping = true }
    func shutDown() -> InputStatistics { InputStatistics() }
    var inputStatistics: InputStatistics { InputStatistics() }
}

@MainActor func epoll() throws {
    let platform = try EpollPlatform()
    let application = Application(clock: platform.clock, eventQueue: platform.eventQueue)
    var steps: [String] = []
    var idleWakeups: UInt64?
    Task { @MainActor in
        steps.append("task")
        try await Task.sleep(for: .milliseconds(20))
        steps.append("after sleep")
        let stream = AsyncStream<Int> { continuation in
            Task.detached {
                for i in 1 ... 3 { continuation.yield(i) }
                continuation.finish()
            }
        }
        for await i in stream { steps.append("element \(i)") }
        let value = await MainActor.run { 7 }
        steps.append("main actor run \(value)")
        // Idle: nothing queued and no timer for 300 ms; the loop must not wake meanwhile.
        let before = platform.loop.statistics.wakeups
        try await Task.sleep(for: .milliseconds(300))
        idleWakeups = platform.loop.statistics.wakeups - before
        platform.stop()
    }
    try application.scheduleTimer(after: .milliseconds(5_000)) { _ in platform.stop() }
    _ = try platform.run(application)
    check(
        "on the epoll loop, a task, a Task.sleep, an AsyncStream and MainActor.run resumed in order (\(steps.joined(separator: ", ")))",
        steps == ["task", "after sleep", "element 1", "element 2", "element 3", "main actor run 7"])
    check("the epoll loop was woken for main-actor work (\(platform.loop.statistics.mainActorWakeups) times)", platform.loop.statistics.mainActorWakeups > 0)
    // A sleeping task's timer is the global executor's, so the loop wakes once for its continuation.
    check("an idle epoll loop woke only for the sleeping task's continuation (\(idleWakeups.map(String.init) ?? "?") wake-ups in 300 ms)", idleWakeups == 1)
}

@MainActor func flood() throws {
    let platform = try EpollPlatform()
    let application = Application(clock: platform.clock, eventQueue: platform.eventQueue)
    var ran = 0
    var longestTurn = MonotonicDuration.zero
    var turns = 0
    for _ in 0 ..< 10_000 { Task { @MainActor in ran += 1 } }
    var yields = 0
    Task { @MainActor in
        // A job that queues another: one per turn, so turns keep coming.
        while yields < 50 {
            yields += 1
            await Task.yield()
        }
    }
    var last = platform.clock.now
    try application.scheduleTimer(after: .milliseconds(2_000)) { _ in platform.stop() }
    _ = try platform.run(application) {
        let now = platform.clock.now
        longestTurn = max(longestTurn, now - last)
        last = now
        turns += 1
        if ran == 10_000 && yields == 50 { platform.stop() }
    }
    check("10 000 main-actor jobs queued at once all ran (\(ran))", ran == 10_000)
    check("a job that queues another ran once per turn, between turns (\(yields) yields in \(turns) turns)", yields == 50 && turns >= 50)
    check("no turn waited more than 50 ms behind the flood (longest \(longestTurn.nanoseconds / 1_000) µs)", longestTurn < .milliseconds(50))
}

#if Simulator
@MainActor func simulator() throws {
    setenv("SDL_VIDEODRIVER", "offscreen", 1)
    let platform = try SimulatorPlatform(configuration: SimulatorConfiguration(panelWidth: 120, panelHeight: 80))
    let application = Application(clock: platform.clock, eventQueue: platform.eventQueue)
    var steps: [String] = []
    Task { @MainActor in
        steps.append("task")
        try await Task.sleep(for: .milliseconds(20))
        steps.append("after sleep")
        platform.stop()
    }
    try application.scheduleTimer(after: .milliseconds(5_000)) { _ in platform.stop() }
    _ = try platform.run(application)
    check("in the simulator a task and its continuation after Task.sleep ran (\(steps.joined(separator: ", ")))", steps == ["task", "after sleep"])
    check("the simulator's window loop was woken for main-actor work (\(platform.statistics.mainActorWakeups) times)", platform.statistics.mainActorWakeups > 0)
}
#endif

MainActor.assumeIsolated {
    for argument in CommandLine.arguments.dropFirst() {
        do {
            switch argument {
            case "headless": headless()
            case "epoll": try epoll()
            case "flood": try flood()
            case "sigterm": sigterm()
            #if Simulator
            case "simulator": try simulator()
            #endif
            default: check("a known check: \(argument)", false)
            }
        } catch {
            check("\(argument) set up: \(error)", false)
        }
    }
    exit(Outcome.failed ? 1 : 0)
}
