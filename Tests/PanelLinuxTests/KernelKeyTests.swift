#if os(Linux)
import Glibc
import Logging
import PanelControllers
import PanelLinuxPlatform
import Testing
import CPanelLinux
import PanelBoards
import PanelCore
import PanelKit
import PanelPlatform
import PanelUI
@testable import PanelLinux

/// A keyboard created through uinput with the keys the tests press.
final class VirtualKeyboard {
    let fd: Int32
    let name: String
    static let codes: [Int32] = [
        KEY_LEFTSHIFT, KEY_H, KEY_I, KEY_1, KEY_BACKSPACE, KEY_ENTER, KEY_UP, KEY_PLAYPAUSE, KEY_SPACE, KEY_A, KEY_F13,
    ]

    init(name: String) throws {
        self.name = name
        fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { throw Failure("open /dev/uinput: errno \(errno)") }
        guard panel_ioctl_value(fd, UInt(panel_ui_set_evbit()), UInt(EV_KEY)) >= 0 else { throw Failure("UI_SET_EVBIT: errno \(errno)") }
        for code in Self.codes {
            guard panel_ioctl_value(fd, UInt(panel_ui_set_keybit()), UInt(code)) >= 0 else { throw Failure("UI_SET_KEYBIT: errno \(errno)") }
        }
        try UInputTouchscreen.create(fd, name: name, product: 0x4B42)
        for _ in 0 ..< 200 {
            if EvdevTouchSource.discover(name: name) != nil { break }
            usleep(10_000)
        }
    }

    deinit { unplug() }

    private var plugged = true

    /// Removes the device, as pulling a USB keyboard out does.
    func unplug() {
        guard plugged else { return }
        plugged = false
        _ = panel_ioctl_value(fd, UInt(panel_ui_dev_destroy()), 0)
        close(fd)
    }

    func key(_ code: Int32, _ value: Int32) {
        for (type, c, v) in [(EV_KEY, code, value), (EV_SYN, SYN_REPORT, 0)] {
            var event = input_event()
            event.type = UInt16(type)
            event.code = UInt16(c)
            event.value = v
            _ = withUnsafeBytes(of: &event) { Glibc.write(fd, $0.baseAddress, $0.count) }
        }
    }

    func tap(_ code: Int32) {
        key(code, 1)
        key(code, 0)
    }
}

/// A first responder that records presses and remote commands.
@MainActor
final class KeyLog: View {
    var entries: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) { entries += presses.map { "\($0.type) began" } }
    override func pressesEnded(_ presses: Set<Press>, with event: Event?) { entries += presses.map { "\($0.type) ended" } }
    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { entries += presses.map { "\($0.type) cancelled" } }
    override func remoteControlReceived(with event: Event?) { entries.append("remote \(event?.subtype ?? .none)") }
}

