import PanelCore

/// Gradient fills: rounded rectangles and paths filled with a ``LinearGradient`` or a
/// ``RadialGradient``. The gradient is sampled once per fill into 256 colours encoded for the
/// buffer (on the stack), so a pixel costs a table look-up, not a colour mix.
extension Canvas {
    /// Fills `rect`, its corners rounded to `radius` (clamped to half the shorter side), with
    /// `gradient`.
    public mutating func fillRoundedRect(_ rect: PixelRect, radius: Double, gradient: LinearGradient) {
        guard let paint = paint(for: gradient) else { return }
        drawRoundedShape(rect, radius: radius, borderWidth: 0, paint: paint)
    }

    /// Fills `rect`, its corners rounded to `radius` (clamped to half the shorter side), with
    /// `gradient`.
    public mutating func fillRoundedRect(_ rect: PixelRect, radius: Double, gradient: RadialGradient) {
        guard let paint = paint(for: gradient) else { return }
        drawRoundedShape(rect, radius: radius, borderWidth: 0, paint: paint)
    }

    /// Fills `path` with `gradient`.
    public mutating func fill(_ path: Path, gradient: LinearGradient, rule: FillRule = .nonZero) {
        guard let paint = paint(for: gradient) else { return }
        fill(path, paint: paint, rule: rule)
    }

    /// Fills `path` with `gradient`.
    public mutating func fill(_ path: Path, gradient: RadialGradient, rule: FillRule = .nonZero) {
        guard let paint = paint(for: gradient) else { return }
        fill(path, paint: paint, rule: rule)
    }

    /// The paint for a linear gradient, in buffer pixels; nil when it draws nothing.
    func paint(for gradient: LinearGradient) -> GradientPaint? {
        let ramp = GradientRamp(gradient.colorStops, format: pixels.format, opacity: opacity)
        guard !ramp.isClear else { return nil }
        let tx = Double(translation.x), ty = Double(translation.y)
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let lengthSquared = dx * dx + dy * dy
        // Ends that coincide (or are not finite): the first colour everywhere, as location 0.
        let usable = lengthSquared.isFinite && lengthSquared > 0 && gradient.start.x.isFinite && gradient.start.y.isFinite
        return GradientPaint(
            ramp: ramp,
            geometry: .linear(
                startX: usable ? gradient.start.x + tx : 0, startY: usable ? gradient.start.y + ty : 0,
                axisX: usable ? dx / lengthSquared : 0, axisY: usable ? dy / lengthSquared : 0))
    }

    /// The paint for a radial gradient, in buffer pixels; nil when it draws nothing.
    func paint(for gradient: RadialGradient) -> GradientPaint? {
        let ramp = GradientRamp(gradient.colorStops, format: pixels.format, opacity: opacity)
        guard !ramp.isClear else { return nil }
        let usable = gradient.radius.isFinite && gradient.radius > 0 && gradient.center.x.isFinite && gradient.center.y.isFinite
        return GradientPaint(
            ramp: ramp,
            geometry: .radial(
                centerX: usable ? gradient.center.x + Double(translation.x) : 0, centerY: usable ? gradient.center.y + Double(translation.y) : 0,
                scale: usable ? 1 / gradient.radius : 0))
    }
}
