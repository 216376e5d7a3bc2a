import MotionSensors
import PanelCore
import Testing

/// Samples at 100 Hz from `start` ms: `value(t)` in g on x, gravity on z.
private func samples(from start: Int64, milliseconds: Int64, _ value: (Int64) -> Double) -> [Acceleration] {
    stride(from: start, to: start + milliseconds, by: 10).map { t in
        Acceleration(x: value(t), y: 0, z: 1, timestamp: MonotonicInstant(nanoseconds: UInt64(t) * 1_000_000))
    }
}

private func feed(_ d: inout ShakeDetector, _ samples: [Acceleration]) -> [ShakeDetector.Event] {
    samples.compactMap { d.add($0) }
}

@Suite("Shake detection: a back-and-forth shake begins and ends once; gravity, tilts and knocks do not count")
struct ShakeDetectorTests {
    @Test("a 4 Hz shake of ±2 g begins a shake within half a second and ends it after the quiet time")
    func shakeBeginsAndEnds() {
        var d = ShakeDetector()
        _ = feed(&d, samples(from: 0, milliseconds: 1000) { _ in 0 })
        let shaking = feed(&d, samples(from: 1000, milliseconds: 1000) { t in (t / 125) % 2 == 0 ? 2 : -2 })
        #expect(shaking == [.began])
        let still = feed(&d, samples(from: 2000, milliseconds: 1000) { _ in 0 })
        #expect(still == [.ended])
    }

    @Test("lying still and a slow tilt are no shake")
    func tiltIsNoShake() {
        var d = ShakeDetector()
        let events = feed(&d, samples(from: 0, milliseconds: 3000) { t in Double(t) / 3000 })
        #expect(events.isEmpty)
    }

    @Test("a single knock is one peak, not a shake")
    func knockIsNoShake() {
        var d = ShakeDetector()
        _ = feed(&d, samples(from: 0, milliseconds: 1000) { _ in 0 })
        let events = feed(&d, samples(from: 1000, milliseconds: 1000) { t in t < 1030 ? 3 : 0 })
        #expect(events.isEmpty)
    }

    @Test("non-finite samples are ignored, never a trap")
    func nonFiniteIgnored() {
        var d = ShakeDetector()
        #expect(d.add(Acceleration(x: .nan, y: .infinity, z: 1, timestamp: .zero)) == nil)
        #expect(!d.isShaking)
    }
}
