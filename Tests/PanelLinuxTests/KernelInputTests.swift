#if os(Linux)
import Glibc
import PanelPlatform
import Testing
import CPanelLinux
import PanelCore
import PanelUI
import PanelBench
import TouchControllers
@testable import PanelLinux

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@Suite("evdev on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
struct KernelEvdevTests {
    @Test("EvdevTouchSource finds a uinput touchscreen by name and reads protocol B slots, moves and lifts")
    func protocolB() throws {
        let screen = try UInputTouchscreen(name: "PanelKit test touchscreen")
        let path = try screen.devicePath()
        let source = EvdevTouchSource(path: path, grab: true)
        try source.start()
        let info = try #require(source.info)
        #expect(info.name == "PanelKit test touchscreen")
        #expect(info.multitouch == .slots(10))
        #expect(info.x == 0 ... 799 && info.y == 0 ... 479)

        screen.slot(0, id: 100, x: 100, y: 200)
        screen.slot(1, id: 101, x: 600, y: 300)
        screen.emit(EV_KEY, BTN_TOUCH, 1)
        screen.sync()
        #expect(try source.waitForData(timeout: .milliseconds(5_000), contactsDown: false) != .timeout)
        let down = try #require(try source.readFrame())
        #expect(down.count == 2)
        #expect(down.contact(trackID: 0)?.position == Point(x: 100, y: 200))
        #expect(down.contact(trackID: 1)?.position == Point(x: 600, y: 300))
        #expect(down.timestamp > .zero)

        screen.emit(EV_ABS, ABS_MT_SLOT, 0)
        screen.emit(EV_ABS, ABS_MT_POSITION_X, 110)
        screen.slot(1, id: -1)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: true)
        let moved = try #require(try source.readFrame())
        #expect(moved.contact(trackID: 0)?.position == Point(x: 110, y: 200))
        #expect(moved.contact(trackID: 1)?.phase == .ended)

        screen.slot(0, id: -1)
        screen.emit(EV_KEY, BTN_TOUCH, 0)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: true)
        let lifted = try #require(try source.readFrame())
        #expect(lifted.count == 1)
        #expect(lifted[0].phase == .ended)
        #expect(try source.waitForData(timeout: .milliseconds(50), contactsDown: false) == .timeout)
    }

    @Test("protocol A devices (anonymous contacts separated by SYN_MT_REPORT) read as numbered contacts")
    func protocolA() throws {
        let screen = try UInputTouchscreen(name: "PanelKit protocol A touchscreen", kind: .anonymous)
        let source = EvdevTouchSource(path: try screen.devicePath())
        try source.start()
        #expect(source.info?.multitouch == .anonymous)
        for (x, y) in [(Int32(50), Int32(60)), (700, 400)] {
            screen.emit(EV_ABS, ABS_MT_POSITION_X, x)
            screen.emit(EV_ABS, ABS_MT_POSITION_Y, y)
            screen.emit(EV_SYN, SYN_MT_REPORT, 0)
        }
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: false)
        let two = try #require(try source.readFrame())
        #expect(two.count == 2)
        #expect(two.contact(trackID: 0)?.position == Point(x: 50, y: 60))
        #expect(two.contact(trackID: 1)?.position == Point(x: 700, y: 400))
        // All fingers up: an empty report (the tracker ends the contacts that vanished).
        screen.emit(EV_SYN, SYN_MT_REPORT, 0)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: true)
        let none = try #require(try source.readFrame())
        #expect(none.isEmpty)
    }

    @Test("a single-touch device (ABS_X, ABS_Y, BTN_TOUCH) reads as one contact")
    func singleTouch() throws {
        let screen = try UInputTouchscreen(name: "PanelKit single-touch screen", kind: .singleTouch)
        let source = EvdevTouchSource(path: try screen.devicePath())
        try source.start()
        #expect(source.info?.multitouch == .singleTouch)
        screen.emit(EV_ABS, ABS_X, 200)
        screen.emit(EV_ABS, ABS_Y, 100)
        screen.emit(EV_KEY, BTN_TOUCH, 1)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: false)
        let down = try #require(try source.readFrame())
        #expect(down.count == 1)
        #expect(down[0].position == Point(x: 200, y: 100))
        screen.emit(EV_KEY, BTN_TOUCH, 0)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: true)
        #expect(try source.readFrame()?.isEmpty == true)
    }

    @Test("a slot taken over by a new contact in one report ends the old contact first, then reports the new one")
    func slotTakeover() throws {
        let screen = try UInputTouchscreen(name: "PanelKit takeover touchscreen")
        let source = EvdevTouchSource(path: try screen.devicePath())
        try source.start()
        screen.slot(0, id: 1, x: 10, y: 20)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: false)
        #expect(try source.readFrame()?.contact(trackID: 0)?.position == Point(x: 10, y: 20))
        screen.slot(0, id: 2, x: 300, y: 400)
        screen.sync()
        _ = try source.waitForData(timeout: .milliseconds(5_000), contactsDown: true)
        let ended = try #require(try source.readFrame())
        #expect(ended.contact(trackID: 0)?.phase == .ended)
        // The new contact is pending: no wait, the next read reports it.
        #expect(try source.waitForData(timeout: .zero, contactsDown: true) != .timeout)
        let began = try #require(try source.readFrame())
        #expect(began.contact(trackID: 0)?.phase == .moved)
        #expect(began.contact(trackID: 0)?.position == Point(x: 300, y: 400))
    }

    @Test("after SYN_DROPPED the source reads the slots back from the kernel and carries on")
    func droppedEvents() throws {
        let screen = try UInputTouchscreen(name: "PanelKit flood touchscreen")
        let path = try screen.devicePath()
        let source = EvdevTouchSource(path: path)
        try source.start()
        // Overflow the client's buffer: many reports nobody reads.
        for i in 0 ..< 2000 {
            screen.slot(0, id: 7, x: Int32(i % 700), y: 240)
            screen.sync()
        }
        screen.slot(0, id: 7, x: 321, y: 123)
        screen.sync()
        var last: TouchFrame?
        while try source.waitForData(timeout: .milliseconds(200), contactsDown: true) != .timeout {
            if let frame = try source.readFrame() { last = frame }
        }
        #expect(source.droppedCount >= 1)
        let frame = try #require(last)
        #expect(frame.contact(trackID: 0)?.position == Point(x: 321, y: 123))
    }

    @Test("a missing device and a device without touch axes are reported with the fix")
    func errors() throws {
        let missing = EvdevTouchSource(path: "/dev/input/event99")
        #expect(throws: TouchSourceError.self) { try missing.start() }
        #expect(missing.lastDeviceError == .deviceNotFound(path: "/dev/input/event99"))
        // event0 is the AT keyboard.
        let keyboard = EvdevTouchSource(path: "/dev/input/event0")
        #expect(throws: TouchSourceError.self) { try keyboard.start() }
        if case .notATouchscreen = keyboard.lastDeviceError {} else { Issue.record("\(String(describing: keyboard.lastDeviceError))") }
    }
}

