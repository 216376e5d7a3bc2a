#if os(Linux)
import Testing
import PanelLinux

@Suite("Finding an input device by a board's device-name")
struct EvdevNameMatchTests {
    private let devices: [(path: String, name: String)] = [
        ("/dev/input/event0", "gpio-keys polled"), ("/dev/input/event1", "gpio-keys"), ("/dev/input/event2", "USB Keyboard"),
    ]

    @Test("an exact name wins over an earlier device whose name only contains it")
    func exactWins() {
        #expect(EvdevTouchSource.match(name: "gpio-keys", in: devices) == "/dev/input/event1")
    }

    @Test("otherwise the first name containing it, ignoring case; none: nil")
    func containedIgnoringCase() {
        #expect(EvdevTouchSource.match(name: "keyboard", in: devices) == "/dev/input/event2")
        #expect(EvdevTouchSource.match(name: "ir receiver", in: devices) == nil)
    }
}
#endif
