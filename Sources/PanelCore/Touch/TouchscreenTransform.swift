/// How the UI is turned relative to the panel's native (scan-out) orientation, clockwise.
public enum Rotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// The UI uses the panel's native orientation.
    case degrees0 = 0
    /// The UI is turned a quarter turn clockwise: its top edge lies along the panel's right edge.
    case degrees90 = 90
    /// The UI is upside down.
    case degrees180 = 180
    /// The UI is turned a quarter turn counter-clockwise: its top edge lies along the panel's
    /// left edge.
    case degrees270 = 270

    public var description: String { "\(rawValue)°" }
}

/// The affine map from measured panel coordinates to true panel coordinates that a
/// 3-point calibration produces, in the form tslib stores in `pointercal`:
///
///     x' = (a0·x + a1·y + a2) / scale
///     y' = (a3·x + a4·y + a5) / scale
///
/// tslib writes these to `pointercal` as seven integers, `xx xy x0 yx yy y0 scale`
/// (a0 … a5 multiplied by the scale, usually 65536); ``init(pointercal:)`` reads that order.
public struct CalibrationMatrix: Hashable, Sendable {
    /// The coefficients a0 … a5 (see the type's discussion), already divided by the scale.
    public var a0, a1, a2, a3, a4, a5: Double

    /// Creates a matrix from coefficients already divided by the scale.
    public init(a0: Double, a1: Double, a2: Double, a3: Double, a4: Double, a5: Double) {
        (self.a0, self.a1, self.a2, self.a3, self.a4, self.a5) = (a0, a1, a2, a3, a4, a5)
    }

    /// The identity map.
    public static let identity = CalibrationMatrix(a0: 1, a1: 0, a2: 0, a3: 0, a4: 1, a5: 0)

    /// Reads tslib's seven `pointercal` integers (`xx xy x0 yx yy y0 scale`).
    /// Returns nil when the scale is 0.
    public init?(pointercal values: (Int, Int, Int, Int, Int, Int, Int)) {
        let scale = Double(values.6)
        guard scale != 0 else { return nil }
        self.init(
            a0: Double(values.0) / scale, a1: Double(values.1) / scale, a2: Double(values.2) / scale,
            a3: Double(values.3) / scale, a4: Double(values.4) / scale, a5: Double(values.5) / scale)
    }

    /// The seven `pointercal` integers for this matrix, with tslib's scale of 65536
    /// (saturated to `Int`'s range; NaN becomes 0).
    public var pointercal: (Int, Int, Int, Int, Int, Int, Int) {
        let s = 65536.0
        return (
            Int(saturating: a0 * s), Int(saturating: a1 * s), Int(saturating: a2 * s),
            Int(saturating: a3 * s), Int(saturating: a4 * s), Int(saturating: a5 * s), 65536
        )
    }

    /// Solves the matrix from three pairs of (measured, target) points, as tslib's
    /// `ts_calibrate` does (exactly, for three points).
    ///
    /// - Returns: nil when the three measured points are collinear (the calibration cannot be
    ///   solved: touch three corners that are not on one line).
    public init?(measured: (Point, Point, Point), targets: (Point, Point, Point)) {
        let (m0, m1, m2) = measured
        let (t0, t1, t2) = targets
        let det = m0.x * (m1.y - m2.y) - m0.y * (m1.x - m2.x) + (m1.x * m2.y - m2.x * m1.y)
        guard det.magnitude > 1e-9 else { return nil }
        func solve(_ v0: Double, _ v1: Double, _ v2: Double) -> (Double, Double, Double) {
            // Cramer's rule for [x y 1]·[a b c]ᵀ = v over the three measured points.
            let a = (v0 * (m1.y - m2.y) - m0.y * (v1 - v2) + (v1 * m2.y - v2 * m1.y)) / det
            let b = (m0.x * (v1 - v2) - v0 * (m1.x - m2.x) + (m1.x * v2 - m2.x * v1)) / det
            let c = (m0.x * (m1.y * v2 - m2.y * v1) - m0.y * (m1.x * v2 - m2.x * v1) + v0 * (m1.x * m2.y - m2.x * m1.y)) / det
            return (a, b, c)
        }
        let (a0, a1, a2) = solve(t0.x, t1.x, t2.x)
        let (a3, a4, a5) = solve(t0.y, t1.y, t2.y)
        self.init(a0: a0, a1: a1, a2: a2, a3: a3, a4: a4, a5: a5)
    }

