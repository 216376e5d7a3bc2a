#if os(Linux)
import Glibc
import Logging
import PanelLinuxPlatform
import Testing
import CDRM
import CPanelLinux
import PanelCore
import PanelGraphics
import PanelKit
import PanelPlatform
import PanelUI
@testable import PanelLinux

@Suite(
    "KernelDRM idle power: dim, blank and wake on the testbed's DRM card with a uinput touchscreen", .serialized,
    .enabled(if: Testbed.isAvailable && access("/dev/dri/card0", F_OK) == 0))
@MainActor
struct KernelDRMIdlePowerTests {
    @Test("idle, the screen dims and blanks (backlight off, DPMS off) and the run loop sleeps; the waking tap lights it and presses nothing")
    func dimBlankWake() throws {
        let backlight = FakeBacklightTree()
        let screen = try UInputTouchscreen(name: "PanelKit idle touchscreen")
        let source = EvdevTouchSource(path: try screen.devicePath(), grab: true)
        let stop = try WakeSignal()
        source.interruptor = stop
        let queue = EventQueue(capacity: 64, wakeUp: try WakeSignal())
        var pipeline = TouchPipeline(source: source, queue: queue, clock: SystemClock())
        try pipeline.start()
        let input = try InputThread(pipeline: pipeline, stopSignal: stop)
        defer { input.stop() }

        let display = try DRMFramebuffer(path: "/dev/dri/card0")
        let (app, window) = makeApplication(queue: queue, width: 800, height: 480)
        app.display = Display(framebuffer: display)
        let (button, taps) = countingButton(in: window)
        let power = LinuxScreenPower(backlight: backlight.directory, framebuffer: display, logger: .silent)
        app.screenPower = power
        app.idlePolicy = IdlePolicy(dimAfter: .milliseconds(300), blankAfter: .milliseconds(600), dimLevel: 0.25)
        let loop = try AppLoop(application: app)

        func runUntil(_ done: () -> Bool) throws {
            let deadline = Testbed.now() + .milliseconds(10_000)
            while !done() {
                guard Testbed.now() < deadline else { throw Failure("timed out") }
                loop.turn(timeout: .milliseconds(100))
            }
        }
        try runUntil { app.screenState == .dimmed(0.25) }
        #expect(backlight.read("brightness") == "50")
        try runUntil { app.screenState == .blanked }
        #expect(backlight.read("brightness") == "0" && backlight.read("bl_power") == "4")
        #expect(display.dpms == UInt64(DRM_MODE_DPMS_OFF))

        // Blanked: nothing wakes the loop (no timers, no input).
        loop.turn(timeout: .zero)
        let wakeups = loop.statistics.wakeups
        #expect(loop.turn(timeout: .milliseconds(700)) == false)
        #expect(loop.statistics.wakeups == wakeups)

        func tap() {
            let center = button.frame.center
            screen.slot(0, id: 1, x: Int32(center.x), y: Int32(center.y))
            screen.emit(EV_KEY, BTN_TOUCH, 1)
            screen.sync()
            screen.slot(0, id: -1)
            screen.emit(EV_KEY, BTN_TOUCH, 0)
            screen.sync()
        }
        tap()
        try runUntil { app.screenState == .on }
        for _ in 0 ..< 5 { loop.turn(timeout: .milliseconds(50)) }
        #expect(taps() == 0, "the waking tap is swallowed")
        #expect(display.dpms == UInt64(DRM_MODE_DPMS_ON))
        #expect(backlight.read("brightness") == "200" && backlight.read("bl_power") == "0")
        tap()
        try runUntil { taps() == 1 }
    }
}
#endif
