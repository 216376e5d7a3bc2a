#if os(Linux)
import Glibc
import CDRM
public import PanelGraphics

/// What a DRM card's CRTC is scanning out now, read without setting a mode: for
/// `panelctl screenshot` beside a running app. Needs root (or DRM master): the kernel hands
/// buffer handles to no one else.
public enum DRMScanout {
    /// A copy of the first active CRTC's framebuffer (XRGB8888 or RGB565).
    /// - Throws: ``DRMError``: no card, no permission, nothing scanned out, a format not read.
    public static func capture(path: String) throws(DRMError) -> Image {
        let fd = try DRMCards.open(path)
        defer { Syscall.close(fd) }
        guard let resources = drmModeGetResources(fd) else { throw .notModesetting(path: path) }
        defer { drmModeFreeResources(resources) }
        var bufferID: UInt32 = 0
        for i in 0 ..< Int(resources.pointee.count_crtcs) {
            guard let crtc = drmModeGetCrtc(fd, resources.pointee.crtcs[i]) else { continue }
            defer { drmModeFreeCrtc(crtc) }
            if crtc.pointee.buffer_id != 0 && crtc.pointee.mode_valid != 0 {
                bufferID = crtc.pointee.buffer_id
                break
            }
        }
        guard bufferID != 0, let fb = drmModeGetFB(fd, bufferID) else {
            throw .noConnectedConnector(path: path, connectors: DRMOutput.connectors(fd: fd).map(\.description))
        }
        defer { drmModeFreeFB(fb) }
        guard fb.pointee.handle != 0 else { throw .permissionDenied(path: path) }
        let format: PixelFormat
        switch (fb.pointee.bpp, fb.pointee.depth) {
        case (32, 24), (32, 32): format = .xrgb8888
        case (16, 16): format = .rgb565
        default: throw .unsupportedFormat(path: path, format: "\(fb.pointee.bpp) bits per pixel, depth \(fb.pointee.depth)")
        }
        let width = Int(fb.pointee.width)
        let height = Int(fb.pointee.height)
        let pitch = Int(fb.pointee.pitch)
        var offset: UInt64 = 0
        guard panel_drm_map_dumb(fd, fb.pointee.handle, &offset) == 0 else {
            throw .systemCallFailed(path: path, call: "DRM_IOCTL_MODE_MAP_DUMB", errno: errno)
        }
        let length = pitch * height
        guard pitch >= width * format.bytesPerPixel, case .success(let mapping) = Syscall.mapShared(fd, length: length, offset: Int(offset)) else {
            throw .systemCallFailed(path: path, call: "mmap of the scanned-out buffer", errno: errno)
        }
        defer { Syscall.unmap(mapping, length: length) }
        return Image(PixelBuffer(baseAddress: mapping, width: width, height: height, strideBytes: pitch, format: format))
    }
}
#endif
