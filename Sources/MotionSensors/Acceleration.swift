public import PanelCore

/// One accelerometer sample: the acceleration along each axis in g (9.81 m/s²), as the chip
/// measured it, and when it was read. At rest it is gravity: about 1 g pointing down.
public struct Acceleration: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double
    public var timestamp: MonotonicInstant

    public init(x: Double, y: Double, z: Double, timestamp: MonotonicInstant = .zero) {
        self.x = x
        self.y = y
        self.z = z
        self.timestamp = timestamp
    }

    /// The length of the vector, in g.
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}
