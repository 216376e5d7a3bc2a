import PanelBench
import PanelCore
import PanelGraphics
import PanelKit
import PanelPlatform
import Testing

/// An app's own platform, as a third party writes it: a memory display, a manual clock, and a
/// script of what each wait does.
@MainActor
private final class ScriptedPlatform: Platform {
    let name = "scripted"
    let framebuffer: any Framebuffer
    let manual = ManualClock()
    var clock: any MonotonicClock { manual }
    let eventQueue = EventQueue(capacity: 16)
    var identification: [String] { ["scripted platform"] }
    var inputStatistics = InputStatistics()
    var startError: PanelKitError?
    /// What each wait does, in turn; when they run out the platform stops.
    var waits: [(ScriptedPlatform, MonotonicInstant?) -> Void] = []
    private var tracker = TouchTracker(watchdogTimeout: nil)
    private var stopping = false

    init(width: Int = 800, height: Int = 480) {
        framebuffer = MemoryFramebuffer(width: width, height: height)
    }

    func start(client: any RunLoopClient) throws(PanelKitError) {
        if let startError { throw startError }
    }

    func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !stopping, !waits.isEmpty else { return false }
        waits.removeFirst()(self, deadline)
        return !stopping
    }

    func stop() { stopping = true }
    func shutDown() -> InputStatistics { inputStatistics }

    /// A finger down (or moved) at `point`, or lifted (nil), through the tracker into the queue.
    func touch(_ point: Point?) {
        manual.advance(by: .milliseconds(20))
        let report = point.map { TouchFrame(timestamp: manual.now, contacts: [Contact(trackID: 0, position: $0)]) } ?? TouchFrame(timestamp: manual.now)
        inputStatistics.reports += 1
        tracker.process(report) { _ = eventQueue.push($0) }
    }
}

@MainActor
@Suite("An app's own platform: plugged in through a factory, its failures named")
struct AppPlatformTests {
    @Test("an app's platform runs the app: touches pushed into its queue tap a button, and frames reach its display")
    func runsTheApp() throws {
        let platform = ScriptedPlatform()
        platform.waits = [{ p, _ in p.touch(Point(x: 60, y: 40)) }, { p, _ in p.touch(nil) }, { p, _ in p.manual.advance(by: .milliseconds(50)) }]
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock"), platform: PlatformFactory(name: "scripted") { _ throws(PanelKitError) in platform })
        #expect(!(runtime.platform is HeadlessPlatform))
        let button = Button(frame: Rect(x: 20, y: 20, width: 80, height: 40))
        var taps = 0
        button.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
        runtime.window.addSubview(button)
        let report = try runtime.run()
        #expect(taps == 1)
        #expect(report.framesDrawn >= 2)
        #expect(report.statistics.reports == 2)
    }

    @Test("an app's platform factory that throws stops the start with an error saying it was the app's platform, the cause underneath")
    func factoryThrows() {
        do {
            _ = try PanelRuntime(
                options: PanelAppOptions(board: "mock"),
                platform: PlatformFactory(name: "scripted") { _ throws(PanelKitError) in throw PanelKitError(.display, "no VNC client yet") })
            Issue.record("a failing factory started")
        } catch {
            #expect(error.kind == .display)
            #expect(error.description.contains("the app's platform did not start: no VNC client yet"))
            #expect(error.underlying is PanelKitError)
        }
    }

    @Test("an app's platform whose start throws reaches the app as an error naming the platform, the cause underneath")
    func startThrows() throws {
        let platform = ScriptedPlatform()
        platform.startError = PanelKitError(.touch, "the touch server refused the connection")
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock"), platform: PlatformFactory(name: "scripted") { _ throws(PanelKitError) in platform })
        do {
            _ = try runtime.run()
            Issue.record("a platform that cannot start ran")
        } catch {
            #expect(error.kind == .touch)
            #expect(error.description == "platform scripted: the touch server refused the connection")
            #expect(error.underlying is PanelKitError)
        }
    }

    @Test("an app's platform whose display has no pixels is refused before the app draws, naming the platform")
    func zeroSizeDisplay() {
        do {
            _ = try PanelRuntime(
                options: PanelAppOptions(board: "mock"),
                platform: PlatformFactory(name: "scripted") { _ throws(PanelKitError) in ScriptedPlatform(width: 0, height: 480) })
            Issue.record("a display of no pixels was taken")
        } catch {
            #expect(error.kind == .display)
            #expect(error.description.hasPrefix("platform scripted: its framebuffer is 0×480"))
        }
    }

    @Test("an app's platform whose display is not the board's size is refused, naming both sizes")
    func mismatchedDisplay() {
        do {
            _ = try PanelRuntime(
                options: PanelAppOptions(board: "mock"),
                platform: PlatformFactory(name: "scripted") { _ throws(PanelKitError) in ScriptedPlatform(width: 320, height: 240) })
            Issue.record("a display of another size was taken")
        } catch {
            #expect(error.kind == .display)
            #expect(error.description.contains("its framebuffer is 320×240, but mock's display is 800×480"))
        }
    }

    @Test("an app's platform that sleeps through the app's timer is reported once, as an error naming it, and the app runs on")
    func oversleeps() throws {
        let platform = ScriptedPlatform()
        let sleepThrough: (ScriptedPlatform, MonotonicInstant?) -> Void = { p, deadline in
            p.manual.advance(to: (deadline ?? p.manual.now) + .milliseconds(5_000))
        }
        platform.waits = [sleepThrough, sleepThrough, sleepThrough]
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock"), platform: PlatformFactory(name: "scripted") { _ throws(PanelKitError) in platform })
        var fired = 0
        _ = try runtime.application.scheduleTimer(after: .milliseconds(100), repeating: .milliseconds(100)) { _ in fired += 1 }
        _ = try runtime.run()
        #expect(runtime.platformProblems.count == 1)
        #expect(runtime.platformProblems.first?.description.hasPrefix("platform scripted: its wait returned") == true)
        #expect(fired >= 2, "the app ran on")
    }
}
