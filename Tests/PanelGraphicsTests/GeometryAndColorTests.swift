import PanelCore
import PanelGraphics
import Testing

@Suite struct GeometryAndColorTests {
    @Test("pixel rectangles enclose fractional rects outwards and snap view frames to the nearest edges")
    func enclosingAndSnapping() {
        let r = Rect(x: 10.4, y: 2.6, width: 20.2, height: 5.0)
        #expect(PixelRect(enclosing: r) == PixelRect(minX: 10, minY: 2, maxX: 31, maxY: 8))
        #expect(PixelRect(snapping: r) == PixelRect(minX: 10, minY: 3, maxX: 31, maxY: 8))
        // Neighbours that share an edge in points share it in pixels.
        let left = PixelRect(snapping: Rect(x: 0, y: 0, width: 57.14, height: 10))
        let right = PixelRect(snapping: Rect(x: 57.14, y: 0, width: 57.14, height: 10))
        #expect(left.maxX == right.x)
    }

    @Test("pixel rectangles intersect, unite, contain and inset like UIKit rects")
    func rectangleAlgebra() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == PixelRect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(PixelRect(x: 10, y: 0, width: 5, height: 5)).isEmpty)
        #expect(!a.intersects(PixelRect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.union(b) == PixelRect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.union(.zero) == a)
        #expect(a.contains(PixelRect(x: 2, y: 2, width: 3, height: 3)) && !a.contains(b))
        #expect(a.insetBy(dx: 2, dy: 1) == PixelRect(x: 2, y: 1, width: 6, height: 8))
        #expect(a.offsetBy(dx: 3, dy: -1) == PixelRect(x: 3, y: -1, width: 10, height: 10))
        #expect(PixelRect(x: 0, y: 0, width: -3, height: 4).area == 0)
    }

    @Test("colours are made from hex values, mixed, faded and printed as #rrggbbaa")
    func colours() {
        #expect(Color(rgb: 0x102030) == Color(red: 0x10, green: 0x20, blue: 0x30))
        #expect(Color(rgba: 0x10203040) == Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(Color.black.mixed(with: .white, by: 0.5) == Color(red: 128, green: 128, blue: 128))
        #expect(Color.red.mixed(with: .blue, by: 0) == .red)
        #expect(Color.white.withAlphaComponent(0.5).alpha == 128)
        #expect(Color.white.withAlphaComponent(7).alpha == 255)
        #expect(Color(rgb: 0x0A0BFF).description == "#0a0bffff")
        #expect(Color.clear.isOpaque == false && Color.black.isOpaque)
    }
}
