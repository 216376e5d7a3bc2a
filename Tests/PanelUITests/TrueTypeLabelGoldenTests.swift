import GoldenImages
import PanelGraphics
import PanelUI
import Testing

/// DejaVu Sans falling back to WenQuanYi Micro Hei (Debian's fonts-dejavu-core and
/// fonts-wqy-microhei, installed by scripts/setup).
let labelFonts: FontFamily = try! FontFamily(contentsOfFiles: [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
])

@Suite("TrueType labels: golden images")
@MainActor
struct TrueTypeLabelGoldenTests {
    enum Look: String, CaseIterable { case latinKerned, chineseWrapped, mixedTruncated, missingGlyph }

    @Test("labels in TrueType: kerned Latin, wrapped Chinese, a truncated mixed line, a missing glyph's box", arguments: Look.allCases)
    func trueTypeLabel(_ look: Look) throws {
        for (formatName, format) in goldenFormats {
            let label = Label(frame: Rect(x: 8, y: 8, width: 264, height: 64))
            label.borderWidth = 1
            label.borderColor = .lightGray
            label.font = labelFonts.font(size: 20)
            switch look {
            case .latinKerned:
                label.text = "AVATAR · Toast · WAVE office"
            case .chineseWrapped:
                label.text = "触摸屏应用程序：中文文本，自动换行显示。"
                label.numberOfLines = 0
            case .mixedTruncated:
                label.text = "Temperatur 温度 of the second heating zone"
                label.font = labelFonts.font(size: 17)
            case .missingGlyph:
                label.text = "Key \u{E000} missing"
                label.textAlignment = .center
            }
            let fb = try renderWidget(label, size: (280, 80), format: format)
            try GoldenImage.check("label-truetype-\(look.rawValue)-\(formatName)", fb)
        }
    }
}
