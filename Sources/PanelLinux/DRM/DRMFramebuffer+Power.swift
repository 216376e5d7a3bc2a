#if os(Linux)
import Glibc
import CDRM

extension DRMFramebuffer {
    /// Turns the display on or off through its connector's DPMS property (the panel and, on
    /// most bridges, its backlight go dark; the mode and buffers stay). While off, presented
    /// frames are kept and shown when it comes back on.
    /// - Throws: ``DRMError`` when the connector has no DPMS property or refuses it.
    public func setDisplayPower(on: Bool) throws(DRMError) {
        guard on != isDisplayOn else { return }
        guard let property = connectorProperty(named: "DPMS") else {
            throw .systemCallFailed(path: path, call: "finding \(output.connector.name)'s DPMS property", errno: ENOENT)
        }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        guard drmModeConnectorSetProperty(fd, output.connector.id, property, value) == 0 else {
            throw .systemCallFailed(path: path, call: "drmModeConnectorSetProperty(DPMS)", errno: errno)
        }
        isDisplayOn = on
    }

    /// The connector's DPMS value as the kernel has it (0 on, 3 off), or nil.
    public var dpms: UInt64? { connectorValue(named: "DPMS") }

    private func connectorProperty(named name: String) -> UInt32? {
        DRMProperty.find(name, fd: fd, object: output.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))?.id
    }

    private func connectorValue(named name: String) -> UInt64? {
        DRMProperty.find(name, fd: fd, object: output.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))?.value
    }
}
#endif

#if os(Linux)
extension DRMFramebuffer {
    /// Gives up DRM master (a VT switch away): frames are kept, not shown, until
    /// ``acquireDisplay()``.
    public func releaseDisplay() {
        guard isMaster else { return }
        waitForFlip()
        _ = drmDropMaster(fd)
        isMaster = false
    }

    /// Takes DRM master back and shows the current frame with the mode set again.
    /// - Throws: ``DRMError/notMaster(path:)`` while another program still holds it.
    public func acquireDisplay() throws(DRMError) {
        guard !isMaster else { return }
        guard drmSetMaster(fd) == 0 else { throw .notMaster(path: path) }
        var connectorID = output.connector.id
        var modeInfo = output.mode.raw
        guard drmModeSetCrtc(fd, output.crtc, frontFramebufferID, 0, 0, &connectorID, 1, &modeInfo) == 0 else {
            throw .systemCallFailed(path: path, call: "drmModeSetCrtc", errno: errno)
        }
        isMaster = true
        // The console may have put the plane upright.
        reapplyPlaneRotation()
    }
}
#endif