    /// Applies the matrix to a point.
    public func apply(_ p: Point) -> Point {
        Point(x: a0 * p.x + a1 * p.y + a2, y: a3 * p.x + a4 * p.y + a5)
    }
}

/// Maps controller coordinates to UI coordinates. Every driver calls ``apply(x:y:)``, the one
/// place where these rules live (as Linux `touchscreen.c` and Zephyr `input_touch.c`):
///
/// 1. **Invert** against the controller's maximum coordinate (`size − 1`, the Linux rule, not
///    Zephyr's `size`): x becomes `controllerWidth − 1 − x`.
/// 2. **Swap** x and y (`touchscreen-swapped-x-y`), *after* inverting. The controller's extents
///    swap with them.
/// 3. **Scale** from controller resolution to panel resolution so that 0 maps to 0 and the
///    controller's maximum maps to the panel's last pixel.
/// 4. **Calibrate** with a ``CalibrationMatrix`` (panel coordinates → panel coordinates).
/// 5. **Rotate** to the UI orientation (``Rotation``); 90° maps panel (x, y) to UI
///    (y, panelWidth − 1 − x).
///
/// The result is clamped to the UI's bounds, so a calibrated edge touch still lands on the
/// edge view.
public struct TouchscreenTransform: Hashable, Sendable {
    /// Controller resolution along its own x axis (maximum coordinate + 1).
    public var controllerWidth: Int
    /// Controller resolution along its own y axis (maximum coordinate + 1).
    public var controllerHeight: Int
    /// Panel width in pixels, native orientation.
    public var panelWidth: Int
    /// Panel height in pixels, native orientation.
    public var panelHeight: Int
    /// `touchscreen-inverted-x`: mirror the controller's x axis.
    public var invertX: Bool
    /// `touchscreen-inverted-y`: mirror the controller's y axis.
    public var invertY: Bool
    /// `touchscreen-swapped-x-y`: swap the axes after inverting.
    public var swapXY: Bool
    /// The UI rotation relative to the panel.
    public var rotation: Rotation
    /// A calibration applied in panel coordinates; nil for none.
    public var calibration: CalibrationMatrix?

    /// Creates a transform. The panel size defaults to the controller resolution (after a swap).
    public init(
        controllerWidth: Int, controllerHeight: Int,
        panelWidth: Int? = nil, panelHeight: Int? = nil,
        invertX: Bool = false, invertY: Bool = false, swapXY: Bool = false,
        rotation: Rotation = .degrees0, calibration: CalibrationMatrix? = nil
    ) {
        precondition(controllerWidth > 0 && controllerHeight > 0, "controller resolution must be positive")
        self.controllerWidth = controllerWidth
        self.controllerHeight = controllerHeight
        self.panelWidth = panelWidth ?? (swapXY ? controllerHeight : controllerWidth)
        self.panelHeight = panelHeight ?? (swapXY ? controllerWidth : controllerHeight)
        precondition(self.panelWidth > 0 && self.panelHeight > 0, "panel size must be positive")
        self.invertX = invertX
        self.invertY = invertY
        self.swapXY = swapXY
        self.rotation = rotation
        self.calibration = calibration
    }

    /// The UI's size after rotation.
    public var uiSize: Size {
        switch rotation {
        case .degrees0, .degrees180: Size(width: panelWidth, height: panelHeight)
        case .degrees90, .degrees270: Size(width: panelHeight, height: panelWidth)
        }
    }

