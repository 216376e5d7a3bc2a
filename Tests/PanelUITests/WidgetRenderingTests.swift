import GoldenImages
import PanelBench
import PanelUI
import Testing

/// Renders one widget on a white window into a memory framebuffer of `format`.
@MainActor
func renderWidget(
    _ widget: View, size: (Int, Int), format: PixelFormat, background: Color = .white
) throws -> MemoryFramebuffer {
    let framebuffer = MemoryFramebuffer(width: size.0, height: size.1, format: format)
    let app = Application(clock: ManualClock())
    let window = Window(frame: Rect(x: 0, y: 0, width: size.0, height: size.1))
    window.backgroundColor = background
    app.addWindow(window)
    window.makeKeyAndVisible()
    window.addSubview(widget)
    app.display = Display(framebuffer: framebuffer)
    try app.render()
    return framebuffer
}

let goldenFormats: [(name: String, format: PixelFormat)] = [("xrgb8888", .xrgb8888), ("rgb565", .rgb565)]

/// A small checkerboard-and-circle RGBA image with translucent pixels, built in code.
func sampleImage(size: Int = 24) -> Image {
    var rgba = [UInt8]()
    for y in 0 ..< size {
        for x in 0 ..< size {
            let dx = Double(x) - Double(size - 1) / 2
            let dy = Double(y) - Double(size - 1) / 2
            let inside = (dx * dx + dy * dy).squareRoot() < Double(size) / 2 - 1
            if inside {
                rgba += ((x / 4 + y / 4) % 2 == 0) ? [255, 149, 0, 255] : [88, 86, 214, 255]
            } else {
                rgba += [0, 0, 0, 0]
            }
        }
    }
    return try! Image(width: size, height: size, rgba: rgba)
}

@MainActor
@Suite struct WidgetRenderingTests {
    enum ButtonLook: String, CaseIterable { case normal, highlighted, disabled, selected, image }

    @Test("a button looks right in the normal, highlighted, disabled and selected states", arguments: ButtonLook.allCases)
    func buttonStates(_ look: ButtonLook) throws {
        for (formatName, format) in goldenFormats {
            let button = Button(frame: Rect(x: 10, y: 10, width: 140, height: 44))
            button.setTitle("Start", for: .normal)
            switch look {
            case .normal: break
            case .highlighted: button.isHighlighted = true
            case .disabled: button.isEnabled = false
            case .selected: button.isSelected = true
            case .image: button.setImage(sampleImage(), for: .normal)
            }
            let fb = try renderWidget(button, size: (160, 64), format: format)
            try GoldenImage.check("button-\(look.rawValue)-\(formatName)", fb)
        }
    }

    enum LabelLook: String, CaseIterable { case left, center, right, wrapped, truncated, disabled, sizes }

    @Test("a label aligns, wraps, truncates with an ellipsis and fades when disabled", arguments: LabelLook.allCases)
    func labelLayouts(_ look: LabelLook) throws {
        for (formatName, format) in goldenFormats {
            let label = Label(frame: Rect(x: 8, y: 8, width: 184, height: 64))
            label.text = "Füllstand 42 %"
            label.borderWidth = 1
            label.borderColor = .lightGray
            switch look {
            case .left: label.textAlignment = .left
            case .center: label.textAlignment = .center
            case .right: label.textAlignment = .right
            case .wrapped:
                label.text = "Tap the panel to start the pump; hold to stop it."
                label.numberOfLines = 0
            case .truncated:
                label.text = "Temperature of the second heating zone"
            case .disabled:
                label.isEnabled = false
            case .sizes:
                label.font = .largeTitle
                label.text = "23,5 °C"
                label.textColor = .blue
            }
            let fb = try renderWidget(label, size: (200, 80), format: format)
            try GoldenImage.check("label-\(look.rawValue)-\(formatName)", fb)
        }
    }

    enum SliderLook: String, CaseIterable { case minimum, middle, maximum, dragging, disabled }

    @Test("a slider draws its track, fill and thumb for each value and state", arguments: SliderLook.allCases)
    func sliderStates(_ look: SliderLook) throws {
        for (formatName, format) in goldenFormats {
            let slider = Slider(frame: Rect(x: 10, y: 10, width: 180, height: 34))
            switch look {
            case .minimum: slider.value = 0
            case .middle: slider.value = 0.5
            case .maximum: slider.value = 1
            case .dragging:
                slider.value = 0.3
                slider.isHighlighted = true
            case .disabled:
                slider.value = 0.7
                slider.isEnabled = false
            }
            let fb = try renderWidget(slider, size: (200, 54), format: format)
            try GoldenImage.check("slider-\(look.rawValue)-\(formatName)", fb)
        }
    }

    enum SwitchLook: String, CaseIterable { case off, on, pressed, disabledOn }

    @Test("a switch draws its track and knob off, on, pressed and disabled", arguments: SwitchLook.allCases)
    func switchStates(_ look: SwitchLook) throws {
        for (formatName, format) in goldenFormats {
            let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
            switch look {
            case .off: break
            case .on: toggle.isOn = true
            case .pressed: toggle.isHighlighted = true
            case .disabledOn:
                toggle.isOn = true
                toggle.isEnabled = false
            }
            let fb = try renderWidget(toggle, size: (72, 52), format: format)
            try GoldenImage.check("switch-\(look.rawValue)-\(formatName)", fb)
        }
    }

    enum ImageLook: String, CaseIterable { case scaleToFill, scaleAspectFit, scaleAspectFill, center }

    @Test("an image view fits its image by content mode, blending its alpha", arguments: ImageLook.allCases)
    func imageViewModes(_ look: ImageLook) throws {
        for (formatName, format) in goldenFormats {
            let view = ImageView(image: sampleImage(), frame: Rect(x: 8, y: 8, width: 64, height: 40))
            view.backgroundColor = .lightGray
            switch look {
            case .scaleToFill: view.contentMode = .scaleToFill
            case .scaleAspectFit: view.contentMode = .scaleAspectFit
            case .scaleAspectFill: view.contentMode = .scaleAspectFill
            case .center: view.contentMode = .center
            }
            let fb = try renderWidget(view, size: (80, 56), format: format)
            try GoldenImage.check("imageview-\(look.rawValue)-\(formatName)", fb)
        }
    }

    @Test("a view draws its background, rounded corners, border, alpha and clipped subviews")
    func viewAppearance() throws {
        for (formatName, format) in goldenFormats {
            let card = View(frame: Rect(x: 10, y: 10, width: 140, height: 80))
            card.backgroundColor = Color(rgb: 0xF2F2F7)
            card.cornerRadius = 14
            card.borderWidth = 3
            card.borderColor = .blue
            card.clipsToBounds = true
            let overflowing = View(frame: Rect(x: 100, y: 40, width: 80, height: 60))
            overflowing.backgroundColor = .orange
            card.addSubview(overflowing)
            let faded = View(frame: Rect(x: 20, y: 20, width: 60, height: 40))
            faded.backgroundColor = .red
            faded.alpha = 0.5
            faded.cornerRadius = 6
            card.addSubview(faded)
            let outside = View(frame: Rect(x: 160, y: 20, width: 30, height: 30))
            outside.backgroundColor = .green
            outside.cornerRadius = 15
            let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
            root.addSubview(card)
            root.addSubview(outside)
            let fb = try renderWidget(root, size: (200, 100), format: format)
            try GoldenImage.check("view-appearance-\(formatName)", fb)
        }
    }
}
