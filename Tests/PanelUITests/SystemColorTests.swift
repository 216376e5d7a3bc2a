import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("UIKit's system colours and text styles, resolved from the theme")
@MainActor
struct SystemColorTests {
    /// An app with a 200×100 window on a memory framebuffer.
    private func app(_ views: View...) -> (Application, MemoryFramebuffer) {
        let app = Application(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let framebuffer = MemoryFramebuffer(width: 200, height: 100)
        for view in views { window.addSubview(view) }
        app.addWindow(window)
        app.display = Display(framebuffer: framebuffer)
        window.makeKeyAndVisible()
        app.runOnce()
        return (app, framebuffer)
    }

    @Test("systemRed is iOS's red in light, dark, light high contrast and dark high contrast")
    func hueInEveryAppearance() {
        let view = View()
        _ = app(view)
        var seen: [Color] = []
        for style in UserInterfaceStyle.allCases {
            for contrast in AccessibilityContrast.allCases {
                view.overrideUserInterfaceStyle = style
                view.overrideAccessibilityContrast = contrast
                seen.append(view.palette.systemRed)
            }
        }
        #expect(seen == [Color(rgb: 0xFF3B30), Color(rgb: 0xD70015), Color(rgb: 0xFF453A), Color(rgb: 0xFF6961)])
    }

    @Test("every standard palette has an entry for every system colour")
    func standardPalettesComplete() {
        for palette in [Palette.light, .dark, .lightHighContrast, .darkHighContrast] {
            #expect(SystemColor.allCases.allSatisfy { palette[system: $0] != nil })
        }
    }

    @Test("systemBackground, systemGroupedBackground and link are the palette's background, grouped background and tint")
    func aliases() {
        var palette = Palette.dark
        #expect(palette.systemBackground == palette.background)
        #expect(palette.systemGroupedBackground == palette.groupedBackground)
        #expect(palette.link == palette.tint)
        palette.systemBackground = Color(rgb: 0x101418)
        #expect(palette.background == Color(rgb: 0x101418))
    }

    @Test("a view whose background is \\.systemBackground is drawn black once the app turns dark")
    func systemBackgroundFollowsDark() {
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        view.paletteBackground = \.systemBackground
        let (app, framebuffer) = app(view)
        #expect(framebuffer.withFrontBuffer { $0.color(x: 100, y: 50) } == .white)
        app.userInterfaceStyle = .dark
        app.runOnce()
        #expect(framebuffer.withFrontBuffer { $0.color(x: 100, y: 50) } == .black)
    }

    @Test("a label whose role is \\.secondaryLabel takes the dark palette's secondary label in dark")
    func labelRoleFollowsDark() {
        let label = Label()
        label.textRole = \.secondaryLabel
        let (app, _) = app(label)
        app.userInterfaceStyle = .dark
        #expect(label.textColor == Palette.dark.secondaryLabel)
    }

    @Test("a theme whose dark palette lacks a system colour uses the light palette's entry, reported once naming it")
    func lackingEntryFallsBack() {
        let (app, _) = app()
        var theme = Theme.standard
        theme.light.systemMint = Color(rgb: 0x00A89F)
        theme.dark[system: .systemMint] = nil
        let ((), warnings) = UsageWarning.collecting {
            app.theme = theme
            app.userInterfaceStyle = .dark
            _ = app.windows[0].palette.systemMint
            _ = app.windows[0].palette.systemMint
        }
        #expect(app.theme.dark.systemMint == Color(rgb: 0x00A89F))
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("the dark palette lacks systemMint") == true)
    }

    @Test("a palette made from its colours, without system colours, lacks them until a theme completes it")
    func paletteFromColoursLacksSystemColours() {
        let light = Palette.light
        let made = Palette(
            label: light.label, secondaryLabel: light.secondaryLabel, placeholderText: light.placeholderText, disabledLabel: light.disabledLabel,
            tint: light.tint, tintFill: light.tintFill, onTint: light.onTint, background: light.background,
            secondaryBackground: light.secondaryBackground, groupedBackground: light.groupedBackground, barBackground: light.barBackground,
            elevatedBackground: light.elevatedBackground, separator: light.separator, border: light.border, fill: light.fill,
            secondaryFill: light.secondaryFill, gray: light.gray, secondaryGray: light.secondaryGray, destructive: light.destructive,
            destructiveFill: light.destructiveFill, success: light.success, focusRing: light.focusRing, keyboardBackground: light.keyboardBackground,
            keyFace: light.keyFace, functionKeyFace: light.functionKeyFace, keyShadow: light.keyShadow, keyLabel: light.keyLabel,
            system: [.systemRed: Color(rgb: 0xC00000)])
        #expect(made[system: .systemRed] == Color(rgb: 0xC00000))
        #expect(made[system: .systemBlue] == nil)
        // Read outside a theme, a lacking entry is the standard light palette's.
        #expect(made.systemBlue == Palette.light.systemBlue)
        let (completed, warnings) = UsageWarning.collecting { Theme(dark: made).completed() }
        #expect(completed.dark[system: .systemBlue] == Palette.light.systemBlue)
        #expect(completed.dark[system: .systemRed] == Color(rgb: 0xC00000))
        #expect(warnings.count == 1)
    }

    @Test("each of UIKit's text styles has its own font in a theme, which the app can change")
    func textStyles() {
        var styles = TextStyles.standard
        #expect(TextStyle.allCases.count == 11)
        #expect(styles[.headline] == .headline)
        #expect(styles[.footnote].size == 12)
        styles[.subheadline] = .system(size: 20)
        #expect(styles.subheadline == .system(size: 20))
        #expect(styles[.callout] == .callout)
    }
}
