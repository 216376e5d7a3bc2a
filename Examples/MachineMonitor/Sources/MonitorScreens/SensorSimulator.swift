import RealModule

/// Three simulated sensors of a press: spindle temperature (°C), hydraulic pressure (bar) and
/// vibration (mm/s). Each reading is a slow wave plus noise from a fixed-seed generator, so a
/// run (and its screenshots) is the same every time.
public struct SensorSimulator {
    private var seed: UInt32 = 2024
    /// Readings taken so far.
    public private(set) var tick = 0

    public init() {}

    /// The next readings.
    public mutating func next() -> (temperature: Double, pressure: Double, vibration: Double) {
        let t = Double(tick)
        tick += 1
        let temperature = 68 + 14 * Double.sin(t / 37) + 6 * Double.sin(t / 9) + noise(1.5)
        let pressure = 5.2 + 1.6 * Double.sin(t / 23 + 1) + noise(0.25)
        let vibration = 2.2 + 1.1 * Double.sin(t / 13 + 2) + noise(0.5)
        return (temperature, pressure, max(vibration, 0))
    }

    /// A value within ±`amplitude`.
    private mutating func noise(_ amplitude: Double) -> Double {
        seed = seed &* 1_103_515_245 &+ 12345
        return (Double((seed >> 16) & 0x7FFF) / 16383.5 - 1) * amplitude
    }
}
