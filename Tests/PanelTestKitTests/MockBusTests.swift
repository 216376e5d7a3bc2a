import PanelBench
import PanelCore
import PanelTestKit
import Testing

@Suite("Mock bus and manual clock")
struct MockBusTests {
    @Test("matching transactions pass and verify finds nothing left")
    func matching() throws {
        var bus = MockI2CBus([.write(0x5D, [0x81, 0x4E, 0x00]), .writeRead(0x38, [0xA3], reply: [0x64])])
        try bus.write(to: .gt911Primary, bytes: [0x81, 0x4E, 0x00])
        var out: UInt8 = 0
        var cmd: UInt8 = 0xA3
        try withUnsafeBytes(of: &cmd) { c throws(I2CError) in
            try withUnsafeMutableBytes(of: &out) { o throws(I2CError) in try bus.writeRead(to: .ft6x06, c, into: o) }
        }
        #expect(out == 0x64)
        #expect(bus.remaining == 0)
        bus.verify()
    }

    @Test("an injected error is thrown with the address")
    func injected() {
        var bus = MockI2CBus([.write(0x38, [1]).failing(.arbitrationLoss)])
        #expect(throws: I2CError(.arbitrationLoss, address: .ft6x06)) { try bus.write(to: .ft6x06, bytes: [1]) }
        bus.verify()
    }

    @Test("a write where a combined write-read was expected is reported at the expectation")
    func mismatch() {
        withKnownIssue {
            var bus = MockI2CBus([.writeRead(0x38, [0x00], reply: [0])])
            #expect(throws: I2CError.self) { try bus.write(to: .ft6x06, bytes: [0x00]) }
            bus.verify()
        }
    }

    @Test("verify reports expectations that were never used")
    func unused() {
        withKnownIssue {
            let bus = MockI2CBus([.read(0x38, reply: [1])])
            bus.verify()
        }
    }

    @Test("manual clock timers fire in deadline order as time passes, and sleeping advances time")
    func clock() {
        let clock = ManualClock()
        var fired: [Int] = []
        clock.schedule(after: .milliseconds(20)) { _ in fired.append(2) }
        clock.schedule(after: .milliseconds(10)) { _ in fired.append(1) }
        let repeating = clock.schedule(at: clock.now + .milliseconds(15), repeating: .milliseconds(15)) { _ in fired.append(0) }
        clock.sleep(for: .milliseconds(31))
        #expect(fired == [1, 0, 2, 0])
        #expect(clock.now == MonotonicInstant(nanoseconds: 31_000_000))
        #expect(clock.cancel(repeating))
        clock.advance(by: .milliseconds(1000))
        #expect(fired.count == 4)
    }

    @Test("a mock line buffers edges with sequence numbers and kernel-style timestamps")
    func line() throws {
        let clock = ManualClock()
        let line = MockLine(name: "int", clock: clock)
        try line.configureAsInput(edges: .both, bias: .disabled)
        clock.schedule(after: .milliseconds(5)) { _ in line.devicePulse(active: .high, width: .milliseconds(1)) }
        let first = try #require(try line.waitForEdge(timeout: .milliseconds(10)))
        let second = try #require(try line.waitForEdge(timeout: .milliseconds(10)))
        #expect(first.kind == .rising && first.timestamp == MonotonicInstant(nanoseconds: 5_000_000) && first.sequence == 1)
        #expect(second.kind == .falling && second.sequence == 2)
        #expect(try line.waitForEdge(timeout: .milliseconds(10)) == nil)
        #expect(throws: GPIOError.self) { try line.set(.high) }
    }
}

@Suite("Touch scripts")
struct TouchScriptTests {
    @Test("a mapped script moves every waypoint and keeps the timing")
    func mapped() {
        let script = TouchScript(
            ScriptedFinger(1).down(at: Point(x: 10, y: 20), after: .milliseconds(5)).move(to: Point(x: 30, y: 20), over: .milliseconds(10)).lift())
        let doubled = script.mapped { Point(x: $0.x * 2, y: $0.y + 1) }
        let finger = doubled.fingers[0]
        #expect(finger.position(at: .milliseconds(5)) == Point(x: 20, y: 21))
        #expect(finger.position(at: .milliseconds(10)) == Point(x: 40, y: 21))
        #expect(finger.position(at: .milliseconds(16)) == nil)
        #expect(doubled.duration == script.duration)
        #expect(TouchScript(fingers: script.fingers).fingers.count == 1)
    }
}
