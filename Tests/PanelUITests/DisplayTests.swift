import PanelBench
import PanelUI
import Testing

/// A screen of every widget kind whose state the tests change at random.
@MainActor
final class Scene {
    let app = Application(clock: ManualClock())
    let window: Window
    let buttons: [Button]
    let label = Label(frame: Rect(x: 20, y: 150, width: 200, height: 40))
    let slider = Slider(frame: Rect(x: 20, y: 200, width: 240, height: 34))
    let toggle = Switch(frame: Rect(x: 280, y: 200, width: 51, height: 31))
    let card = View(frame: Rect(x: 200, y: 20, width: 100, height: 80))
    let badge = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    let image = ImageView(image: sampleImage(), frame: Rect(x: 340, y: 150, width: 40, height: 40))

    init(size: (Int, Int) = (400, 260)) {
        window = Window(frame: Rect(x: 0, y: 0, width: size.0, height: size.1))
        window.backgroundColor = Color(rgb: 0xF2F2F7)
        var made: [Button] = []
        for i in 0 ..< 6 {
            let b = Button(frame: Rect(x: 20 + Double(i % 3) * 58, y: 20 + Double(i / 3) * 60, width: 52, height: 44))
            b.setTitle("B\(i)", for: .normal)
            made.append(b)
            window.addSubview(b)
        }
        buttons = made
        label.text = "Ready"
        card.backgroundColor = .white
        card.cornerRadius = 10
        card.borderWidth = 2
        card.borderColor = .orange
        card.clipsToBounds = true
        badge.backgroundColor = .red
        badge.cornerRadius = 15
        card.addSubview(badge)
        for v in [label, slider, toggle, card, image] as [View] { window.addSubview(v) }
        app.addWindow(window)
        window.makeKeyAndVisible()
    }
}

@MainActor
@Suite struct DisplayTests {
    @Test("after any sequence of state changes the incrementally drawn frame equals a full redraw", arguments: [PixelFormat.xrgb8888, .rgb565])
    func incrementalEqualsFullRedraw(format: PixelFormat) throws {
        let scene = Scene()
        let incremental = MemoryFramebuffer(width: 400, height: 260, format: format, strideBytes: 400 * format.bytesPerPixel + 24)
        let display = Display(framebuffer: incremental)
        scene.app.display = display
        try scene.app.render()
        var random = SeededGenerator(seed: 7)
        for step in 0 ..< 300 {
            let b = scene.buttons[Int.random(in: 0 ..< scene.buttons.count, using: &random)]
            switch Int.random(in: 0 ..< 16, using: &random) {
            case 0: b.isHighlighted.toggle()
            case 1: b.isEnabled.toggle()
            case 2: b.isSelected.toggle()
            case 3: b.setTitle(Bool.random(using: &random) ? "Go" : "Stop now", for: .normal)
            case 4: b.frame.origin.x = Double(Int.random(in: 0 ..< 340, using: &random)) + 0.5
            case 5: b.isHidden.toggle()
            case 6: scene.slider.value = Float.random(in: 0 ... 1, using: &random)
            case 7: scene.toggle.isOn.toggle()
            case 8: scene.label.text = "Count \(step)"
            case 9: scene.badge.frame.origin = Point(x: Double(Int.random(in: -20 ..< 100, using: &random)), y: 20)
            case 10: scene.card.alpha = Bool.random(using: &random) ? 0.5 : 1
            case 11: scene.card.cornerRadius = Double(Int.random(in: 0 ..< 30, using: &random))
            case 12: scene.image.isHidden.toggle()
            case 13:
                let scale = Double(Int.random(in: 5 ..< 20, using: &random)) / 10
                scene.card.transform = AffineTransform(rotationAngle: Double(Int.random(in: 0 ..< 8, using: &random)) / 4).scaledBy(x: scale, y: scale)
            case 14: scene.badge.transform = Bool.random(using: &random) ? .identity : AffineTransform(translationX: 7.5, y: -3)
            default: scene.window.bringSubviewToFront(b)
            }
            try scene.app.render()
            if step % 10 == 9 {
                let full = MemoryFramebuffer(width: 400, height: 260, format: format)
                try Display(framebuffer: full).render(scene.app.windows)
                let difference = incremental.bitmap.pixels.firstDifference(from: full.bitmap.pixels)
                #expect(difference == nil, "step \(step): incremental frame differs at \(String(describing: difference))")
                if difference != nil { return }
            }
        }
    }

