import PanelBench
import PanelCore
import PanelUI
import Testing

@MainActor
@Suite("Properties over random recognizer sets and random fingers")
struct GesturePropertyTests {
    static func randomRecognizer(_ rng: inout SeededGenerator) -> GestureRecognizer {
        let recognizer: GestureRecognizer
        switch Int.random(in: 0 ..< 7, using: &rng) {
        case 0: recognizer = TapGestureRecognizer()
        case 1:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = 2
            recognizer = tap
        case 2: recognizer = LongPressGestureRecognizer()
        case 3: recognizer = PanGestureRecognizer()
        case 4: recognizer = PinchGestureRecognizer()
        case 5: recognizer = RotationGestureRecognizer()
        default:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = [.left, .right, .up, .down]
            recognizer = swipe
        }
        recognizer.cancelsTouchesInView = Int.random(in: 0 ..< 4, using: &rng) != 0
        recognizer.delaysTouchesBegan = Int.random(in: 0 ..< 4, using: &rng) == 0
        recognizer.delaysTouchesEnded = Int.random(in: 0 ..< 4, using: &rng) != 0
        return recognizer
    }

    @Test("random recognizers and fingers: legal states, no action on failure, all back to possible, view touches end once", arguments: 0 ..< 30)
    func recognizerLifecycle(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &* 15_485_863 &+ 11)
        let bench = Bench()
        let ledger = Ledger()
        let background = LedgerView(id: 0, ledger: ledger, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        background.isMultipleTouchEnabled = true
        bench.window.addSubview(background)
        var views: [LedgerView] = [background]
        PropertyTests.buildTree(under: background, depth: 2, into: &views, ledger: ledger, rng: &rng)
        var recognizers: [GestureRecognizer] = []
        var badActions: [String] = []
        for _ in 0 ..< Int.random(in: 2 ... 8, using: &rng) {
            let recognizer = GesturePropertyTests.randomRecognizer(&rng)
            recognizer.addTarget(
                nil,
                action: .closure("check") { sender, _ in
                    guard let r = sender as? GestureRecognizer else { return }
                    if r.state == .failed || r.state == .possible { badActions.append("\(type(of: r)) acted in \(r.state)") }
                })
            let host: View = Int.random(in: 0 ..< 6, using: &rng) == 0 ? bench.window : views.randomElement(using: &rng)!
            host.addGestureRecognizer(recognizer)
            if let other = recognizers.randomElement(using: &rng), Int.random(in: 0 ..< 3, using: &rng) == 0 {
                recognizer.require(toFail: other)
            }
            recognizers.append(recognizer)
        }
        var down: [UInt8: Point] = [:]
        for _ in 0 ..< 120 {
            var changes: [(UInt8, Point?)] = []
            for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
                let finger = UInt8.random(in: 0 ..< 3, using: &rng)
                if changes.contains(where: { $0.0 == finger }) { continue }
                if let at = down[finger] {
                    if Int.random(in: 0 ..< 4, using: &rng) == 0 {
                        changes.append((finger, nil))
                        down[finger] = nil
                    } else {
                        let p = Point(
                            x: min(max(at.x + Double(Int.random(in: -40 ... 40, using: &rng)), 0), 799),
                            y: min(max(at.y + Double(Int.random(in: -40 ... 40, using: &rng)), 0), 479))
                        changes.append((finger, p))
                        down[finger] = p
                    }
                } else {
                    let p = Point(x: Double(Int.random(in: 0 ..< 800, using: &rng)), y: Double(Int.random(in: 0 ..< 480, using: &rng)))
                    changes.append((finger, p))
                    down[finger] = p
                }
            }
            if !changes.isEmpty { bench.report(changes) }
            if Int.random(in: 0 ..< 5, using: &rng) == 0 {
                bench.clock.advance(by: .milliseconds(Int64.random(in: 0 ... 700, using: &rng)))
                bench.app.runOnce()
            }
            if Int.random(in: 0 ..< 60, using: &rng) == 0 {
                recognizers.randomElement(using: &rng)!.isEnabled.toggle()
            }
            if Int.random(in: 0 ..< 80, using: &rng) == 0 { bench.app.cancelAllTouches() }
        }
        bench.report(down.keys.map { ($0, nil) })
        bench.clock.advance(by: .milliseconds(2000))
        bench.app.runOnce()

        #expect(badActions.isEmpty, "seed \(seed): \(badActions)")
        for recognizer in recognizers {
            #expect(recognizer.state == .possible, "seed \(seed): \(type(of: recognizer)) left in \(recognizer.state)")
        }
        var byIdentity: [UInt32: [String]] = [:]
        var viewOf: [UInt32: Set<Int>] = [:]
        for entry in ledger.entries {
            byIdentity[entry.identity, default: []].append(entry.phase)
            viewOf[entry.identity, default: []].insert(entry.view)
        }
        for (identity, phases) in byIdentity {
            #expect(viewOf[identity]!.count == 1, "seed \(seed): touch #\(identity) went to several views")
            #expect(phases.first == "began", "seed \(seed): touch #\(identity) phases \(phases)")
            let terminal = phases.filter { $0 == "ended" || $0 == "cancelled" }
            #expect(terminal.count == 1 && phases.last == terminal.first, "seed \(seed): touch #\(identity) phases \(phases)")
        }
        // No touch leaked out of the pool: 30 more taps still find free touches.
        for i in 0 ..< 30 { bench.tap(Double(10 + i), 10) }
        bench.clock.advance(by: .milliseconds(2000))
        bench.app.runOnce()
        #expect(bench.app.droppedTouchCount == 0, "seed \(seed): touches leaked from the pool")
    }
}
