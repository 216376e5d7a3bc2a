import PanelGraphics
import Testing

@Suite struct ColorContrastTests {
    @Test("black on white is 21:1 and a colour against itself 1:1, as WCAG 2 defines the ratio")
    func extremes() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 0.001)
        #expect(abs(Color.white.contrastRatio(with: .black) - 21) < 0.001)
        #expect(Color.blue.contrastRatio(with: .blue) == 1)
    }

    @Test("mid greys give WCAG's published ratios: #767676 on white passes 4.5:1 and #777777 does not")
    func publishedGreys() {
        #expect(Color(rgb: 0x767676).contrastRatio(with: .white) >= 4.5)
        #expect(Color(rgb: 0x777777).contrastRatio(with: .white) < 4.5)
    }

    @Test("a translucent colour composited over a background is what shows: half black on white is mid grey")
    func compositing() {
        let half = Color.black.withAlphaComponent(0.5).composited(over: .white)
        #expect(half.alpha == 255)
        #expect((127 ... 128).contains(half.red))
        #expect(Color.red.composited(over: .white) == .red)
        #expect(Color.clear.composited(over: .clear) == .clear)
    }
}
