import PanelCore
import PanelLinux
import Testing

@Suite("DRM plane rotation: the property value for a turn, from the bits a plane lists")
struct DRMPlaneRotationTests {
    /// The kernel's bit numbers (DRM_MODE_ROTATE_* and DRM_MODE_REFLECT_*).
    private let all: [String: UInt64] = ["rotate-0": 0, "rotate-90": 1, "rotate-180": 2, "rotate-270": 3, "reflect-x": 4, "reflect-y": 5]

    @Test("a half turn is the rotate-180 bit where the plane lists it")
    func halfTurn() {
        #expect(DRMPlaneRotation.value(for: .degrees180, bits: all) == 1 << 2)
    }

    @Test("a half turn is both reflections where the plane lists only those (vc4 on older kernels)")
    func halfTurnByReflections() {
        let vc4 = ["rotate-0": UInt64(0), "reflect-x": 4, "reflect-y": 5]
        #expect(DRMPlaneRotation.value(for: .degrees180, bits: vc4) == 1 | 1 << 4 | 1 << 5)
    }

    @Test("quarter turns are never asked of the plane: they need transposed buffers")
    func quarterTurnsInSoftware() {
        #expect(DRMPlaneRotation.value(for: .degrees90, bits: all) == nil)
        #expect(DRMPlaneRotation.value(for: .degrees270, bits: all) == nil)
    }

    @Test("a plane listing neither rotate-180 nor both reflections cannot turn the image")
    func cannotTurn() {
        #expect(DRMPlaneRotation.value(for: .degrees180, bits: ["rotate-0": 0, "reflect-x": 4]) == nil)
        #expect(DRMPlaneRotation.value(for: .degrees180, bits: ["rotate-180": 70]) == nil)
    }
}
