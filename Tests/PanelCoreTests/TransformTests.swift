import PanelCore
import Testing

@Suite("Touchscreen transform")
struct TransformTests {
    @Test("passthrough keeps 0 and size − 1 at the edges")
    func passthrough() {
        let t = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
        #expect(t.apply(x: 0, y: 0) == Point(x: 0, y: 0))
        #expect(t.apply(x: 319, y: 479) == Point(x: 319, y: 479))
    }

    @Test("inversion is against size − 1, the Linux rule", arguments: [(0, 319), (319, 0), (100, 219)])
    func invertX(raw: Int, expected: Int) {
        let t = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480, invertX: true)
        #expect(t.apply(x: raw, y: 7) == Point(x: expected, y: 7))
    }

    @Test("swap happens after inversion")
    func swapAfterInvert() {
        let t = TouchscreenTransform(controllerWidth: 480, controllerHeight: 320, invertX: true, swapXY: true)
        // invert x against 479: 10 → 469; then swap: (469, 20) → (20, 469)
        #expect(t.uiSize == Size(width: 320, height: 480))
        #expect(t.apply(x: 10, y: 20) == Point(x: 20, y: 469))
        #expect(t.apply(x: 0, y: 0) == Point(x: 0, y: 479))
        #expect(t.apply(x: 479, y: 319) == Point(x: 319, y: 0))
    }

    @Test("scaling maps controller edges to panel edges")
    func scaling() {
        let t = TouchscreenTransform(controllerWidth: 4096, controllerHeight: 4096, panelWidth: 800, panelHeight: 480)
        #expect(t.apply(x: 0, y: 0) == Point(x: 0, y: 0))
        #expect(t.apply(x: 4095, y: 4095) == Point(x: 799, y: 479))
        #expect(abs(t.apply(x: 2048, y: 2048).x - 399.6) < 0.05)
    }

    @Test(
        "every rotation maps the panel's corners to the UI's corners",
        arguments: [
            (Rotation.degrees0, [Point(x: 0, y: 0), Point(x: 799, y: 0), Point(x: 0, y: 479), Point(x: 799, y: 479)]),
            (Rotation.degrees90, [Point(x: 0, y: 799), Point(x: 0, y: 0), Point(x: 479, y: 799), Point(x: 479, y: 0)]),
            (Rotation.degrees180, [Point(x: 799, y: 479), Point(x: 0, y: 479), Point(x: 799, y: 0), Point(x: 0, y: 0)]),
            (Rotation.degrees270, [Point(x: 479, y: 0), Point(x: 479, y: 799), Point(x: 0, y: 0), Point(x: 0, y: 799)]),
        ])
    func rotations(rotation: Rotation, expected: [Point]) {
        let t = TouchscreenTransform(controllerWidth: 800, controllerHeight: 480, rotation: rotation)
        let corners = [(0, 0), (799, 0), (0, 479), (799, 479)].map { t.apply(x: $0.0, y: $0.1) }
        #expect(corners == expected)
        let size = t.uiSize
        for c in corners { #expect(c.x >= 0 && c.x <= size.width - 1 && c.y >= 0 && c.y <= size.height - 1) }
    }

    @Test("a 3-point calibration is solved exactly and applied in panel coordinates")
    func calibration() throws {
        // The panel reads 10 % too large and 5 px to the right.
        let targets = (Point(x: 40, y: 40), Point(x: 760, y: 240), Point(x: 400, y: 440))
        let measured = (Point(x: 49, y: 44), Point(x: 841, y: 264), Point(x: 445, y: 484))
        let m = try #require(CalibrationMatrix(measured: measured, targets: targets))
        for (meas, target) in [(measured.0, targets.0), (measured.1, targets.1), (measured.2, targets.2)] {
            let p = m.apply(meas)
            #expect(abs(p.x - target.x) < 1e-6 && abs(p.y - target.y) < 1e-6)
        }
        let t = TouchscreenTransform(controllerWidth: 800, controllerHeight: 480, calibration: m)
        #expect(t.apply(x: 841, y: 264) == Point(x: 760, y: 240))
        // Calibrated points are clamped into the panel.
        #expect(t.apply(x: 0, y: 0) == Point(x: 0, y: 0))
    }

    @Test("pointercal integers round-trip with tslib's scale")
    func pointercal() throws {
        let m = CalibrationMatrix(a0: 0.5, a1: 0, a2: 12, a3: 0, a4: 2, a5: -3)
        let ints = m.pointercal
        #expect(ints.0 == 32768 && ints.2 == 786432 && ints.4 == 131072 && ints.6 == 65536)
        let back = try #require(CalibrationMatrix(pointercal: ints))
        #expect(back == m)
        #expect(CalibrationMatrix(pointercal: (1, 0, 0, 0, 1, 0, 0)) == nil)
    }

    @Test("collinear calibration points cannot be solved")
    func collinear() {
        let p = (Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2))
        #expect(CalibrationMatrix(measured: p, targets: p) == nil)
    }
}

