#if os(Linux)
import Logging
import PanelLinuxPlatform
import Testing
import PanelGraphics
import PanelKit
import PanelPlatform

@Suite("Linux screen power: the idle policy's states on a backlight (a fake sysfs tree)")
@MainActor
struct LinuxScreenPowerTests {
    @Test("dimmed sets the fraction of the start level, blanked turns the light off, on restores it")
    func statesReachTheBacklight() {
        let tree = FakeBacklightTree()
        let power = LinuxScreenPower(backlight: tree.directory, framebuffer: MemoryFramebuffer(width: 8, height: 8), logger: .silent)
        power.apply(.dimmed(0.2))
        #expect(tree.read("brightness") == "40")
        power.apply(.blanked)
        #expect(tree.read("brightness") == "0" && tree.read("bl_power") == "4")
        power.apply(.on)
        #expect(tree.read("brightness") == "200" && tree.read("bl_power") == "0")
    }

    @Test("a missing backlight is reported once and the states still apply without it")
    func missingBacklightWarnsOnce() {
        let capture = LogCapture()
        let power = LinuxScreenPower(
            backlight: "/tmp/no-such-backlight", framebuffer: MemoryFramebuffer(width: 8, height: 8), logger: capture.logger(level: .warning))
        power.apply(.dimmed(0.2))
        power.apply(.blanked)
        power.apply(.on)
        #expect(capture.lines.count == 1)
        #expect(capture.lines.first?.hasPrefix("power: warning: ") == true)
        #expect(capture.lines.first?.contains("power.backlight") == true)
        #expect(power.state == .on)
    }

    @Test("each change of the screen's state is one info line: dimmed with its brightness, blanked, on")
    func stateChangesAreLogged() {
        let tree = FakeBacklightTree()
        let capture = LogCapture()
        let power = LinuxScreenPower(backlight: tree.directory, framebuffer: MemoryFramebuffer(width: 8, height: 8), logger: capture.logger(level: .info))
        power.apply(.dimmed(0.2))
        power.apply(.dimmed(0.2))
        power.apply(.blanked)
        power.apply(.on)
        #expect(capture.lines == ["power: screen dimmed (brightness=20 %)", "power: screen blanked", "power: screen on"])
    }
}
#endif
