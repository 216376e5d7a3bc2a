#if os(Linux)
import Testing

@testable import PanelLinux

@Suite("Which virtual terminal a DRM display is shown on")
struct VirtualTerminalPathTests {
    @Test("a VT on standard input (a kiosk unit's TTYPath) is the one taken; a pseudo-terminal, a serial line or none is not")
    func standardInputVT() {
        #expect(VirtualTerminal.virtualTerminal(named: "/dev/tty1") == "/dev/tty1")
        #expect(VirtualTerminal.virtualTerminal(named: "/dev/tty63") == "/dev/tty63")
        for name in ["/dev/pts/0", "/dev/ttyS0", "/dev/ttyAMA0", "/dev/tty", "/dev/tty0", "/dev/tty64", "/dev/tty1x", "/dev/tty+1", "/dev/tty01", nil] {
            #expect(VirtualTerminal.virtualTerminal(named: name) == nil, "\(name ?? "nil")")
        }
    }
}
#endif
