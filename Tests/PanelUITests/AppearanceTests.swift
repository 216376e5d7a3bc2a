import PanelBench
import PanelUI
import Testing

/// A framebuffer whose present fails, as a panning ioctl might.
final class FailingFramebuffer: Framebuffer {
    let memory = MemoryFramebuffer(width: 40, height: 30)
    var geometry: FramebufferGeometry { memory.geometry }
    func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R { try memory.withBackBuffer(body) }
    func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R { try memory.withFrontBuffer(body) }
    func present(_ region: DirtyRegion) throws(FramebufferError) {
        throw .systemCallFailed(path: "/dev/fb0", call: "FBIOPAN_DISPLAY", errno: 22)
    }
}

@MainActor
final class RenderFailureDelegate: ApplicationDelegate {
    var errors: [FramebufferError] = []
    func application(_ application: Application, didFailToRender error: FramebufferError) { errors.append(error) }
}

@MainActor
@Suite struct AppearanceTests {
    @Test("a button looks up each state's appearance, falling back to the normal one darkened, faded or as set")
    func buttonAppearanceLookup() throws {
        let button = Button()
        #expect(button.currentBackgroundColor == .blue)
        #expect(button.currentTitleColor == .white)
        button.setBackgroundColor(.red, for: .normal)
        button.setTitleColor(.black, for: .normal)
        #expect(button.currentBackgroundColor == .red)
        button.isHighlighted = true
        #expect(button.currentBackgroundColor == Color.red.mixed(with: .black, by: 0.25))
        button.setBackgroundColor(.green, for: .highlighted)
        #expect(button.currentBackgroundColor == .green)
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.currentBackgroundColor == Color.red.mixed(with: .white, by: 0.5))
        #expect(button.currentTitleColor == Color.black.withAlphaComponent(0.4))
        button.setTitleColor(.yellow, for: .disabled)
        #expect(button.currentTitleColor == .yellow)
        button.isEnabled = true
        let image = try Image(width: 1, height: 1, rgba: [1, 2, 3, 255])
        button.setImage(image, for: .normal)
        button.isSelected = true
        #expect(button.currentImage == image)
        #expect(button.image(for: .selected) == nil)
        button.setImage(nil, for: .normal)
        #expect(button.currentImage == nil)
    }

    @Test("appearance changes mark the view for redraw")
    func appearanceInvalidates() {
        let bench = Bench()
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        bench.window.addSubview(view)
        _ = bench.window.takeDirtyRegion()
        view.backgroundColor = .red
        #expect(bench.window.takeDirtyRegion() == Rect(x: 10, y: 10, width: 20, height: 20))
        view.cornerRadius = 4
        view.borderWidth = 1
        view.borderColor = .blue
        #expect(bench.window.takeDirtyRegion() == Rect(x: 10, y: 10, width: 20, height: 20))
        view.borderColor = .blue
        #expect(bench.window.takeDirtyRegion() == .zero)
    }

    @Test("a label reports the size its text needs, wrapped to a width")
    func labelTextSize() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        #expect(label.textSize() == .zero)
        label.text = "Hello there"
        let line = Font.body.width(of: "Hello there")
        #expect(label.textSize(fittingWidth: 1000) == Size(width: Double(line), height: Double(Font.body.lineHeight)))
        label.numberOfLines = 0
        #expect(label.textSize().height == Double(2 * Font.body.lineHeight))
    }

    @Test("an image view made from an image takes the image's size")
    func imageViewSizesToImage() throws {
        let image = try Image(width: 3, height: 2, rgba: [UInt8](repeating: 255, count: 24))
        #expect(ImageView(image: image).frame == Rect(x: 0, y: 0, width: 3, height: 2))
        #expect(ImageView(image: image, frame: Rect(x: 1, y: 1, width: 9, height: 9)).frame.width == 9)
    }

    @Test("a failed present is kept and reported to the delegate, and the run loop goes on")
    func renderFailureIsReported() {
        let app = Application(clock: ManualClock())
        let delegate = RenderFailureDelegate()
        app.delegate = delegate
        let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        app.addWindow(window)
        window.makeKeyAndVisible()
        app.display = Display(framebuffer: FailingFramebuffer())
        app.runOnce()
        #expect(app.lastRenderError == .systemCallFailed(path: "/dev/fb0", call: "FBIOPAN_DISPLAY", errno: 22))
        #expect(delegate.errors.count == 1)
        window.backgroundColor = .red
        app.runOnce()
        #expect(delegate.errors.count == 2)
    }

    @Test("the display's background shows where no window covers the screen")
    func displayBackground() throws {
        let framebuffer = MemoryFramebuffer(width: 40, height: 30)
        let display = Display(framebuffer: framebuffer)
        display.backgroundColor = .orange
        #expect(try display.render([]))
        #expect(framebuffer.bitmap.color(x: 5, y: 5) == .orange)
        #expect(try !display.render([]))
    }
}
