import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A memory framebuffer whose "hardware" turns the image by the rotations it is given (as a
/// DRM plane with a rotation property does): it records the turn and draws nothing turned.
private final class TurningFramebuffer: Framebuffer {
    let memory: MemoryFramebuffer
    let turns: Set<Rotation>
    private(set) var asked: [Rotation] = []
    init(width: Int, height: Int, turns: Set<Rotation>) {
        memory = MemoryFramebuffer(width: width, height: height)
        self.turns = turns
    }
    var geometry: FramebufferGeometry { memory.geometry }
    func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R { try memory.withBackBuffer(body) }
    func present(_ region: DirtyRegion) throws(FramebufferError) { try memory.present(region) }
    func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R { try memory.withFrontBuffer(body) }
    func rotateInHardware(_ rotation: Rotation) -> Bool {
        asked.append(rotation)
        return turns.contains(rotation)
    }
}

@Suite("Display rotation in hardware: where the display turns the image, the UI is drawn upright")
@MainActor
struct DisplayHardwareRotationTests {
    /// Renders a 40×30 red view at (10, 20) on a 320×240 panel turned by `rotation`.
    private func render(on framebuffer: TurningFramebuffer, rotation: Rotation) throws -> Display {
        let display = Display(framebuffer: framebuffer, rotation: rotation)
        let app = Application(clock: ManualClock())
        let window = Window(frame: display.bounds)
        window.backgroundColor = .white
        app.addWindow(window)
        window.makeKeyAndVisible()
        let view = View(frame: Rect(x: 10, y: 20, width: 40, height: 30))
        view.backgroundColor = .red
        window.addSubview(view)
        app.display = display
        try app.render()
        return display
    }

    @Test("a half turn the hardware makes leaves the UI drawn unturned into the framebuffer")
    func hardwareHalfTurnDrawsUpright() throws {
        let framebuffer = TurningFramebuffer(width: 320, height: 240, turns: [.degrees180])
        let display = try render(on: framebuffer, rotation: .degrees180)
        #expect(display.isRotatedInHardware)
        #expect(framebuffer.memory.bitmap.color(x: 15, y: 25) == .red)
        #expect(framebuffer.memory.bitmap.color(x: 320 - 15, y: 240 - 25) == .white)
    }

    @Test("a turn the hardware refuses is drawn turned in software")
    func refusedTurnInSoftware() throws {
        let framebuffer = TurningFramebuffer(width: 320, height: 240, turns: [])
        let display = try render(on: framebuffer, rotation: .degrees180)
        #expect(!display.isRotatedInHardware)
        #expect(framebuffer.asked == [.degrees180])
        #expect(framebuffer.memory.bitmap.color(x: 320 - 15, y: 240 - 25) == .red)
    }

    @Test("an upright panel never asks the hardware to turn")
    func uprightAsksNothing() throws {
        let framebuffer = TurningFramebuffer(width: 320, height: 240, turns: [.degrees180])
        _ = try render(on: framebuffer, rotation: .degrees0)
        #expect(framebuffer.asked.isEmpty)
    }
}
