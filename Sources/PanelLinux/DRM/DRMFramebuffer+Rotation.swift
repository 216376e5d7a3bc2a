#if os(Linux)
import CDRM
public import PanelCore

extension DRMFramebuffer {
    /// Turns the image 180° with the primary plane's `rotation` property, where the driver
    /// has one (the Raspberry Pi's vc4 does): the UI is then drawn upright into the buffers and
    /// the turn costs nothing. Returns false (software rotation) for 0°, for a quarter turn
    /// (see ``DRMPlaneRotation``), and for a plane without the property or a driver refusing
    /// it. Put back as it was on close.
    public func rotateInHardware(_ rotation: Rotation) -> Bool {
        guard rotation != .degrees0, let plane = primaryPlane(),
            let property = DRMProperty.find("rotation", fd: fd, object: plane, type: UInt32(DRM_MODE_OBJECT_PLANE)),
            let value = DRMPlaneRotation.value(for: rotation, bits: property.entries)
        else { return false }
        guard drmModeObjectSetProperty(fd, plane, UInt32(DRM_MODE_OBJECT_PLANE), property.id, value) == 0 else { return false }
        planeRotation = (plane, property.id, value, planeRotation?.original ?? property.value)
        return true
    }

    /// The primary plane's rotation value as the kernel has it now (nil: no rotation property).
    public var planeRotationValue: UInt64? {
        guard let plane = primaryPlane() else { return nil }
        return DRMProperty.find("rotation", fd: fd, object: plane, type: UInt32(DRM_MODE_OBJECT_PLANE))?.value
    }

    /// Sets the rotation again (after the console had the display).
    func reapplyPlaneRotation() {
        guard let planeRotation else { return }
        _ = drmModeObjectSetProperty(fd, planeRotation.plane, UInt32(DRM_MODE_OBJECT_PLANE), planeRotation.property, planeRotation.value)
    }

    /// Puts the plane's rotation back as it was before ``rotateInHardware(_:)``.
    func restorePlaneRotation() {
        guard let planeRotation else { return }
        _ = drmModeObjectSetProperty(fd, planeRotation.plane, UInt32(DRM_MODE_OBJECT_PLANE), planeRotation.property, planeRotation.original)
        self.planeRotation = nil
    }

    /// The primary plane scanning out this display's CRTC (universal planes turned on to see
    /// it), or nil.
    func primaryPlane() -> UInt32? {
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        guard let resources = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(resources) }
        for i in 0 ..< Int(resources.pointee.count_planes) {
            let id = resources.pointee.planes[i]
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            let crtc = plane.pointee.crtc_id
            drmModeFreePlane(plane)
            guard crtc == output.crtc,
                DRMProperty.find("type", fd: fd, object: id, type: UInt32(DRM_MODE_OBJECT_PLANE))?.value == UInt64(DRM_PLANE_TYPE_PRIMARY)
            else { continue }
            return id
        }
        return nil
    }
}
#endif
