#if os(Linux)
import Glibc
public import PanelGraphics

/// A Linux fbdev framebuffer (`/dev/fbN`), memory-mapped.
///
/// Opening reads `FBIOGET_VSCREENINFO` and `FBIOGET_FSCREENINFO`, takes the stride from
/// `line_length` and the pixel format from the bitfields (see ``FramebufferLayout``), and maps
/// the device memory. When the virtual height holds two screens and the driver pans, frames
/// are drawn into the hidden page and shown with `FBIOPAN_DISPLAY` (the presented rectangles
/// are then copied into the new hidden page, so both stay current); otherwise frames are drawn
/// into a shadow buffer in RAM and only the dirty rectangles are copied to the screen, which
/// never shows a half-drawn frame either. Nothing allocates per frame.
public final class LinuxFramebuffer: Framebuffer {
    /// How frames reach the screen.
    public enum Mode: Sendable, Hashable {
        /// Two pages, flipped by panning.
        case pageFlipping
        /// A RAM shadow buffer, dirty rectangles copied.
        case shadowBuffer
    }

    /// The device path.
    public let path: String
    /// The driver's name and how the screen is laid out.
    public let layout: FramebufferLayout
    /// How frames reach the screen.
    public let mode: Mode
    public var geometry: FramebufferGeometry { layout.geometry }

    let fd: Int32
    private let mapping: UnsafeMutableRawPointer
    private var variable: [UInt8]
    private var visiblePage = 0
    private let shadow: Bitmap?

    private static let getVariableScreenInfo: UInt = 0x4600
    private static let getFixedScreenInfo: UInt = 0x4602
    private static let panDisplay: UInt = 0x4606

    /// Opens and maps a framebuffer device.
    ///
    /// - Parameters:
    ///   - path: the device, e.g. `/dev/fb0`.
    ///   - pageFlipping: whether to flip pages when the device allows it (default true).
    /// - Throws: ``FramebufferError`` — missing device, no permission (the `video` group),
    ///   unsupported depth or visual, or a failing ioctl/mmap.
    public init(path: String = "/dev/fb0", pageFlipping: Bool = true) throws(FramebufferError) {
        self.path = path
        let fd: Int32
        switch Syscall.open(path, flags: O_RDWR) {
        case .success(let value): fd = value
        case .failure(let e) where e.rawValue == ENOENT || e.rawValue == ENODEV || e.rawValue == ENXIO:
            throw .deviceNotFound(path: path)
        case .failure(let e) where e.rawValue == EACCES || e.rawValue == EPERM:
            throw .permissionDenied(path: path)
        case .failure(let e):
            throw .systemCallFailed(path: path, call: "open", errno: e.rawValue)
        }
        var ok = false
        defer { if !ok { Syscall.close(fd) } }
        var variable = [UInt8](repeating: 0, count: FramebufferVariableScreenInfo.byteCount)
        var fixed = [UInt8](repeating: 0, count: FramebufferFixedScreenInfo.byteCount())
        try Self.read(&variable, request: Self.getVariableScreenInfo, name: "FBIOGET_VSCREENINFO", fd: fd, path: path)
        try Self.read(&fixed, request: Self.getFixedScreenInfo, name: "FBIOGET_FSCREENINFO", fd: fd, path: path)
        let variableInfo: FramebufferVariableScreenInfo
        let layout: FramebufferLayout
        do {
            variableInfo = try FramebufferVariableScreenInfo(bytes: variable)
            layout = try FramebufferLayout(
                variable: variableInfo, fixed: FramebufferFixedScreenInfo(bytes: fixed), path: path)
        } catch let error as FramebufferError {
            throw error
        } catch {
            throw .unsupportedVisual(path: path, "\(error)")
        }
        let mapping: UnsafeMutableRawPointer
        switch Syscall.mapShared(fd, length: layout.mappedLength) {
        case .success(let p): mapping = p
        case .failure(let e): throw .systemCallFailed(path: path, call: "mmap", errno: e.rawValue)
        }
        self.fd = fd
        self.mapping = mapping
        self.layout = layout
        self.variable = variable
        mode = pageFlipping && layout.canPageFlip ? .pageFlipping : .shadowBuffer
        let g = layout.geometry
        // Start from the page that is on screen now (the kernel may have panned already), so
        // the first frame keeps whatever is not redrawn.
        let visible = Int(variableInfo.panY) >= g.height ? 1 : 0
        visiblePage = visible
        let front = Self.page(visible, mapping: mapping, geometry: g)
        if mode == .shadowBuffer {
            let shadow = Bitmap(width: g.width, height: g.height, format: g.format)
            shadow.pixels.copy(g.bounds, from: front)
            self.shadow = shadow
        } else {
            shadow = nil
            Self.page(1 - visible, mapping: mapping, geometry: g).copy(g.bounds, from: front)
        }
        ok = true
    }

    /// Fills `bytes` with one screen-info ioctl.
    private static func read(
        _ bytes: inout [UInt8], request: UInt, name: String, fd: Int32, path: String
    ) throws(FramebufferError) {
        let result = bytes.withUnsafeMutableBytes { Syscall.ioctl(fd, request, $0.baseAddress!) }
        guard case .failure(let e) = result else { return }
        if e.rawValue == ENOTTY || e.rawValue == EINVAL {
            throw .unsupportedVisual(path: path, "not a framebuffer device (\(name) is not supported)")
        }
        throw .systemCallFailed(path: path, call: name, errno: e.rawValue)
    }

    deinit {
        Syscall.unmap(mapping, length: layout.mappedLength)
        Syscall.close(fd)
    }

    private static func page(_ index: Int, mapping: UnsafeMutableRawPointer, geometry g: FramebufferGeometry) -> PixelBuffer {
        PixelBuffer(
            baseAddress: mapping + index * g.height * g.strideBytes, width: g.width, height: g.height,
            strideBytes: g.strideBytes, format: g.format)
    }

    private func page(_ index: Int) -> PixelBuffer {
        Self.page(index, mapping: mapping, geometry: layout.geometry)
    }

    public func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        if let shadow { return try body(shadow.pixels) }
        return try body(page(1 - visiblePage))
    }

    public func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try body(page(visiblePage))
    }

    public func present(_ region: DirtyRegion) throws(FramebufferError) {
        guard !region.isEmpty else { return }
        if let shadow {
            let screen = page(visiblePage)
            for rect in region { screen.copy(rect, from: shadow.pixels) }
            return
        }
        let next = 1 - visiblePage
        FramebufferVariableScreenInfo.setYOffset(of: &variable, to: UInt32(next * layout.geometry.height))
        let result = variable.withUnsafeMutableBytes { Syscall.ioctl(fd, Self.panDisplay, $0.baseAddress!) }
        if case .failure(let e) = result {
            throw .systemCallFailed(path: path, call: "FBIOPAN_DISPLAY", errno: e.rawValue)
        }
        visiblePage = next
        // Bring the new hidden page up to date with what is now shown.
        let front = page(visiblePage)
        let back = page(1 - visiblePage)
        for rect in region { back.copy(rect, from: front) }
    }
}

extension FramebufferVariableScreenInfo {
    /// Writes `yoffset` (word 5) into raw screen-info bytes, for `FBIOPAN_DISPLAY`.
    static func setYOffset(of bytes: inout [UInt8], to value: UInt32) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: 20, as: UInt32.self) }
    }
}
#endif
