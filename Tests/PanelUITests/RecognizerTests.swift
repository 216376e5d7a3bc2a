import PanelBench
import PanelCore
import PanelUI
import Testing

@MainActor
@Suite("Swipe, pinch, rotation and screen-edge pan (A33, A35–A37, B17, B18, C7, C8, E15, E16, E21)")
struct RecognizerTests {
    @Test("B17 a fast rightward drag is a swipe during the move: touchesCancelled, then one action")
    func fastDragIsSwipe() {
        let bench = Bench()
        let swipe = SwipeGestureRecognizer()
        var startedAt: Point?
        swipe.addTarget(nil, action: .closure("where") { sender, _ in startedAt = (sender as! GestureRecognizer).location(in: nil) })
        bench.view(with: swipe, "W")
        bench.down(20, 100)
        bench.move(40, 102)
        bench.move(80, 104)
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.cancelled(1)", "act(W,ended)"])
        bench.move(120, 104)
        bench.up()
        #expect(bench.log.entries.count == 4)
        #expect(startedAt == Point(x: 20, y: 100))  // a swipe's location is where it started
    }

    @Test("B17 a leftward drag fails a right swipe, and the view gets the whole touch")
    func swipeFailsInTheWrongDirection() {
        let bench = Bench()
        bench.view(with: SwipeGestureRecognizer(), "W")
        bench.down(200, 100)
        bench.move(150, 100)
        bench.up()
        #expect(bench.log.entries == ["V.began(1)", "V.moved(1)", "V.ended(1)"])
    }

    @Test("B17 a rightward drag too slow for a swipe fails it, and the view's ended arrives")
    func swipeFailsWhenTooSlow() {
        let bench = Bench()
        bench.view(with: SwipeGestureRecognizer(), "W")
        bench.frameInterval = 200
        bench.down(20, 100)
        bench.move(35, 100)
        bench.move(50, 100)
        bench.move(90, 100)
        bench.up()
        #expect(!bench.log.entries.contains("act(W,ended)") && bench.log.entries.last == "V.ended(1)")
    }

