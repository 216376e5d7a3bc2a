import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A bench `width` × `height` drawing into a framebuffer of the golden format named `formatName`.
@MainActor
func goldenBench(_ formatName: String, width: Int, height: Int, background: Color) -> (Bench, MemoryFramebuffer) {
    let format = goldenFormats.first { $0.name == formatName }!.format
    let bench = Bench(width: Double(width), height: Double(height))
    let framebuffer = MemoryFramebuffer(width: width, height: height, format: format)
    bench.app.display = Display(framebuffer: framebuffer)
    bench.window.backgroundColor = background
    return (bench, framebuffer)
}

@Suite("Kiosk widgets: golden images")
@MainActor
struct KioskWidgetGoldenTests {
    @Test("a segmented control, a stepper at its minimum, a progress bar and a turning spinner", arguments: goldenFormats.map(\.name))
    func widgets(formatName: String) throws {
        let (bench, framebuffer) = goldenBench(formatName, width: 320, height: 160, background: Color(rgb: 0xF2F2F7))
        let segmented = SegmentedControl(items: ["Low", "Mid", "High"], frame: Rect(x: 16, y: 16, width: 288, height: 32))
        segmented.selectedSegmentIndex = 1
        segmented.setEnabled(false, forSegmentAt: 2)
        let stepper = Stepper(frame: Rect(x: 16, y: 64, width: 94, height: 32))
        let progress = ProgressView(frame: Rect(x: 130, y: 78, width: 174, height: 4))
        progress.progress = 0.6
        let spinner = ActivityIndicatorView(frame: Rect(x: 16, y: 112, width: 32, height: 32))
        for view in [segmented, stepper, progress, spinner] as [View] { bench.add(view) }
        spinner.startAnimating()
        bench.animate(milliseconds: 250)
        try GoldenImage.check("widgets-\(formatName)", framebuffer)
    }

    @Test("an alert with a title, a message and two buttons over a dimmed screen", arguments: goldenFormats.map(\.name))
    func alert(formatName: String) throws {
        let (bench, framebuffer) = goldenBench(formatName, width: 320, height: 240, background: .white)
        let behind = Label(frame: Rect(x: 16, y: 16, width: 288, height: 24))
        behind.text = "Behind the alert"
        bench.add(behind)
        let alert = AlertController(title: "Delete the log?", message: "The 42 entries will be gone for good.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        bench.present(alert)
        bench.animate(milliseconds: 300)
        try GoldenImage.check("alert-\(formatName)", framebuffer)
    }

    @Test("controls, a field and an alert in dark, drawn from the dark palette")
    func dark() throws {
        let (bench, framebuffer) = goldenBench("xrgb8888", width: 320, height: 280, background: Palette.dark.groupedBackground)
        bench.window.backgroundColor = nil
        bench.window.paletteBackground = \.groupedBackground
        bench.app.userInterfaceStyle = .dark
        let segmented = SegmentedControl(items: ["Low", "Mid", "High"], frame: Rect(x: 16, y: 16, width: 288, height: 32))
        segmented.selectedSegmentIndex = 1
        let stepper = Stepper(frame: Rect(x: 16, y: 64, width: 94, height: 32))
        let toggle = Switch(frame: Rect(x: 130, y: 64, width: 51, height: 31))
        toggle.isOn = true
        let slider = Slider(frame: Rect(x: 196, y: 64, width: 108, height: 32))
        slider.value = 0.4
        let field = TextField(frame: Rect(x: 16, y: 112, width: 288, height: 44))
        field.placeholder = "Name"
        let button = Button(frame: Rect(x: 16, y: 172, width: 140, height: 44))
        button.setTitle("Save", for: .normal)
        button.cornerRadius = 10
        let check = Checkbox(frame: Rect(x: 172, y: 180, width: 132, height: 28))
        check.titleLabel.text = "Remember"
        check.isOn = true
        for view in [segmented, stepper, toggle, slider, field, button, check] as [View] { bench.add(view) }
        bench.animate(milliseconds: 100)
        try GoldenImage.check("controls-dark-xrgb8888", framebuffer)
        let alert = AlertController(title: "Delete the log?", message: "The 42 entries will be gone for good.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        bench.present(alert)
        bench.animate(milliseconds: 300)
        try GoldenImage.check("alert-dark-xrgb8888", framebuffer)
    }
}
