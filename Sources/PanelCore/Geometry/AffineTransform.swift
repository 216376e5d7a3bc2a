/// A 2-D affine transform, UIKit's `CGAffineTransform`: the matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty). As in Core Graphics, `t1.concatenating(t2)`
/// applies `t1` first, then `t2`. (Rotations come from `AffineTransform(rotationAngle:)` in
/// PanelUI, which has the trigonometry.)
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    /// A transform from its six numbers.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales x by `sx` and y by `sy`.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Moves by (`tx`, `ty`).
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Whether this is ``identity``.
    public var isIdentity: Bool { self == .identity }

    /// Whether all six numbers are finite and the transform can be inverted (its determinant is
    /// not zero): what a view needs to be drawn and hit-tested.
    public var isInvertible: Bool {
        let det = determinant
        return a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite && det.isFinite && det != 0
    }

    /// a·d − b·c: the factor by which the transform scales areas.
    public var determinant: Double { a * d - b * c }

    /// `self` first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A scale, then this transform.
    public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform {
        AffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A translation, then this transform.
    public func translatedBy(x dx: Double, y dy: Double) -> AffineTransform {
        AffineTransform(translationX: dx, y: dy).concatenating(self)
    }

    /// The transform that undoes this one; as in Core Graphics, a transform that cannot be
    /// inverted (see ``isInvertible``) is returned unchanged.
    public func inverted() -> AffineTransform {
        guard isInvertible else { return self }
        let det = determinant
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension Point {
    /// The point mapped by `t`.
    public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension Rect {
    /// The smallest rectangle holding the four corners mapped by `t` (as `CGRect.applying`).
    public func applying(_ t: AffineTransform) -> Rect {
        if t.isIdentity { return self }
        let r = standardized
        let p1 = Point(x: r.minX, y: r.minY).applying(t)
        let p2 = Point(x: r.maxX, y: r.minY).applying(t)
        let p3 = Point(x: r.minX, y: r.maxY).applying(t)
        let p4 = Point(x: r.maxX, y: r.maxY).applying(t)
        let minX = min(min(p1.x, p2.x), min(p3.x, p4.x))
        let maxX = max(max(p1.x, p2.x), max(p3.x, p4.x))
        let minY = min(min(p1.y, p2.y), min(p3.y, p4.y))
        let maxY = max(max(p1.y, p2.y), max(p3.y, p4.y))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
