internal import RealModule

/// The motion of a scroll view, per axis, as UIKit's formulas give it: times in milliseconds,
/// positions in points, velocities in points per millisecond.
public enum ScrollPhysics {
    /// UIKit's rubber-band constant.
    public static let rubberBandConstant = 0.55

    /// How far content dragged `overshoot` points past an edge appears to move, for a view
    /// `dimension` points long: `(1 − 1 / (overshoot × 0.55 / dimension + 1)) × dimension`. It
    /// grows ever more slowly and never reaches `dimension`.
    public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandConstant / dimension + 1)) * dimension
    }

    /// The position `t` ms into a deceleration from `position` at `velocity` with `rate` (the
    /// velocity is multiplied by `rate` every millisecond): `p + v × (rateᵗ − 1) / ln rate`.
    public static func decelerated(from position: Double, velocity: Double, rate: Double, after t: Double) -> Double {
        position + velocity * (Double.pow(rate, t) - 1) / Double.log(rate)
    }

    /// The velocity `t` ms into a deceleration: `v × rateᵗ`.
    public static func deceleratedVelocity(_ velocity: Double, rate: Double, after t: Double) -> Double {
        velocity * Double.pow(rate, t)
    }

    /// Where a deceleration comes to rest: `p − v / ln rate`.
    public static func restingPosition(from position: Double, velocity: Double, rate: Double) -> Double {
        position + remainingGlide(velocity: velocity, rate: rate)
    }

    /// How much further a glide at `velocity` goes before it rests: `−v / ln rate`.
    public static func remainingGlide(velocity: Double, rate: Double) -> Double {
        -velocity / Double.log(rate)
    }

    /// How quickly the bounce spring pulls back, per millisecond (critically damped: settles in
    /// about half a second, without overshooting).
    public static let springStiffness = 0.012

    /// A critically damped spring toward 0: the displacement `t` ms after starting at
    /// `displacement` with `velocity`: `(x₀ + (v₀ + ω x₀) t) e^(−ω t)`.
    public static func spring(displacement x0: Double, velocity v0: Double, after t: Double) -> Double {
        let w = springStiffness
        return (x0 + (v0 + w * x0) * t) * Double.exp(-w * t)
    }

    /// The spring's velocity `t` ms after starting: `(v₀ − ω (v₀ + ω x₀) t) e^(−ω t)`.
    public static func springVelocity(displacement x0: Double, velocity v0: Double, after t: Double) -> Double {
        let w = springStiffness
        return (v0 - w * (v0 + w * x0) * t) * Double.exp(-w * t)
    }
}
