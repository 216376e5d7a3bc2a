#if os(Linux)
import Glibc
public import PanelCore
public import PanelPlatform

/// A rotary encoder on two GPIO lines (A and B, both edges), decoded by PanelKit
/// (``QuadratureDecoder``) on the UI's run loop: each detent is a ``DeviceInput/rotation(_:timestamp:)``.
///
/// The edges waiting on both lines are merged in the kernel's timestamp order and applied one
/// by one, so a fast turn (hundreds of edges a second, several queued before the loop runs)
/// loses none.
public final class GPIOEncoder {
    public let a: LinuxGPIOLine
    public let b: LinuxGPIOLine
    /// The decoder's state.
    public private(set) var decoder: QuadratureDecoder
    /// Detents delivered.
    public private(set) var detentCount: Int = 0
    private var levelA: Bool
    private var levelB: Bool
    private var pendingA = InlineArray<32, EdgeEvent>(repeating: EdgeEvent(kind: .rising, timestamp: .zero, sequence: 0))
    private var pendingB = InlineArray<32, EdgeEvent>(repeating: EdgeEvent(kind: .rising, timestamp: .zero, sequence: 0))

    /// Watches `a` and `b` (requested as inputs with both edges).
    /// - Throws: ``GPIOError`` when their levels cannot be read.
    public init(a: LinuxGPIOLine, b: LinuxGPIOLine, resolution: QuadratureDecoder.Resolution = .fullStep) throws(GPIOError) {
        self.a = a
        self.b = b
        levelA = try a.level() == .high
        levelB = try b.level() == .high
        decoder = QuadratureDecoder(resolution: resolution, a: levelA, b: levelB)
    }

    /// The two lines' edge descriptors.
    public var fileDescriptors: [Int32] { [a.eventFileDescriptor, b.eventFileDescriptor].compactMap { $0 } }

    /// Reads the edges waiting on both lines, in time order, and delivers the detents.
    public func readEdges(_ deliver: (DeviceInput) -> Void) throws(GPIOError) {
        var countA = 0
        var countB = 0
        while countA < 32, let edge = try a.waitForEdge(timeout: .zero) {
            pendingA[countA] = edge
            countA += 1
        }
        while countB < 32, let edge = try b.waitForEdge(timeout: .zero) {
            pendingB[countB] = edge
            countB += 1
        }
        var i = 0
        var j = 0
        var detents = 0
        var last = MonotonicInstant.zero
        while i < countA || j < countB {
            let takeA = j >= countB || (i < countA && pendingA[i].timestamp <= pendingB[j].timestamp)
            if takeA {
                levelA = pendingA[i].kind == .rising
                last = pendingA[i].timestamp
                i += 1
            } else {
                levelB = pendingB[j].kind == .rising
                last = pendingB[j].timestamp
                j += 1
            }
            detents += decoder.update(a: levelA, b: levelB)
        }
        if detents != 0 {
            detentCount += detents
            deliver(.rotation(detents, timestamp: last))
        }
    }
}
#endif
