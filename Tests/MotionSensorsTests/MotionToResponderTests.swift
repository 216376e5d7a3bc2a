import MotionSensors
import PanelBench
import PanelCore
import PanelPlatform
import PanelUI
import Testing

/// A first responder that records motion.
@MainActor
private final class MotionLog: View {
    var entries: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { entries.append("began \(motion)") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { entries.append("ended \(motion)") }
}

@Suite("Motion from a real source: the LIS3DH on the mock bus, shaken, reaches the first responder")
@MainActor
struct MotionToResponderTests {
    @Test("shaking the emulated accelerometer gives the first responder motionBegan and motionEnded with .motionShake")
    func shakeReachesFirstResponder() throws {
        let clock = ManualClock()
        let app = Application(clock: clock)
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let log = MotionLog(frame: window.bounds)
        window.addSubview(log)
        _ = log.becomeFirstResponder()

        let chip = LIS3DHEmulator()
        var sensor = LIS3DH(bus: chip)
        try sensor.start()
        var detector = ShakeDetector()
        // 3 s at 100 Hz: still, shaken at 4 Hz for a second, still.
        for tick in 0 ..< 300 {
            let t = Int64(tick) * 10
            let shaken = t >= 1000 && t < 2000
            chip.set(x: shaken ? ((t / 125) % 2 == 0 ? 1.8 : -1.8) : 0, y: 0, z: 1)
            clock.advance(by: .milliseconds(10))
            let sample = try sensor.read(at: clock.now)
            switch detector.add(sample) {
            case .began?: app.handle(.shake(.began, timestamp: sample.timestamp))
            case .ended?: app.handle(.shake(.ended, timestamp: sample.timestamp))
            case nil: break
            }
        }
        #expect(log.entries == ["began motionShake", "ended motionShake"])
    }
}
