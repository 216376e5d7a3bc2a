/// Decodes a rotary encoder's two quadrature signals (A and B, 90° apart) into detents.
///
/// Each change of A or B is a quarter step, forward or back by the Gray-code order
/// (00 → 01 → 11 → 10 → 00 is one way round). A change of both at once is impossible for a
/// real encoder and is dropped as a glitch. Quarter steps are summed and a detent is reported
/// only when the signals come back to a resting position, so a contact that bounces adds and
/// takes back the same quarter step and can never make the count go backwards:
///
/// - ``Resolution/fullStep``: one detent per full cycle (4 quarter steps), resting at 00, the
///   common mechanical encoder (EC11 and friends);
/// - ``Resolution/halfStep``: one detent per half cycle, resting at 00 and at 11.
///
/// A value with no clock; nothing allocates.
public struct QuadratureDecoder: Sendable, Hashable {
    public enum Resolution: Sendable, Hashable { case fullStep, halfStep }

    public let resolution: Resolution
    /// Quarter steps since the last detent (positive: A leads B, clockwise on most encoders).
    public private(set) var quarterSteps = 0
    /// Edges dropped because both signals changed at once.
    public private(set) var glitches = 0
    private var state: UInt8

    /// A decoder whose signals read `a` and `b` now.
    public init(resolution: Resolution = .fullStep, a: Bool, b: Bool) {
        self.resolution = resolution
        state = (a ? 2 : 0) | (b ? 1 : 0)
    }

    /// A state's position in the Gray order 00, 01, 11, 10.
    private static func grayPosition(_ state: UInt8) -> Int {
        switch state {
        case 0: 0
        case 1: 1
        case 3: 2
        default: 3
        }
    }

    /// The signals now read `a` and `b`: returns the detents completed (+1 clockwise, -1
    /// counter-clockwise, 0 none).
    public mutating func update(a: Bool, b: Bool) -> Int {
        let new: UInt8 = (a ? 2 : 0) | (b ? 1 : 0)
        guard new != state else { return 0 }
        let delta = (Self.grayPosition(new) - Self.grayPosition(state) + 4) % 4
        state = new
        switch delta {
        case 1: quarterSteps += 1
        case 3: quarterSteps -= 1
        default:
            glitches += 1
            return 0
        }
        let resting = new == 0 || (resolution == .halfStep && new == 3)
        guard resting else { return 0 }
        let perDetent = resolution == .fullStep ? 4 : 2
        let detents = quarterSteps / perDetent
        if detents != 0 || abs(quarterSteps) < perDetent {
            // Whole detents out; a part-turn that came back to rest (a bounce, a wobble) is dropped.
            quarterSteps = 0
        }
        return detents
    }
}
