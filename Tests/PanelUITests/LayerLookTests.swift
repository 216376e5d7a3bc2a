import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import Testing

@testable import PanelUI

/// A card with a shadow, a photo clipped round, a gradient, a faded group and a chart whose
/// area is filled: the layer look in one picture.
@MainActor
func layerLookScene() -> View {
    let scene = View(frame: Rect(x: 0, y: 0, width: 320, height: 240))
    scene.backgroundColor = Color(rgb: 0xF0F1F4)

    let card = View(frame: Rect(x: 16, y: 16, width: 130, height: 90))
    card.backgroundColor = .white
    card.cornerRadius = 10
    card.shadowOpacity = 0.35
    card.shadowRadius = 6
    card.shadowOffset = Size(width: 0, height: 4)
    scene.addSubview(card)

    let photo = ImageView(frame: Rect(x: 174, y: 16, width: 90, height: 90))
    photo.image = sampleImage(size: 90)
    photo.backgroundColor = Color(rgb: 0x2196F3)
    photo.clipsToBounds = true
    photo.cornerRadius = 45
    photo.borderWidth = 3
    photo.borderColor = .white
    scene.addSubview(photo)

    let gradient = GradientView(frame: Rect(x: 16, y: 124, width: 90, height: 100))
    gradient.colors = [Color(rgb: 0x2196F3), Color(rgb: 0x2196F3).withAlphaComponent(0)]
    gradient.cornerRadius = 8
    scene.addSubview(gradient)

    let radial = GradientView(frame: Rect(x: 116, y: 124, width: 60, height: 60))
    radial.kind = .radial
    radial.startPoint = Point(x: 0.5, y: 0.5)
    radial.endPoint = Point(x: 1, y: 0.5)
    radial.colors = [.yellow, .red]
    radial.cornerRadius = 30
    scene.addSubview(radial)

    // Two overlapping squares faded as one: the overlap does not show through.
    let group = overlappingPair(grouped: true)
    group.frame.origin = Point(x: 116, y: 190)
    scene.addSubview(group)

    let chart = ChartView(frame: Rect(x: 186, y: 124, width: 124, height: 106))
    try? chart.setPointCount(6)
    let series = chart.addSeries(name: "Visitors", color: Color(rgb: 0x2196F3))
    series.areaColors = (Color(rgb: 0x2196F3).withAlphaComponent(0.6), Color(rgb: 0x2196F3).withAlphaComponent(0))
    for v in [40.0, 68, 62, 67, 78, 69] { series.append(v) }
    scene.addSubview(chart)
    return scene
}

