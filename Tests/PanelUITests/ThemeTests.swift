import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A view that counts how often it is drawn and laid out.
@MainActor
private final class ThemeCountingView: View {
    var draws = 0
    var layouts = 0
    var traitChanges: [TraitCollection] = []
    override func draw(_ rect: Rect, in canvas: inout Canvas) { draws += 1 }
    override func layoutSubviews() { layouts += 1 }
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection) {
        super.traitCollectionDidChange(previousTraitCollection)
        traitChanges.append(previousTraitCollection)
    }
}

/// An app with a 320×240 window on a memory framebuffer, drawn once.
@MainActor
private final class ThemeScreen {
    let app = Application(clock: ManualClock())
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 240))
    let framebuffer = MemoryFramebuffer(width: 320, height: 240)

    init(_ views: View...) {
        for view in views { window.addSubview(view) }
        app.addWindow(window)
        app.display = Display(framebuffer: framebuffer)
        window.makeKeyAndVisible()
        app.runOnce()
    }

    func pixel(_ x: Int, _ y: Int) -> Color { framebuffer.withFrontBuffer { $0.color(x: x, y: y) } }
}

/// The WCAG contrast of `text` on `background`.
private func contrast(_ text: Color, _ background: Color) -> Double { text.contrastRatio(with: background) }

@Suite("Themes: light and dark, high contrast, semantic colours every built-in view draws from")
@MainActor
struct ThemeTests {
    @Test("a label with no colour of its own is black in light and white in dark")
    func labelFollowsStyle() {
        let label = Label()
        let screen = ThemeScreen(label)
        #expect(label.textColor == .black)
        screen.app.userInterfaceStyle = .dark
        #expect(label.textColor == .white)
    }

    @Test("switching to dark redraws every view once and lays out nothing")
    func switchRedrawsOnce() {
        let view = ThemeCountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let screen = ThemeScreen(view)
        let (draws, layouts) = (view.draws, view.layouts)
        screen.app.userInterfaceStyle = .dark
        screen.app.runOnce()
        screen.app.runOnce()
        #expect(view.draws == draws + 1)
        #expect(view.layouts == layouts)
    }

    @Test("a view told its traits changed hears the traits it had before")
    func traitChangeHook() {
        let view = ThemeCountingView()
        let screen = ThemeScreen(view)
        let before = view.traitCollection
        screen.app.accessibilityContrast = .high
        #expect(before.accessibilityContrast == .normal)
        #expect(view.traitChanges == [before])
    }

