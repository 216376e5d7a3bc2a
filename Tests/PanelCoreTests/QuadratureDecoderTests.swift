import PanelCore
import Testing

/// The Gray sequence clockwise from 00.
private let clockwise: [(Bool, Bool)] = [(false, true), (true, true), (true, false), (false, false)]

private func turn(_ d: inout QuadratureDecoder, _ steps: [(Bool, Bool)]) -> [Int] {
    steps.map { d.update(a: $0.0, b: $0.1) }.filter { $0 != 0 }
}

@Suite("Quadrature decoding: a rotary encoder's detents, bounces and glitches never stepping backwards")
struct QuadratureDecoderTests {
    @Test("one full cycle clockwise is one detent forward, and the reverse one back")
    func fullCycle() {
        var d = QuadratureDecoder(a: false, b: false)
        #expect(turn(&d, clockwise) == [1])
        #expect(turn(&d, clockwise.reversed().dropFirst().map { $0 } + [(false, false)]) == [-1])
    }

    @Test("half-step encoders give a detent every half cycle")
    func halfStep() {
        var d = QuadratureDecoder(resolution: .halfStep, a: false, b: false)
        #expect(turn(&d, clockwise + clockwise) == [1, 1, 1, 1])
    }

    @Test("a bouncing contact on the way round adds and takes back a quarter step: still exactly one detent forward")
    func bounceNeverStepsBack() {
        var d = QuadratureDecoder(a: false, b: false)
        let bouncy: [(Bool, Bool)] = [
            (false, true), (false, false), (false, true), (true, true), (false, true), (true, true), (true, false), (true, true), (true, false),
            (false, false),
        ]
        #expect(turn(&d, bouncy) == [1])
    }

    @Test("both signals changing at once is a glitch, dropped and counted")
    func glitchDropped() {
        var d = QuadratureDecoder(a: false, b: false)
        #expect(d.update(a: true, b: true) == 0)
        #expect(d.glitches == 1)
    }

    @Test("a wobble that comes back to rest without a full cycle is no detent")
    func wobbleIsNothing() {
        var d = QuadratureDecoder(a: false, b: false)
        #expect(turn(&d, [(false, true), (true, true), (false, true), (false, false)]).isEmpty)
        #expect(turn(&d, clockwise) == [1])
    }

    @Test("200 detents with random bounces decode to 200 forward, none back")
    func manyDetentsWithBounces() {
        var generator = SystemRandomNumberGenerator()
        var d = QuadratureDecoder(a: false, b: false)
        var total = 0
        var backwards = 0
        var current = (false, false)
        for _ in 0 ..< 200 {
            for step in clockwise {
                if Bool.random(using: &generator) {
                    for edge in [step, current, step] {
                        let n = d.update(a: edge.0, b: edge.1)
                        total += n
                        if n < 0 { backwards += 1 }
                    }
                } else {
                    total += d.update(a: step.0, b: step.1)
                }
                current = step
            }
        }
        #expect(total == 200 && backwards == 0)
    }
}