    /// Whether a raw coordinate lies inside the controller's resolution.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < controllerWidth && y < controllerHeight
    }

    /// Maps raw controller coordinates to panel coordinates (steps 1–4), without rotation.
    public func panelPoint(x rawX: Int, y rawY: Int) -> Point {
        var x = rawX
        var y = rawY
        if invertX { x = controllerWidth - 1 - x }
        if invertY { y = controllerHeight - 1 - y }
        var sourceWidth = controllerWidth
        var sourceHeight = controllerHeight
        if swapXY {
            swap(&x, &y)
            swap(&sourceWidth, &sourceHeight)
        }
        var p = Point(
            x: Self.scale(x, from: sourceWidth, to: panelWidth),
            y: Self.scale(y, from: sourceHeight, to: panelHeight))
        if let calibration { p = calibration.apply(p) }
        return p
    }

    /// Maps raw controller coordinates to UI coordinates: the one function every driver uses.
    /// The result is always on the panel, whatever the coordinates and the calibration (a
    /// non-finite result of an absurd calibration lands on an edge, NaN on 0).
    public func apply(x rawX: Int, y rawY: Int) -> Point {
        let p = panelPoint(x: rawX, y: rawY)
        let maxX = Double(panelWidth - 1)
        let maxY = Double(panelHeight - 1)
        return uiPoint(fromPanel: Point(x: p.x.clamped(toZeroThrough: maxX), y: p.y.clamped(toZeroThrough: maxY)))
    }

    /// A panel point (native orientation, after calibration) turned by ``rotation`` into UI
    /// points: the last step of ``apply(x:y:)``.
    public func uiPoint(fromPanel p: Point) -> Point {
        let maxX = Double(panelWidth - 1)
        let maxY = Double(panelHeight - 1)
        switch rotation {
        case .degrees0: return p
        case .degrees90: return Point(x: p.y, y: maxX - p.x)
        case .degrees180: return Point(x: maxX - p.x, y: maxY - p.y)
        case .degrees270: return Point(x: maxY - p.y, y: p.x)
        }
    }

    /// The inverse of ``uiPoint(fromPanel:)``: a UI point in the panel's own orientation, where
    /// calibration applies.
    public func panelPoint(fromUI point: Point) -> Point {
        let maxX = Double(panelWidth - 1)
        let maxY = Double(panelHeight - 1)
        switch rotation {
        case .degrees0: return point
        case .degrees90: return Point(x: maxX - point.y, y: point.x)
        case .degrees180: return Point(x: maxX - point.x, y: maxY - point.y)
        case .degrees270: return Point(x: point.y, y: maxY - point.x)
        }
    }

    /// The controller coordinate that ``apply(x:y:)`` maps to `point` (rounded to the nearest
    /// integer and clamped to the controller's range): the inverse transform, used to play a
    /// recorded trace, written in UI points, into an emulated chip, and to place emulated
    /// fingers on the bench. Returns nil when the calibration matrix cannot be inverted.
    public func controllerPoint(for point: Point) -> (x: Int, y: Int)? {
        var p = panelPoint(fromUI: point)
        // Undo the calibration.
        if let c = calibration {
            let det = c.a0 * c.a4 - c.a1 * c.a3
            guard det.magnitude > 1e-12 else { return nil }
            let dx = p.x - c.a2, dy = p.y - c.a5
            p = Point(x: (c.a4 * dx - c.a1 * dy) / det, y: (c.a0 * dy - c.a3 * dx) / det)
        }
        // Undo the scale, then the swap, then the inversion.
        let sourceWidth = swapXY ? controllerHeight : controllerWidth
        let sourceHeight = swapXY ? controllerWidth : controllerHeight
        var x = Self.unscale(p.x, from: sourceWidth, to: panelWidth)
        var y = Self.unscale(p.y, from: sourceHeight, to: panelHeight)
        if swapXY { swap(&x, &y) }
        x = min(max(x, 0), controllerWidth - 1)
        y = min(max(y, 0), controllerHeight - 1)
        if invertX { x = controllerWidth - 1 - x }
        if invertY { y = controllerHeight - 1 - y }
        return (x, y)
    }

    private static func unscale(_ v: Double, from source: Int, to target: Int) -> Int {
        if source == target || source <= 1 || target <= 1 { return Int(saturating: v) }
        return Int(saturating: v * Double(source - 1) / Double(target - 1))
    }

    private static func scale(_ v: Int, from source: Int, to target: Int) -> Double {
        if source == target || source <= 1 { return Double(v) }
        return Double(v) * Double(target - 1) / Double(source - 1)
    }
}