    @Test("a screen's background from the palette is drawn dark once the app turns dark")
    func paletteBackgroundDrawn() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.paletteBackground = \.groupedBackground
        let screen = ThemeScreen(view)
        #expect(screen.pixel(50, 50) == Palette.light.groupedBackground)
        screen.app.userInterfaceStyle = .dark
        screen.app.runOnce()
        #expect(screen.pixel(50, 50) == Palette.dark.groupedBackground)
    }

    @Test("a subtree that overrides the style stays light while the app is dark")
    func subtreeOverride() {
        let panel = View()
        let label = Label()
        panel.addSubview(label)
        panel.overrideUserInterfaceStyle = .light
        let screen = ThemeScreen(panel)
        screen.app.userInterfaceStyle = .dark
        #expect(label.traitCollection.userInterfaceStyle == .light)
        #expect(label.textColor == .black)
        #expect(screen.window.traitCollection.userInterfaceStyle == .dark)
    }

    @Test("a subtree that overrides the contrast draws from the high-contrast palette while the app does not")
    func contrastOverride() {
        let panel = View()
        let label = Label()
        panel.addSubview(label)
        let screen = ThemeScreen(panel)
        panel.overrideAccessibilityContrast = .high
        #expect(label.palette == Palette.lightHighContrast)
        #expect(screen.window.palette == Palette.light)
    }

    @Test("a colour the app set stays through a switch to dark")
    func explicitColourKept() {
        let label = Label()
        label.textColor = Color(rgb: 0x123456)
        let screen = ThemeScreen(label)
        screen.app.userInterfaceStyle = .dark
        #expect(label.textColor == Color(rgb: 0x123456))
    }

    @Test("applyTheme runs at once and again only when the palette changes")
    func applyThemeRuns() {
        let view = View()
        let screen = ThemeScreen(view)
        var seen: [Color] = []
        view.applyTheme { view, palette in
            view.backgroundColor = palette.background
            seen.append(palette.background)
        }
        screen.app.textSize = 1.5
        screen.app.userInterfaceStyle = .dark
        screen.app.userInterfaceStyle = .dark
        #expect(seen == [.white, .black])
        #expect(view.backgroundColor == .black)
    }

    @Test("applyTheme runs again when the view moves under an ancestor that overrides the style")
    func applyThemeOnMove() {
        let dark = View()
        dark.overrideUserInterfaceStyle = .dark
        let label = Label()
        let screen = ThemeScreen(dark, label)
        var styles: [Color] = []
        label.applyTheme { _, palette in styles.append(palette.label) }
        dark.addSubview(label)
        #expect(styles == [.black, .white])
        _ = screen
    }

    @Test("a tint set on a container colours the controls in it; without one they take the palette's")
    func tintInherited() {
        let container = View()
        let slider = Slider()
        container.addSubview(slider)
        let screen = ThemeScreen(container)
        #expect(slider.minimumTrackTintColor == Palette.light.tint)
        container.tintColor = Color(rgb: 0x00796B)
        #expect(slider.tintColor == Color(rgb: 0x00796B))
        #expect(slider.minimumTrackTintColor == Color(rgb: 0x00796B))
        _ = screen
    }

    @Test("a semantic colour the app overrides in its theme reaches the built-in views")
    func themeOverride() {
        let field = TextField()
        let screen = ThemeScreen(field)
        var theme = Theme.standard
        theme.dark.placeholderText = Color(rgb: 0xA0A0A0)
        screen.app.theme = theme
        screen.app.userInterfaceStyle = .dark
        #expect(field.placeholderColor == Color(rgb: 0xA0A0A0))
    }

    @Test("setTint gives every palette the brand's accent")
    func setTint() {
        var theme = Theme.standard
        theme.setTint(Color(rgb: 0x00796B))
        for palette in [theme.light, theme.dark, theme.lightHighContrast, theme.darkHighContrast] {
            #expect(palette.tint == Color(rgb: 0x00796B) && palette.tintFill == Color(rgb: 0x00796B))
        }
    }

    @Test("high contrast draws from the high-contrast palette, in light and in dark")
    func highContrastPalettes() {
        let label = Label()
        let screen = ThemeScreen(label)
        screen.app.accessibilityContrast = .high
        #expect(label.palette == Palette.lightHighContrast)
        screen.app.userInterfaceStyle = .dark
        #expect(label.palette == Palette.darkHighContrast)
    }

    @Test(
        "every standard palette's text reaches 4.5:1 on its backgrounds, 7:1 in high contrast",
        arguments: [
            ("light", Palette.light, 4.5), ("dark", .dark, 4.5), ("light high contrast", .lightHighContrast, 7), ("dark high contrast", .darkHighContrast, 7),
        ])
    func paletteContrast(name: String, palette: Palette, minimum: Double) {
        let backgrounds = [palette.background, palette.secondaryBackground, palette.groupedBackground, palette.barBackground, palette.elevatedBackground]
        for text in [palette.label, palette.secondaryLabel, palette.tint, palette.destructive] {
            for background in backgrounds { #expect(contrast(text, background) >= minimum, "\(name): \(text) on \(background)") }
        }
        #expect(contrast(palette.placeholderText, palette.secondaryBackground) >= minimum, "\(name): placeholder")
        #expect(contrast(palette.onTint, palette.tintFill) >= minimum, "\(name): a filled button's title")
        #expect(contrast(palette.onTint, palette.destructiveFill) >= minimum, "\(name): a badge")
        #expect(contrast(palette.keyLabel, palette.keyFace) >= minimum && contrast(palette.keyLabel, palette.functionKeyFace) >= minimum, "\(name): keys")
    }

    @Test("in high contrast, borders and separators reach 3:1 on the background (WCAG's non-text minimum)")
    func highContrastLines() {
        for palette in [Palette.lightHighContrast, .darkHighContrast] {
            for line in [palette.border, palette.separator, palette.fill] {
                #expect(contrast(line, palette.background) >= 3 && contrast(line, palette.secondaryBackground) >= 3)
            }
        }
    }

    @Test("a dark schedule turns the app dark at its start and light at its end, on one timer")
    func darkSchedule() {
        let clock = ManualClock(start: MonotonicInstant(nanoseconds: 1_000_000_000_000))
        let local = ManualLocalClock(following: clock, start: TimeOfDay(parsing: "18:59:58"[...])!)
        let app = Application(clock: clock)
        app.localClock = local
        app.darkSchedule = DailySchedule(parsing: "19:00-07:00")
        #expect(app.userInterfaceStyle == .light)
        #expect(app.nextTimerDeadline == clock.now + .seconds(Int64(2)))
        clock.advance(by: .seconds(Int64(2)))
        app.runOnce()
        #expect(app.userInterfaceStyle == .dark)
        #expect(app.nextTimerDeadline == clock.now + .seconds(Int64(12 * 3600)))
        clock.advance(by: .seconds(Int64(12 * 3600)))
        app.runOnce()
        #expect(app.userInterfaceStyle == .light)
    }

    @Test("choosing a style stops the dark schedule")
    func choiceStopsSchedule() {
        let clock = ManualClock()
        let app = Application(clock: clock)
        app.localClock = ManualLocalClock(following: clock, start: TimeOfDay(parsing: "20:00"[...])!)
        app.darkSchedule = DailySchedule(parsing: "19:00-07:00")
        #expect(app.userInterfaceStyle == .dark)
        app.userInterfaceStyle = .light
        #expect(app.darkSchedule == nil)
        #expect(app.nextTimerDeadline == nil)
    }

    @Test("a theme whose body font changes lays labels out again at the new size")
    func themeFontRelayout() {
        let label = Label()
        label.text = "Door"
        let screen = ThemeScreen(label)
        let before = label.intrinsicContentSize
        var theme = Theme.standard
        theme.textStyles.body = .largeTitle
        screen.app.theme = theme
        #expect(label.font == .largeTitle)
        #expect(label.intrinsicContentSize.height > before.height)
    }
}