    @Test(
        "E15 a swipe with combined directions recognizes a swipe in either, up being towards the top of the screen",
        arguments: [
            (Point(x: 150, y: 250), Point(x: 150, y: 190)),  // up: y decreases
            (Point(x: 250, y: 150), Point(x: 190, y: 150)),  // left
        ])
    func swipeDirections(from start: Point, to end: Point) {
        let bench = Bench()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.up, .left]
        bench.view(with: swipe, "W")
        bench.down(start.x, start.y)
        bench.move(end.x, end.y)
        bench.up()
        #expect(bench.log.entries.filter { $0.hasPrefix("act") } == ["act(W,ended)"])
    }

    /// A pinch on a logged view that records every scale its action sees, driven by two fingers
    /// that land 100 pt apart, spread to 200 pt, close to 150 pt and lift.
    private func spreadAndLift(_ bench: Bench) -> [Double] {
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        pinch.addTarget(nil, action: .closure("scale") { sender, _ in scales.append((sender as! PinchGestureRecognizer).scale) })
        bench.view(with: pinch, "Z")
        bench.down(100, 100, finger: 0)
        bench.down(200, 100, finger: 1)
        bench.move(300, 100, finger: 1)
        bench.move(250, 100, finger: 1)
        bench.report([(0, nil), (1, nil)])
        return scales
    }

    @Test("B18 a pinch's second finger goes only to the recognizer, and the view's first touch is cancelled when it begins")
    func pinchGetsSecondFingerOnly() {
        let bench = Bench()
        _ = spreadAndLift(bench)
        #expect(bench.log.entries == ["V.began(1)", "V.cancelled(1)", "act(Z,began)", "act(Z,changed)", "act(Z,ended)"])
    }

    @Test("C7 a pinch's scale is the distance now over the distance when it began, not a per-change delta")
    func pinchScaleIsAbsolute() {
        #expect(spreadAndLift(Bench()) == [2, 1.5, 1.5])
    }

    @Test("C8 a single finger never starts a pinch")
    func pinchNeedsTwoFingers() {
        let bench = Bench()
        let pinch = PinchGestureRecognizer()
        bench.view(with: pinch, "Z")
        bench.down(100, 100)
        bench.move(150, 100)
        #expect(pinch.state == .possible && pinch.scale == 1)
    }

    @Test("E16 a pinch with one finger lifted stays active without changes until both are up")
    func pinchWaitsForBothFingers() {
        let bench = Bench()
        let pinch = PinchGestureRecognizer()
        bench.view(with: pinch, "Z")
        bench.down(100, 100, finger: 0)
        bench.down(200, 100, finger: 1)
        bench.move(300, 100, finger: 1)
        bench.up(finger: 1)
        bench.move(50, 100, finger: 0)
        let activeWithOneFinger = pinch.state == .began
        bench.up(finger: 0)
        #expect(activeWithOneFinger && bench.log.entries.filter { $0.hasPrefix("act") } == ["act(Z,began)", "act(Z,ended)"])
    }

    @Test("A36 rotation: radians since the start, clockwise positive, begins after 5°")
    func rotation() {
        let bench = Bench()
        let rotation = RotationGestureRecognizer()
        var angles: [Double] = []
        rotation.addTarget(nil, action: .closure("angle") { sender, _ in angles.append((sender as! RotationGestureRecognizer).rotation) })
        bench.view(with: rotation, "R")
        bench.down(100, 100, finger: 0)
        bench.down(200, 100, finger: 1)
        bench.move(200, 102, finger: 1)  // about 1.1°: not yet
        #expect(rotation.state == .possible)
        bench.move(100, 200, finger: 1)  // a quarter turn clockwise on screen
        bench.report([(0, nil), (1, nil)])
        #expect(angles.count == 2)
        #expect(abs(angles[0] - Double.pi / 2) < 1e-6)
    }

    @Test("a rotation reports the angle between the fingers in every quadrant")
    func arctangentAccuracy() {
        let cases: [(Double, Double, Double)] = [
            (0, 1, 0), (1, 1, Double.pi / 4), (1, 0, Double.pi / 2), (1, -1, 3 * Double.pi / 4),
            (0, -1, Double.pi), (-1, -1, -3 * Double.pi / 4), (-1, 0, -Double.pi / 2), (-1, 1, -Double.pi / 4),
            (1, 2, 0.4636476090008061), (2, 1, 1.1071487177940904),
        ]
        for (y, x, expected) in cases {
            #expect(abs(PanelUITestsSupport.atan2(y, x) - expected) < 1e-9, "atan2(\(y), \(x))")
        }
    }

    @Test("E21 a screen-edge pan needs edges set, a start within 20 pt of one, and motion away from it")
    func screenEdge() {
        let bench = Bench()
        let edge = ScreenEdgePanGestureRecognizer()
        watch(edge, "E", bench.log)
        bench.window.addGestureRecognizer(edge)
        bench.down(5, 200)
        bench.move(60, 200)
        bench.up()
        #expect(bench.log.entries.isEmpty)  // no edges by default
        edge.edges = .left
        bench.down(5, 200)
        bench.move(60, 205)
        bench.up()
        #expect(bench.log.entries == ["act(E,began)", "act(E,ended)"])
        bench.log.clear()
        bench.down(50, 200)  // too far from the edge
        bench.move(120, 200)
        bench.up()
        bench.down(5, 200)  // along the edge, not away from it
        bench.move(8, 260)
        bench.up()
        #expect(bench.log.entries.isEmpty)
    }
}

/// Test access to the rotation recognizer's angle through its public behaviour: a rotation
/// recognizer's reported rotation for two touches is atan2 of their offset.
@MainActor
enum PanelUITestsSupport {
    static func atan2(_ y: Double, _ x: Double) -> Double {
        let bench = Bench()
        let rotation = RotationGestureRecognizer()
        rotation.minimumRotation = 0
        bench.add(View(frame: Rect(x: 0, y: 0, width: 800, height: 480))).addGestureRecognizer(rotation)
        // Finger 0 at the centre, finger 1 on the positive x axis, then at (x, y).
        bench.down(400, 240, finger: 0)
        bench.down(500, 240, finger: 1)
        bench.move(400 + 100 * x, 240 + 100 * y, finger: 1)
        let angle = rotation.rotation
        bench.report([(0, nil), (1, nil)])
        // Rotation is accumulated by steps of less than π; map the result into (−π, π].
        return angle > Double.pi ? angle - 2 * Double.pi : angle
    }
}
