import PanelCore
import Testing

@Suite("Affine transforms, as Core Graphics's")
struct AffineTransformTests {
    @Test("a transform maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty)")
    func applyingMapsAPoint() {
        let t = AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        #expect(Point(x: 1, y: 10).applying(t) == Point(x: 2 + 50 + 11, y: 3 + 70 + 13))
    }

    @Test("concatenating applies the receiver first, then the argument")
    func concatenatingOrder() {
        let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(Point(x: 1, y: 1).applying(scaleThenMove) == Point(x: 12, y: 2))
    }

    @Test("scaledBy and translatedBy act before the transform they are called on")
    func prependingHelpers() {
        let t = AffineTransform(translationX: 100, y: 0).scaledBy(x: 3, y: 3).translatedBy(x: 1, y: 0)
        #expect(Point(x: 0, y: 1).applying(t) == Point(x: 103, y: 3))
    }

    @Test("the inverse undoes the transform")
    func inverseUndoes() {
        let t = AffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = Point(x: 4, y: -9).applying(t).applying(t.inverted())
        #expect(abs(p.x - 4) < 1e-12 && abs(p.y + 9) < 1e-12)
    }

    @Test(
        "a transform that cannot be inverted is returned unchanged, as in Core Graphics",
        arguments: [
            AffineTransform(scaleX: 0, y: 1), AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), AffineTransform(translationX: .infinity, y: 0),
        ])
    func singularInverse(t: AffineTransform) {
        #expect(!t.isInvertible)
        #expect(t.inverted().description == t.description)
    }

    @Test("a rectangle maps to the bounding box of its mapped corners")
    func rectangleBoundingBox() {
        let flipped = Rect(x: 10, y: 20, width: 30, height: 40).applying(AffineTransform(scaleX: -1, y: 2))
        #expect(flipped == Rect(x: -40, y: 40, width: 30, height: 80))
    }
}
