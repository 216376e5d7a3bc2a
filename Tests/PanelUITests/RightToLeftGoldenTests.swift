import BenchScreens
import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Labels in a right-to-left view, one per line, in DejaVu Sans (which has Arabic and Hebrew).
@MainActor
private func rightToLeftLabels(_ texts: [(String, Double, Int)], width: Double = 360) -> View {
    let container = View(frame: Rect(x: 0, y: 0, width: width, height: 8 + Double(texts.count) * 44))
    container.semanticContentAttribute = .forceRightToLeft
    var y = 8.0
    for (text, size, lines) in texts {
        let label = Label(frame: Rect(x: 8, y: y, width: width - 16, height: lines == 1 ? 36 : 72))
        label.borderWidth = 1
        label.borderColor = .lightGray
        label.font = labelFonts.font(size: size)
        label.text = text
        label.numberOfLines = lines
        container.addSubview(label)
        y += label.frame.height + 8
    }
    container.frame.size.height = y
    return container
}

@Suite("Right-to-left: golden images of Arabic and Hebrew text and a mirrored page")
@MainActor
struct RightToLeftGoldenTests {
    @Test("an Arabic label: its letters joined, read from the right, aligned right")
    func arabicLabel() throws {
        // "Welcome to the control panel", and the same cut short with "…" at its left end.
        let view = rightToLeftLabels([("مرحبا بكم في لوحة التحكم", 24, 1), ("مرحبا بكم في لوحة التحكم الخاصة بالمصنع الرئيسي", 20, 1)])
        let fb = try renderWidget(view, size: (360, Int(view.frame.height)), format: .xrgb8888)
        try GoldenImage.check("rtl-arabic-label-xrgb8888", fb)
    }

    @Test("a Hebrew label: read from the right, and wrapped onto a second line at a space")
    func hebrewLabel() throws {
        // "Hello world", and "Welcome to the control panel of the factory, please sign in".
        let view = rightToLeftLabels([("שלום עולם", 24, 1), ("ברוכים הבאים ללוח הבקרה של המפעל, נא להתחבר עם הכרטיס", 20, 2)])
        let fb = try renderWidget(view, size: (360, Int(view.frame.height)), format: .xrgb8888)
        try GoldenImage.check("rtl-hebrew-label-xrgb8888", fb)
    }

    @Test("mixed-direction text: English and numbers inside Arabic and Hebrew keep their own order, brackets mirror")
    func mixedText() throws {
        // "Price: 25.50 € (PanelKit 2)", "Door 3 in Hall B is open", "Version 3.1 of PanelKit".
        let view = rightToLeftLabels([
            ("السعر: 25.50 € (PanelKit 2)", 20, 1), ("الباب 3 في Hall B مفتوح", 20, 1), ("גרסה 3.1 של PanelKit", 20, 1),
            ("Door 3: פתוח (open)", 20, 1),
        ])
        let fb = try renderWidget(view, size: (360, Int(view.frame.height)), format: .xrgb8888)
        try GoldenImage.check("rtl-mixed-text-xrgb8888", fb)
    }

    @Test("the settings page right to left: titles on the right, switches on the left")
    func settingsMirrored() throws {
        let bench = Bench(width: 400, height: 300)
        bench.window.semanticContentAttribute = .forceRightToLeft
        let framebuffer = MemoryFramebuffer(width: 400, height: 300, format: .xrgb8888)
        bench.app.display = Display(framebuffer: framebuffer)
        let settings = SettingsList(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        bench.add(settings.scrollView)
        bench.app.runOnce()
        try GoldenImage.check("rtl-settings-xrgb8888", framebuffer)
    }

    @Test("controls right to left: a slider, progress and a switch fill from the right, segments and the back button mirror")
    func controlsMirrored() throws {
        let log = Log()
        let root = ScreenController("Home", log)
        let (bench, navigation, framebuffer) = navigationBench(root)
        bench.window.semanticContentAttribute = .forceRightToLeft
        let page = ViewController()
        page.title = "Page"
        navigation.pushViewController(page, animated: false)
        let slider = Slider(frame: Rect(x: 20, y: 20, width: 280, height: 40))
        slider.value = 0.3
        let progress = ProgressView(frame: Rect(x: 20, y: 70, width: 280, height: 6))
        progress.progress = 0.3
        let toggle = Switch(frame: Rect(x: 20, y: 90, width: 51, height: 31))
        toggle.isOn = true
        let segments = SegmentedControl(items: ["One", "Two", "Three"])
        segments.frame = Rect(x: 20, y: 135, width: 280, height: 32)
        segments.selectedSegmentIndex = 0
        for view in [slider, progress, toggle, segments] as [View] { page.view.addSubview(view) }
        bench.app.runOnce()
        try GoldenImage.check("rtl-controls-xrgb8888", framebuffer)
    }
}