/// A white window on a live application and its framebuffer, which stay alive as long as
/// the caller holds them (`renderWidget` lets its application go).
@MainActor
func liveWindow(width: Int, height: Int) -> (Application, Window, MemoryFramebuffer) {
    let framebuffer = MemoryFramebuffer(width: width, height: height, format: .xrgb8888)
    let app = Application(clock: ManualClock())
    let window = Window(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    window.backgroundColor = .white
    app.addWindow(window)
    window.makeKeyAndVisible()
    app.display = Display(framebuffer: framebuffer)
    return (app, window, framebuffer)
}

/// Two overlapping squares, pure red and pure blue, in a view at half alpha.
@MainActor
func overlappingPair(grouped: Bool) -> View {
    let group = View(frame: Rect(x: 0, y: 0, width: 60, height: 40))
    group.alpha = 0.5
    group.allowsGroupOpacity = grouped
    for (x, color) in [(0.0, Color(red: 255, green: 0, blue: 0)), (20.0, Color(red: 0, green: 0, blue: 255))] {
        let square = View(frame: Rect(x: x, y: 0, width: 40, height: 40))
        square.backgroundColor = color
        group.addSubview(square)
    }
    return group
}

@MainActor
@Suite("The layer look: shadows, rounded clips, gradients and group opacity")
struct LayerLookTests {
    @Test("shadows, a round-clipped photo, gradients, a faded group and a chart area look right", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let framebuffer = try renderWidget(layerLookScene(), size: (320, 240), format: format)
        try GoldenImage.check("layer-look-\(formatName)", framebuffer)
    }

    @Test("a faded group does not show one subview through another where they overlap")
    func groupHidesOverlap() throws {
        let framebuffer = try renderWidget(overlappingPair(grouped: true), size: (60, 40), format: .xrgb8888)
        // Blue over white at half, (128, 128, 255): no red in the overlap.
        let overlap = framebuffer.bitmap.color(x: 30, y: 20)
        #expect(overlap.red == overlap.green)
        #expect(overlap.blue == 255)
    }

    @Test("without group opacity each subview fades on its own and the overlap shows through")
    func ungroupedShowsOverlap() throws {
        let framebuffer = try renderWidget(overlappingPair(grouped: false), size: (60, 40), format: .xrgb8888)
        let overlap = framebuffer.bitmap.color(x: 30, y: 20)
        #expect(overlap.red > overlap.green + 20)
    }

    @Test("a view that clips to round corners shows what is behind it at the corners")
    func roundClipShowsBehind() throws {
        let photo = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        photo.clipsToBounds = true
        photo.cornerRadius = 20
        let fill = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        fill.backgroundColor = .black
        photo.addSubview(fill)
        let framebuffer = try renderWidget(photo, size: (40, 40), format: .xrgb8888)
        #expect(framebuffer.bitmap.color(x: 1, y: 1) == .white)
        #expect(framebuffer.bitmap.color(x: 20, y: 20) == .black)
    }

    @Test("a subview that covers a round-clipping view's corners does not stop what is behind being drawn")
    func coverRespectsRoundCorners() throws {
        let (app, window, framebuffer) = liveWindow(width: 60, height: 60)
        let round = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        round.clipsToBounds = true
        round.cornerRadius = 20
        let fill = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        fill.backgroundColor = .black
        round.addSubview(fill)
        window.addSubview(round)
        _ = try app.render()
        window.backgroundColor = .red
        fill.setNeedsDisplay()
        _ = try app.render()
        #expect(framebuffer.bitmap.color(x: 11, y: 11) == .red)
    }

    @Test("a shadow is drawn outside the view, offset and blurred")
    func shadowOutside() throws {
        let card = View(frame: Rect(x: 20, y: 20, width: 40, height: 30))
        card.backgroundColor = .white
        card.shadowOpacity = 1
        card.shadowRadius = 3
        card.shadowOffset = Size(width: 0, height: 5)
        let framebuffer = try renderWidget(card, size: (80, 80), format: .xrgb8888)
        #expect(framebuffer.bitmap.color(x: 40, y: 52).red < 128)
        #expect(framebuffer.bitmap.color(x: 40, y: 14) == .white)
        #expect(framebuffer.bitmap.color(x: 40, y: 35) == .white)
    }

    @Test("a view that clips to its bounds clips its own shadow away, as UIKit's does")
    func clippingViewHasNoShadow() throws {
        let card = View(frame: Rect(x: 20, y: 20, width: 40, height: 30))
        card.backgroundColor = .white
        card.shadowOpacity = 1
        card.clipsToBounds = true
        let framebuffer = try renderWidget(card, size: (80, 80), format: .xrgb8888)
        #expect(framebuffer.bitmap.color(x: 40, y: 17) == .white)
    }

    @Test("moving a view redraws where its shadow was")
    func movingRedrawsShadow() throws {
        let (app, window, framebuffer) = liveWindow(width: 120, height: 80)
        let card = View(frame: Rect(x: 10, y: 20, width: 30, height: 30))
        card.backgroundColor = .white
        card.shadowOpacity = 1
        card.shadowRadius = 4
        card.shadowOffset = Size(width: 0, height: 6)
        window.addSubview(card)
        _ = try app.render()
        #expect(framebuffer.bitmap.color(x: 25, y: 55) != .white)
        card.frame = Rect(x: 70, y: 20, width: 30, height: 30)
        _ = try app.render()
        #expect(framebuffer.bitmap.color(x: 25, y: 55) == .white)
    }

    @Test("a kept shadow is not blurred again when the view moves or its colour changes")
    func shadowMaskIsKept() throws {
        let (app, window, _) = liveWindow(width: 100, height: 100)
        let card = View(frame: Rect(x: 10, y: 10, width: 40, height: 30))
        card.shadowOpacity = 0.5
        window.addSubview(card)
        _ = try app.render()
        let first = try #require(card.shadowMask)
        card.frame.origin = Point(x: 20, y: 20)
        card.shadowColor = .blue
        _ = try app.render()
        #expect(card.shadowMask === first)
        card.frame.size = Size(width: 50, height: 30)
        _ = try app.render()
        #expect(card.shadowMask !== first)
    }

    @Test("a shadow radius of 10 000 is clamped to the limit and reported once")
    func hugeShadowRadius() {
        let view = View(frame: .zero)
        let (_, warnings) = UsageWarning.collecting { view.shadowRadius = 10_000 }
        #expect(view.shadowRadius == ShadowMask.maximumBlurRadius)
        #expect(warnings.count == 1)
    }

    @Test("a NaN shadow offset is reported once and taken as no offset")
    func nanShadowOffset() {
        let view = View(frame: .zero)
        let (_, warnings) = UsageWarning.collecting { view.shadowOffset = Size(width: .nan, height: 4) }
        #expect(view.shadowOffset == Size(width: 0, height: 4))
        #expect(warnings.count == 1)
    }

    @Test("a NaN shadow opacity is reported once and turns the shadow off")
    func nanShadowOpacity() {
        let view = View(frame: .zero)
        let (_, warnings) = UsageWarning.collecting { view.shadowOpacity = .nan }
        #expect(view.shadowOpacity == 0)
        #expect(warnings.count == 1)
    }

    @Test("a negative corner radius is reported once and taken as square corners")
    func negativeCornerRadius() {
        let view = View(frame: .zero)
        let (_, warnings) = UsageWarning.collecting { view.cornerRadius = -5 }
        #expect(view.cornerRadius == 0)
        #expect(warnings.count == 1)
    }

    @Test("a corner radius larger than the view draws a circle, with no trap")
    func hugeCornerRadius() throws {
        let dot = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        dot.backgroundColor = .black
        dot.cornerRadius = 1e9
        let framebuffer = try renderWidget(dot, size: (20, 20), format: .xrgb8888)
        #expect(framebuffer.bitmap.color(x: 0, y: 0) == .white)
        #expect(framebuffer.bitmap.color(x: 10, y: 10) == .black)
    }

    @Test("gradient locations whose count differs from the colours' are reported once and the colours spread evenly")
    func mismatchedLocations() throws {
        let view = GradientView(frame: Rect(x: 0, y: 0, width: 10, height: 100))
        let (_, warnings) = UsageWarning.collecting {
            view.colors = [.black, .white]
            view.locations = [0.5]
        }
        #expect(warnings.count == 1)
        let framebuffer = try renderWidget(view, size: (10, 100), format: .xrgb8888)
        #expect(framebuffer.bitmap.color(x: 5, y: 0).red < 10)
        #expect(framebuffer.bitmap.color(x: 5, y: 99).red > 245)
    }

    @Test("a chart series' area is filled under its line and not above it")
    func chartArea() throws {
        let chart = ChartView(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        try chart.setPointCount(3)
        let series = chart.addSeries(name: "a", color: .blue)
        series.areaColors = (.red, .red)
        for v in [50.0, 50, 50] { series.append(v) }
        let framebuffer = try renderWidget(chart, size: (200, 120), format: .xrgb8888)
        let plot = chart.plotRect
        let below = framebuffer.bitmap.color(x: Int(plot.midX), y: Int(plot.maxY) - 3)
        let above = framebuffer.bitmap.color(x: Int(plot.midX), y: Int(plot.minY) + 3)
        #expect(below == .red)
        #expect(above != .red)
    }
}

@MainActor
@Suite("Backgrounds hidden by opaque subviews")
struct BackgroundCullingTests {
    /// A red parent with an opaque subview over its left half that draws nothing itself (so
    /// the pixels there show whether the parent's background was painted under it).
    func scene() throws -> MemoryFramebuffer {
        let (app, window, framebuffer) = liveWindow(width: 100, height: 60)
        window.backgroundColor = nil
        let parent = View(frame: Rect(x: 10, y: 10, width: 80, height: 40))
        parent.backgroundColor = Color(red: 255, green: 0, blue: 0)
        let cover = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        cover.isOpaque = true
        parent.addSubview(cover)
        window.addSubview(parent)
        _ = try app.render()
        return framebuffer
    }

    @Test("a background is not painted where an opaque subview covers it")
    func coveredPartIsNotPainted() throws {
        let framebuffer = try scene()
        #expect(framebuffer.bitmap.color(x: 20, y: 30) == .black)
    }

    @Test("the part of a background no subview covers is painted")
    func uncoveredPartIsPainted() throws {
        let framebuffer = try scene()
        #expect(framebuffer.bitmap.color(x: 70, y: 30) == Color(red: 255, green: 0, blue: 0))
    }
}