@Suite("Geometry and time")
struct GeometryTests {
    @Test("rect containment excludes the maximum edges and intersection clips")
    func rect() {
        let r = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(r.contains(Point(x: 10, y: 10)))
        #expect(!r.contains(Point(x: 30, y: 15)))
        #expect(r.intersection(Rect(x: 20, y: 0, width: 100, height: 15)) == Rect(x: 20, y: 10, width: 10, height: 5))
        #expect(r.intersection(Rect(x: 100, y: 100, width: 1, height: 1)).isEmpty)
        #expect(r.union(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(Rect(x: 10, y: 10, width: -5, height: 5).standardized == Rect(x: 5, y: 10, width: 5, height: 5))
    }

    @Test("monotonic instants add, subtract and saturate")
    func time() {
        let t = MonotonicInstant(nanoseconds: 5_000_000)
        #expect((t + .milliseconds(3)).nanoseconds == 8_000_000)
        #expect((t - .milliseconds(10)) == .zero)
        #expect(MonotonicInstant.zero - t == .milliseconds(-5))
        #expect(MonotonicDuration(Duration.milliseconds(20)) == .milliseconds(20))
        #expect(MonotonicDuration.seconds(0.35).nanoseconds == 350_000_000)
    }

    @Test(
        "controllerPoint inverts apply for every rotation, with swap, inversion, scaling and calibration",
        arguments: Rotation.allCases)
    func inverse(rotation: Rotation) {
        let calibration = CalibrationMatrix(a0: 1.03, a1: 0.01, a2: -6, a3: -0.02, a4: 0.98, a5: 4)
        for swap in [false, true] {
            let t = TouchscreenTransform(
                controllerWidth: 1024, controllerHeight: 600, panelWidth: swap ? 480 : 800, panelHeight: swap ? 800 : 480,
                invertX: true, invertY: false, swapXY: swap, rotation: rotation, calibration: calibration)
            for (x, y) in [(100, 100), (512, 300), (900, 550)] {
                let ui = t.apply(x: x, y: y)
                let back = t.controllerPoint(for: ui)
                #expect(back != nil)
                if let back {
                    // One UI point spans up to ~2.2 controller units here; the round trip lands within that.
                    #expect(abs(back.x - x) <= 2 && abs(back.y - y) <= 2, "\(rotation) swap \(swap): (\(x), \(y)) → \(ui) → \(back)")
                    #expect(t.apply(x: back.x, y: back.y).distance(to: ui) <= 1.5)
                }
            }
        }
    }

    @Test("controllerPoint clamps points off the panel to the controller's range")
    func inverseClamps() {
        let t = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)
        #expect(t.controllerPoint(for: Point(x: -50, y: 900))! == (0, 479))
    }

    @Test("uiPoint(fromPanel:) turns panel points as apply does, and panelPoint(fromUI:) undoes it", arguments: Rotation.allCases)
    func rotationHelpers(rotation: Rotation) {
        let t = TouchscreenTransform(controllerWidth: 800, controllerHeight: 480, rotation: rotation)
        for p in [Point(x: 0, y: 0), Point(x: 799, y: 0), Point(x: 120, y: 400)] {
            #expect(t.uiPoint(fromPanel: p) == t.apply(x: Int(p.x), y: Int(p.y)))
            #expect(t.panelPoint(fromUI: t.uiPoint(fromPanel: p)) == p)
        }
    }
}

@Suite("The transform never traps")
struct TransformRobustnessTests {
    let base = TouchscreenTransform(controllerWidth: 320, controllerHeight: 480)

    @Test(
        "any calibration, however absurd, maps a touch to a point on the panel",
        arguments: [1e300, -1e300, Double.nan, Double.infinity, 0])
    func absurdCalibration(value: Double) {
        var t = base
        t.calibration = CalibrationMatrix(a0: value, a1: value, a2: value, a3: value, a4: value, a5: value)
        let p = t.apply(x: 100, y: 200)
        #expect(p.x >= 0 && p.x <= 319 && p.y >= 0 && p.y <= 479, "\(p)")
    }

    @Test("the pointercal integers of any matrix saturate instead of trapping")
    func pointercalSaturates() {
        let m = CalibrationMatrix(a0: 1e300, a1: -1e300, a2: .nan, a3: .infinity, a4: 1, a5: 0)
        let p = m.pointercal
        #expect(p.0 == Int.max && p.1 == Int.min && p.2 == 0 && p.3 == Int.max && p.4 == 65536)
    }

    @Test(
        "the inverse transform clamps huge and non-finite UI points to the controller's range",
        arguments: [1e300, -1e300, Double.nan, Double.infinity])
    func inverseClamps(value: Double) {
        let raw = base.controllerPoint(for: Point(x: value, y: value))
        #expect(raw.map { $0.x >= 0 && $0.x < 320 && $0.y >= 0 && $0.y < 480 } ?? true)
    }
}