@Suite("the whole path on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
struct KernelFullPassTests {
    @MainActor
    @Test("an interrupt edge and a register image become a Button action, with the run loop asleep in between")
    func interruptToAction() throws {
        let idle = ft6x06Registers(touchAt: nil)
        Testbed.loadRegisters(0x38, at: 0, idle)
        Testbed.pull(0, up: true)

        // The input side: FT6x06 on the raw bus, INT (active low) on gpio-sim line 0.
        let stop = try WakeSignal()
        let interrupt = try LinuxGPIOLine(
            chip: Testbed.gpioChip, line: .offset(0), activeLow: true, direction: .input(edges: .rising, bias: .pullUp))
        interrupt.interruptor = stop
        let driver = FT6x06(
            bus: try LinuxI2CBus(path: Testbed.rawBus), reset: nil as NoLine?, interrupt: interrupt, clock: SystemClock(),
            configuration: .init(transform: TouchscreenTransform(controllerWidth: 800, controllerHeight: 480)))
        let queue = EventQueue(capacity: 64, wakeUp: try WakeSignal())
        var pipeline = TouchPipeline(source: driver, queue: queue, clock: SystemClock())
        try pipeline.start()

        // The UI side.
        let (app, window) = makeApplication(queue: queue, width: 800, height: 480)
        let button = Button(frame: Rect(x: 300, y: 200, width: 200, height: 80))
        window.addSubview(button)
        var log: [String] = []
        button.addAction(.closure("down") { _, _ in log.append("touchDown") }, for: .touchDown)
        button.addAction(.closure("up") { _, _ in log.append("touchUpInside") }, for: .touchUpInside)
        let loop = try AppLoop(application: app)
        // Real-time priority works as root (the testbed runs tests as root).
        let input = try InputThread(pipeline: pipeline, stopSignal: stop, options: .init(realtimePriority: 10))
        defer { input.stop() }
        Testbed.waitForEdgeDetection(0)

        // Nobody touches: the loop sleeps.
        #expect(loop.turn(timeout: .milliseconds(300)) == false)

        // Finger down on the button: the chip's registers change and it pulls INT low.
        Testbed.loadRegisters(0x38, at: 0, ft6x06Registers(touchAt: (400, 240)))
        Testbed.pull(0, up: false)
        try runUntil(loop) { log.contains("touchDown") }
        #expect(button.isHighlighted)
        Testbed.pull(0, up: true)

        // Lift: the lift report, another interrupt.
        Testbed.loadRegisters(0x38, at: 0, ft6x06Registers(touchAt: nil))
        Testbed.pull(0, up: false)
        try runUntil(loop) { log.contains("touchUpInside") }
        Testbed.pull(0, up: true)
        #expect(log == ["touchDown", "touchUpInside"])
        // The button's pressed look fades for 0.2 s on the frame clock, which then stops.
        try runUntil(loop) { !app.frameClock.isRunning }
        // Idle again: neither thread wakes (the input thread blocks on the line, the UI in epoll).
        loop.turn(timeout: .zero)
        let steps = input.stepCount
        #expect(loop.turn(timeout: .milliseconds(700)) == false)
        #expect(input.stepCount == steps)
        #expect(!button.isHighlighted)
        #expect(loop.statistics.queueWakeups >= 2)
        #expect(input.reportCount >= 2)
        #expect(input.errorCount == 0)
    }

    @MainActor
    private func runUntil(_ loop: AppLoop, _ done: () -> Bool) throws {
        let deadline = Testbed.now() + .milliseconds(10_000)
        while !done() {
            guard Testbed.now() < deadline else { throw Failure("timed out waiting for the action") }
            loop.turn(timeout: .milliseconds(100))
        }
    }
}

/// The register image of an emulated FT6336U with one finger down at (x, y), or lifted.
func ft6x06Registers(touchAt point: (Int, Int)?) -> [UInt8] {
    let chip = FT6x06Emulator()
    chip.touch(finger: 0, x: 10, y: 10)
    chip.report()
    if let point {
        chip.touch(finger: 0, x: point.0, y: point.1)
    } else {
        chip.lift(finger: 0)
    }
    chip.report()
    return (0 ..< 256).map { chip.register(UInt8($0)) }
}
#endif