    @Test("pressing a button redraws only the button's rectangle, on the next frame")
    func pressRedrawsOnlyTheButton() throws {
        let scene = Scene()
        let framebuffer = MemoryFramebuffer(width: 400, height: 260)
        scene.app.display = Display(framebuffer: framebuffer)
        try scene.app.render()
        #expect(try scene.app.render() == false)
        let button = scene.buttons[4]
        let before = framebuffer.bitmap.color(x: Int(button.frame.midX), y: Int(button.frame.minY) + 3)
        button.isHighlighted = true
        #expect(Array(scene.app.display!.dirtyRegion) == [PixelRect(enclosing: button.frame)])
        scene.app.runOnce()
        #expect(framebuffer.presentedFrames == 2)
        #expect(scene.app.display!.framesRendered == 2)
        #expect(Array(framebuffer.lastPresentedRegion) == [PixelRect(enclosing: button.frame)])
        let after = framebuffer.bitmap.color(x: Int(button.frame.midX), y: Int(button.frame.minY) + 3)
        #expect(before != after)
    }

    @Test("moving a view redraws its old and new places, not the space between")
    func moveInvalidatesOldAndNewFrames() throws {
        let scene = Scene()
        let display = Display(framebuffer: MemoryFramebuffer(width: 400, height: 260))
        scene.app.display = display
        try scene.app.render()
        let button = scene.buttons[0]
        let old = PixelRect(enclosing: button.frame)
        button.frame.origin.x = 300
        let new = PixelRect(enclosing: button.frame)
        #expect(Set(display.dirtyRegion) == [old, new])
    }

    @Test("removing and hiding windows redraws what they covered")
    func windowChangesInvalidate() throws {
        let scene = Scene()
        let framebuffer = MemoryFramebuffer(width: 400, height: 260)
        scene.app.display = Display(framebuffer: framebuffer)
        let overlay = Window(frame: Rect(x: 50, y: 50, width: 100, height: 60))
        overlay.backgroundColor = .red
        overlay.windowLevel = .alert
        scene.app.addWindow(overlay)
        overlay.isHidden = false
        try scene.app.render()
        #expect(framebuffer.bitmap.color(x: 100, y: 80) == .red)
        scene.app.removeWindow(overlay)
        try scene.app.render()
        let full = MemoryFramebuffer(width: 400, height: 260)
        try Display(framebuffer: full).render(scene.app.windows)
        #expect(framebuffer.bitmap.pixels.firstDifference(from: full.bitmap.pixels) == nil)
    }

    @Test("a custom view's draw(_:in:) receives bounds coordinates and the dirty part")
    func customDrawing() throws {
        final class Cross: View {
            var rects: [Rect] = []
            override func draw(_ rect: Rect, in canvas: inout Canvas) {
                rects.append(rect)
                canvas.drawLine(from: (0, 0), to: (bounds.width, bounds.height), width: 2, color: .blue)
            }
        }
        let app = Application(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .white
        app.addWindow(window)
        window.makeKeyAndVisible()
        let cross = Cross(frame: Rect(x: 20, y: 30, width: 40, height: 40))
        window.addSubview(cross)
        let framebuffer = MemoryFramebuffer(width: 100, height: 100)
        app.display = Display(framebuffer: framebuffer)
        try app.render()
        #expect(cross.rects == [Rect(x: 0, y: 0, width: 40, height: 40)])
        #expect(framebuffer.bitmap.color(x: 40, y: 50).blue > 200)
        #expect(framebuffer.bitmap.color(x: 10, y: 10) == .white)
        cross.setNeedsDisplay(Rect(x: 0, y: 0, width: 10, height: 10))
        try app.render()
        #expect(cross.rects.last == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test("on a rotated panel the pixel under a touch belongs to the view the touch hits", arguments: Rotation.allCases)
    func rotatedDisplayMatchesTouches(rotation: Rotation) throws {
        let transform = TouchscreenTransform(
            controllerWidth: 320, controllerHeight: 240, panelWidth: 320, panelHeight: 240, rotation: rotation)
        let framebuffer = MemoryFramebuffer(width: 320, height: 240, format: .rgb565)
        let display = Display(framebuffer: framebuffer, rotation: rotation)
        #expect(display.size == transform.uiSize)
        let app = Application(clock: ManualClock())
        let window = Window(frame: display.bounds)
        window.backgroundColor = .white
        app.addWindow(window)
        window.makeKeyAndVisible()
        let target = Button(frame: Rect(x: 10, y: 20, width: 60, height: 40))
        target.cornerRadius = 0
        window.addSubview(target)
        app.display = display
        try app.render()
        var checked = 0
        for rawY in stride(from: 0, to: 240, by: 7) {
            for rawX in stride(from: 0, to: 320, by: 7) {
                let ui = transform.apply(x: rawX, y: rawY)
                let hit = app.hitTest(ui)?.view === target
                let shown = framebuffer.bitmap.color(x: rawX, y: rawY) != .white
                #expect(hit == shown, "raw (\(rawX), \(rawY)) → UI \(ui): hit \(hit), drawn \(shown)")
                if hit { checked += 1 }
            }
        }
        #expect(checked > 20)
    }
}
