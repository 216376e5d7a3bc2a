#if os(Linux)
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
        let power = LinuxScreenPower(backlight: tree.directory, framebuffer: MemoryFramebuffer(width: 8, height: 8), log: { _ in })
        power.apply(.dimmed(0.2))
        #expect(tree.read("brightness") == "40")
        power.apply(.blanked)
        #expect(tree.read("brightness") == "0" && tree.read("bl_power") == "4")
        power.apply(.on)
        #expect(tree.read("brightness") == "200" && tree.read("bl_power") == "0")
    }

    @Test("a missing backlight is reported once and the states still apply without it")
    func missingBacklightWarnsOnce() {
        var lines: [String] = []
        let power = LinuxScreenPower(backlight: "/tmp/no-such-backlight", framebuffer: MemoryFramebuffer(width: 8, height: 8)) { lines.append($0) }
        power.apply(.dimmed(0.2))
        power.apply(.blanked)
        power.apply(.on)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("power.backlight") == true)
        #expect(power.state == .on)
    }
}
#endif
