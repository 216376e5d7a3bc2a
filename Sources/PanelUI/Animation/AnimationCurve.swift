internal import RealModule

/// How an animation's progress runs over its duration: UIKit's curves (cubic Béziers with
/// UIKit's control points) and its damped spring.
public enum AnimationCurve: Sendable, Hashable {
    /// Slow, fast, slow: the Bézier (0.42, 0) (0.58, 1). UIKit's default.
    case easeInOut
    /// Slow start: (0.42, 0) (1, 1).
    case easeIn
    /// Slow end: (0, 0) (0.58, 1).
    case easeOut
    /// Even.
    case linear
    /// A spring settling over the duration: `damping` 1 arrives without overshoot, lower values
    /// overshoot and oscillate; `initialVelocity` is in distances per second (1: the whole
    /// distance in one second).
    case spring(damping: Double, initialVelocity: Double)

    /// The progress (0 at the start, 1 at the end; a spring may pass 1) after the fraction
    /// `t` (0…1) of the duration.
    public func progress(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeInOut: return Self.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: t)
        case .easeIn: return Self.bezier(x1: 0.42, y1: 0, x2: 1, y2: 1, at: t)
        case .easeOut: return Self.bezier(x1: 0, y1: 0, x2: 0.58, y2: 1, at: t)
        case .spring(let damping, let velocity): return t >= 1 ? 1 : Self.spring(damping: damping, velocity: velocity, at: t)
        }
    }

    /// A CSS/Core Animation timing Bézier from (0, 0) to (1, 1): solves x(s) = t for s (Newton,
    /// then bisection), returns y(s).
    static func bezier(x1: Double, y1: Double, x2: Double, y2: Double, at t: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0 ..< 8 {
            let error = coordinate(s, x1, x2) - t
            if abs(error) < 1e-7 { return coordinate(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0
        var high = 1.0
        s = t
        for _ in 0 ..< 40 {
            let x = coordinate(s, x1, x2)
            if abs(x - t) < 1e-7 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }

    /// A damped spring from 0 to 1 that has settled (to 0.1 %) at t = 1.
    static func spring(damping: Double, velocity: Double, at t: Double) -> Double {
        let zeta = min(max(damping, 0.05), 1)
        // e^(−ζ ω₀ · 1) = 0.001: the envelope is down to 0.1 % at the end.
        let w0 = 6.907755 / zeta
        // The velocity is in distances per second; t runs over the duration, taken as 1.
        let v0 = velocity
        if zeta >= 1 {
            return 1 - Double.exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let envelope = Double.exp(-zeta * w0 * t)
        return 1 - envelope * (Double.cos(wd * t) + (zeta * w0 - v0) / wd * Double.sin(wd * t))
    }
}

/// Options of ``View/animate(withDuration:delay:options:animations:completion:)``.
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    /// The option bits (UIKit's values).
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// UIKit's default curve.
    public static let curveEaseInOut = AnimationOptions([])
    /// Starts slowly, then speeds up.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Starts quickly, then slows down.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// The same speed throughout.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve the options name.
    var curve: AnimationCurve {
        switch rawValue & (3 << 16) {
        case 1 << 16: .easeIn
        case 2 << 16: .easeOut
        case 3 << 16: .linear
        default: .easeInOut
        }
    }
}