@Suite("keys on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelKeyTests {
    private func board(_ name: String, optionalExtra: Bool = false) throws -> Board {
        var board = try Board(json: minimalEvdevBoard, path: "boards/keys.json", name: "keys", controllers: .standard)
        board.keys.devices = [Board.KeyDevice(names: [name])]
        if optionalExtra { board.keys.devices.append(Board.KeyDevice(names: ["no such keyboard"], optional: true)) }
        return board
    }

    private func runUntil(_ loop: AppLoop, _ done: () -> Bool) throws {
        let deadline = Testbed.now() + .milliseconds(10_000)
        while !done() {
            guard Testbed.now() < deadline else { throw Failure("timed out waiting for the keys") }
            loop.turn(timeout: .milliseconds(100))
        }
    }

    @Test("a keyboard named in the board types into the first responder text field, shift and Backspace included")
    func typesIntoTextField() throws {
        let keyboard = try VirtualKeyboard(name: "PanelKit typing keyboard")
        let (app, window) = makeApplication(queue: nil, width: 800, height: 480)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        let loop = try AppLoop(application: app)
        let keys = try LiveKeys(board: try board(keyboard.name, optionalExtra: true), logger: .silent)
        try keys.start(on: loop.loop, client: app)
        defer { keys.stop(runLoop: loop.loop, client: app) }

        keyboard.key(KEY_LEFTSHIFT, 1)
        keyboard.tap(KEY_H)
        keyboard.key(KEY_LEFTSHIFT, 0)
        keyboard.tap(KEY_I)
        keyboard.tap(KEY_1)
        keyboard.tap(KEY_A)
        keyboard.tap(KEY_BACKSPACE)
        try runUntil(loop) { field.text == "Hi1" }
        #expect(field.text == "Hi1")
        #expect(keys.sources.count == 1)
    }

    @Test("arrows are presses and Play/Pause a remote command for the first responder; unplugging cancels a held press")
    func pressesRemoteAndUnplug() throws {
        let keyboard = try VirtualKeyboard(name: "PanelKit remote keyboard")
        let (app, window) = makeApplication(queue: nil, width: 800, height: 480)
        let log = KeyLog(frame: window.bounds)
        window.addSubview(log)
        _ = log.becomeFirstResponder()
        let loop = try AppLoop(application: app)
        let capture = LogCapture()
        let keys = try LiveKeys(board: try board(keyboard.name), logger: capture.logger())
        try keys.start(on: loop.loop, client: app)
        defer { keys.stop(runLoop: loop.loop, client: app) }

        keyboard.tap(KEY_PLAYPAUSE)
        keyboard.tap(KEY_F13)
        keyboard.key(KEY_UP, 1)
        try runUntil(loop) { log.entries.count == 2 }
        keyboard.unplug()
        try runUntil(loop) { log.entries.count == 3 }
        #expect(log.entries == ["remote remoteControlTogglePlayPause", "upArrow began", "upArrow cancelled"])
        #expect(capture.lines.contains { $0.contains("key code \(KEY_F13)") })
        #expect(capture.lines.contains { $0.contains("went away") })
    }

    @Test("a key device the board names that is not there is an error listing the devices present")
    func missingDeviceListsPresent() throws {
        let keyboard = try VirtualKeyboard(name: "PanelKit present keyboard")
        #expect {
            _ = try LiveKeys(board: try board("PanelKit absent keyboard"), logger: .silent)
        } throws: { error in
            guard let error = error as? PanelKitError else { return false }
            return error.kind == .keys && error.description.contains(keyboard.name) && error.description.contains("device-name")
        }
    }
    @Test("a knob with a relative axis (as the kernel's rotary_encoder makes) named in the board turns by its steps")
    func relativeKnobTurns() throws {
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { throw Failure("open /dev/uinput: errno \(errno)") }
        defer {
            _ = panel_ioctl_value(fd, UInt(panel_ui_dev_destroy()), 0)
            close(fd)
        }
        _ = panel_ioctl_value(fd, UInt(panel_ui_set_evbit()), UInt(EV_REL))
        _ = panel_ioctl_value(fd, UInt(panel_ui_set_relbit()), UInt(REL_X))
        try UInputTouchscreen.create(fd, name: "rotary@0", product: 0x524F)
        for _ in 0 ..< 200 where EvdevTouchSource.discover(name: "rotary@0") == nil { usleep(10_000) }
        let recorder = InputRecorder()
        let loop = try AppLoop(queueSignal: nil, clock: SystemClock())
        let keys = try LiveKeys(board: try board("rotary@0"), logger: .silent)
        try keys.start(on: loop.loop, client: recorder)
        defer { keys.stop(runLoop: loop.loop, client: recorder) }
        for step: Int32 in [1, 1, 1, -1] {
            for (type, code, value) in [(EV_REL, REL_X, step), (EV_SYN, SYN_REPORT, 0)] {
                var event = input_event()
                event.type = UInt16(type)
                event.code = UInt16(code)
                event.value = value
                _ = withUnsafeBytes(of: &event) { Glibc.write(fd, $0.baseAddress, $0.count) }
            }
        }
        try runUntil(loop) { recorder.inputs.count == 4 }
        #expect(recorder.detents == 2)
    }
}

/// A board whose touch is an evdev device (not opened by these tests) and a memory display.
let minimalEvdevBoard = """
    {"model": "keys", "touch": {"compatible": "linux,evdev", "device-name": "none"},
     "display": {"device": "memory", "width": 800, "height": 480}}
    """
#endif
