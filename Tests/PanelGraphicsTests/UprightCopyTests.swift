import PanelCore
import PanelGraphics
import Testing

@Suite("Upright copy: a panel's pixels turned back to what a person in front of it sees")
struct UprightCopyTests {
    /// A UI bitmap whose every pixel holds its own coordinates.
    func markedUI(width: Int, height: Int, format: PixelFormat) -> Bitmap {
        let ui = Bitmap(width: width, height: height, format: format)
        ui.withCanvas { canvas in
            for y in 0 ..< height {
                for x in 0 ..< width {
                    canvas.fill(PixelRect(x: x, y: y, width: 1, height: 1), color: Color(red: UInt8(x * 8), green: UInt8(y * 8), blue: 0x40))
                }
            }
        }
        return ui
    }

    @Test("turning a rotated copy upright gives back the UI, for every rotation and pixel size", arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func roundTripIsTheIdentity(rotation: Rotation, format: PixelFormat) {
        let ui = markedUI(width: 12, height: 7, format: format)
        let quarter = rotation == .degrees90 || rotation == .degrees270
        let panel = Bitmap(width: quarter ? 7 : 12, height: quarter ? 12 : 7, format: format)
        panel.pixels.copyRotated(ui.pixels.bounds, from: ui.pixels, rotation: rotation)
        let back = Bitmap(width: 12, height: 7, format: format)
        let written = back.pixels.copyUpright(panel.pixels.bounds, from: panel.pixels, rotation: rotation)
        #expect(written == back.pixels.bounds)
        #expect(Image(back.pixels) == Image(ui.pixels))
    }

    @Test("a dirty rectangle of the panel maps to the UI rectangle it came from", arguments: Rotation.allCases)
    func dirtyRectanglesMapBack(rotation: Rotation) {
        let uiRect = PixelRect(x: 2, y: 1, width: 5, height: 3)
        let quarter = rotation == .degrees90 || rotation == .degrees270
        let (panelWidth, panelHeight) = quarter ? (7, 12) : (12, 7)
        let panelRect = PixelBuffer.rotated(uiRect, rotation: rotation, panelWidth: panelWidth, panelHeight: panelHeight)
        #expect(PixelBuffer.upright(panelRect, rotation: rotation, panelWidth: panelWidth, panelHeight: panelHeight) == uiRect)
    }

    @Test("copying only a dirty rectangle upright writes only its UI rectangle")
    func onlyTheDirtyRectangleIsWritten() {
        let ui = markedUI(width: 12, height: 7, format: .xrgb8888)
        let panel = Bitmap(width: 7, height: 12, format: .xrgb8888)
        panel.pixels.copyRotated(ui.pixels.bounds, from: ui.pixels, rotation: .degrees90)
        let back = Bitmap(width: 12, height: 7, format: .xrgb8888)
        let uiRect = PixelRect(x: 3, y: 2, width: 4, height: 2)
        let panelRect = PixelBuffer.rotated(uiRect, rotation: .degrees90, panelWidth: 7, panelHeight: 12)
        #expect(back.pixels.copyUpright(panelRect, from: panel.pixels, rotation: .degrees90) == uiRect)
        #expect(back.color(x: 3, y: 2) == ui.color(x: 3, y: 2))
        #expect(back.color(x: 2, y: 2) == Color(red: 0, green: 0, blue: 0))
    }
}
