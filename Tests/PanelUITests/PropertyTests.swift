import PanelCore
import PanelUI
import Testing

/// A small deterministic generator (SplitMix64), so that a failing seed can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Records every touches call it receives: (identity, phase) per call.
@MainActor
final class LedgerView: View {
    let id: Int
    let ledger: Ledger
    init(id: Int, ledger: Ledger, frame: Rect) {
        self.id = id
        self.ledger = ledger
        super.init(frame: frame)
    }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { record(touches, "began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { record(touches, "moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { record(touches, "ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { record(touches, "cancelled") }
    private func record(_ touches: TouchSet, _ phase: String) {
        #expect(!touches.isEmpty)
        if !isMultipleTouchEnabled { #expect(touches.count == 1, "a view without multiple touch got \(touches.count) touches") }
        for touch in touches {
            #expect(touch.view === self, "touch #\(touch.identity) delivered to a view that is not its hit view")
            ledger.entries.append((touch.identity, id, phase))
        }
    }
}

@MainActor
final class Ledger {
    var entries: [(identity: UInt32, view: Int, phase: String)] = []
}

@MainActor
@Suite("Properties over random view trees and random fingers")
struct PropertyTests {
    /// Builds a random tree under `parent`.
    static func buildTree(
        under parent: View, depth: Int, into views: inout [LedgerView], ledger: Ledger,
        rng: inout SeededGenerator
    ) {
        let count = Int.random(in: 0 ... 4, using: &rng)
        for _ in 0 ..< count {
            let bounds = parent.bounds
            let w = Double(Int.random(in: 10 ... 300, using: &rng))
            let h = Double(Int.random(in: 10 ... 300, using: &rng))
            let x = bounds.minX + Double(Int.random(in: -40 ... Int(max(bounds.width, 1)), using: &rng))
            let y = bounds.minY + Double(Int.random(in: -40 ... Int(max(bounds.height, 1)), using: &rng))
            let view = LedgerView(id: views.count, ledger: ledger, frame: Rect(x: x, y: y, width: w, height: h))
            if Int.random(in: 0 ..< 5, using: &rng) == 0 {
                view.bounds.origin = Point(x: Double(Int.random(in: -20 ... 20, using: &rng)), y: Double(Int.random(in: -20 ... 20, using: &rng)))
            }
            switch Int.random(in: 0 ..< 12, using: &rng) {
            case 0: view.isHidden = true
            case 1: view.alpha = [0.0, 0.005, 0.01, 0.5].randomElement(using: &rng)!
            case 2: view.isUserInteractionEnabled = false
            case 3: view.isMultipleTouchEnabled = true
            case 4: view.isExclusiveTouch = true
            default: break
            }
            parent.addSubview(view)
            views.append(view)
            if depth > 0 { buildTree(under: view, depth: depth - 1, into: &views, ledger: ledger, rng: &rng) }
        }
    }

    /// The brute-force reference: the last view, in depth-first pre-order (back to front), that
    /// is eligible and whose ancestors are all eligible; a view is eligible when it is visible,
    /// interactive, has alpha ≥ 0.01 and contains the point. Absolute positions are accumulated
    /// here independently of View's conversion code.
    static func referenceHit(_ view: View, _ point: Point, origin: Point) -> View? {
        // `origin`: where this view's bounds-coordinate (0,0) lies in window coordinates.
        let local = Point(x: point.x - origin.x, y: point.y - origin.y)
        let inside =
            local.x >= view.bounds.minX && local.x < view.bounds.maxX
            && local.y >= view.bounds.minY && local.y < view.bounds.maxY
        guard !view.isHidden, view.isUserInteractionEnabled, view.alpha >= 0.01, inside else { return nil }
        var best: View = view
        for sub in view.subviews {
            let subOrigin = Point(
                x: origin.x + sub.frame.minX - sub.bounds.minX,
                y: origin.y + sub.frame.minY - sub.bounds.minY)
            if let hit = referenceHit(sub, point, origin: subOrigin) { best = hit }
        }
        return best
    }

    @Test("hitTest agrees with a brute-force reference on random trees", arguments: 0 ..< 40)
    func hitTestMatchesReference(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        let bench = Bench()
        let ledger = Ledger()
        var views: [LedgerView] = []
        PropertyTests.buildTree(under: bench.window, depth: 3, into: &views, ledger: ledger, rng: &rng)
        for _ in 0 ..< 200 {
            let point = Point(x: Double(Int.random(in: -10 ... 810, using: &rng)) + 0.5, y: Double(Int.random(in: -10 ... 490, using: &rng)))
            let expected = PropertyTests.referenceHit(bench.window, point, origin: .zero)
            let actual = bench.window.hitTest(point, with: nil)
            #expect(actual === expected, "seed \(seed): hitTest at \(point)")
        }
    }

    @Test("random fingers: each touch goes to one view for life and ends or is cancelled there exactly once", arguments: 0 ..< 40)
    func touchLifecycle(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let bench = Bench()
        let ledger = Ledger()
        // A background that is never removed or hidden, so every seed delivers touches.
        let background = LedgerView(id: 0, ledger: ledger, frame: Rect(x: 0, y: 0, width: 800, height: 480))
        background.isMultipleTouchEnabled = seed % 2 == 0
        bench.window.addSubview(background)
        var views: [LedgerView] = [background]
        PropertyTests.buildTree(under: bench.window, depth: 3, into: &views, ledger: ledger, rng: &rng)
        var down: [UInt8: Point] = [:]
        for _ in 0 ..< 150 {
            var changes: [(UInt8, Point?)] = []
            let operations = Int.random(in: 1 ... 3, using: &rng)
            for _ in 0 ..< operations {
                let finger = UInt8.random(in: 0 ..< 5, using: &rng)
                if changes.contains(where: { $0.0 == finger }) { continue }
                if down[finger] != nil && Bool.random(using: &rng) {
                    if Int.random(in: 0 ..< 3, using: &rng) == 0 {
                        changes.append((finger, nil))
                        down[finger] = nil
                    } else {
                        let p = Point(x: Double(Int.random(in: 0 ..< 800, using: &rng)), y: Double(Int.random(in: 0 ..< 480, using: &rng)))
                        changes.append((finger, p))
                        down[finger] = p
                    }
                } else if down[finger] == nil {
                    let p = Point(x: Double(Int.random(in: 0 ..< 800, using: &rng)), y: Double(Int.random(in: 0 ..< 480, using: &rng)))
                    changes.append((finger, p))
                    down[finger] = p
                }
            }
            if !changes.isEmpty { bench.report(changes) }
            switch Int.random(in: 0 ..< 40, using: &rng) {
            case 0:
                if let victim = views.dropFirst().randomElement(using: &rng) { victim.removeFromSuperview() }
            case 1:
                bench.app.cancelAllTouches()
            case 2:
                if let victim = views.dropFirst().randomElement(using: &rng) { victim.isHidden.toggle() }
            default: break
            }
        }
        bench.report(down.keys.map { ($0, nil) })

        var byIdentity: [UInt32: [(view: Int, phase: String)]] = [:]
        for entry in ledger.entries { byIdentity[entry.identity, default: []].append((entry.view, entry.phase)) }
        #expect(!byIdentity.isEmpty)
        for (identity, calls) in byIdentity {
            let viewIDs = Set(calls.map(\.view))
            #expect(viewIDs.count == 1, "seed \(seed): touch #\(identity) went to views \(viewIDs)")
            let phases = calls.map(\.phase)
            #expect(phases.first == "began", "seed \(seed): touch #\(identity) phases \(phases)")
            let terminal = phases.filter { $0 == "ended" || $0 == "cancelled" }
            #expect(terminal.count == 1, "seed \(seed): touch #\(identity) phases \(phases)")
            #expect(phases.last == terminal.first, "seed \(seed): touch #\(identity) got calls after its end: \(phases)")
            #expect(phases.dropFirst().dropLast().allSatisfy { $0 == "moved" }, "seed \(seed): touch #\(identity) phases \(phases)")
        }
        #expect(bench.window.touchesEvent.allTouches.isEmpty)
    }
}
