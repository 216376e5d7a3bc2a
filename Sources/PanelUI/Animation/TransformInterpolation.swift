internal import RealModule

/// How an animation moves a ``View/transform``: as UIKit does, by its parts (scale, rotation,
/// translation) rather than number by number, so a turn stays a turn half way (number by
/// number, a half turn would shrink the view to nothing in the middle).
struct TransformInterpolation {
    private struct Parts {
        var scaleX: Double
        var scaleY: Double
        var angle: Double
        var tx: Double
        var ty: Double

        /// The parts of `t`, or nil when it has a shear or no scale (then it moves number by number).
        init?(_ t: AffineTransform) {
            let sx = Double.hypot(t.a, t.b)
            guard sx > 0, sx.isFinite else { return nil }
            let angle = Double.atan2(y: t.b, x: t.a)
            let sy = t.determinant / sx
            scaleX = sx
            scaleY = sy
            self.angle = angle
            tx = t.tx
            ty = t.ty
            let rebuilt = transform
            let tolerance = 1e-9 * max(1, abs(t.c) + abs(t.d))
            guard abs(rebuilt.c - t.c) <= tolerance, abs(rebuilt.d - t.d) <= tolerance else { return nil }
        }

        var transform: AffineTransform {
            let cos = Double.cos(angle)
            let sin = Double.sin(angle)
            return AffineTransform(a: scaleX * cos, b: scaleX * sin, c: -scaleY * sin, d: scaleY * cos, tx: tx, ty: ty)
        }
    }

    let from: AffineTransform
    let to: AffineTransform
    private let parts: (Parts, Parts)?

    init(from: AffineTransform, to: AffineTransform) {
        self.from = from
        self.to = to
        if var start = Parts(from), let end = Parts(to) {
            // The short way round.
            let turn = end.angle - start.angle
            if turn > .pi { start.angle += 2 * .pi } else if turn < -.pi { start.angle -= 2 * .pi }
            parts = (start, end)
        } else {
            parts = nil
        }
    }

    /// The transform at `p` (0: `from`, 1: `to`; a spring may pass 1).
    func value(at p: Double) -> AffineTransform {
        if p == 0 { return from }
        if p == 1 { return to }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        guard let (start, end) = parts else {
            return AffineTransform(
                a: mix(from.a, to.a), b: mix(from.b, to.b), c: mix(from.c, to.c), d: mix(from.d, to.d), tx: mix(from.tx, to.tx),
                ty: mix(from.ty, to.ty))
        }
        var shown = start
        shown.scaleX = mix(start.scaleX, end.scaleX)
        shown.scaleY = mix(start.scaleY, end.scaleY)
        shown.angle = mix(start.angle, end.angle)
        shown.tx = mix(start.tx, end.tx)
        shown.ty = mix(start.ty, end.ty)
        return shown.transform
    }
}
