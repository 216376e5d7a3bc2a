#if os(Linux)
import Glibc
import CDRM
public import PanelCore
public import PanelGraphics
import PanelPlatform

/// A display through DRM/KMS (`/dev/dri/cardN`): the way every current Linux display driver
/// is meant to be used (the Raspberry Pi's vc4, i.MX, Rockchip, virtio-gpu…), where `/dev/fb0`
/// is at best a compatibility shim that tears.
///
/// - Opening picks the connector (the board's, else the first connected), the mode (the
///   board's, else the connector's preferred one) and a CRTC, makes two dumb buffers in the
///   board's format (XRGB8888 or RGB565), maps them and sets the mode with the first one.
/// - ``present(_:)`` queues a page flip to the buffer just drawn, to happen at the next
///   vertical blank: the screen never shows a half-drawn frame. The flip completes while the
///   UI goes on; the next ``withBackBuffer(_:)`` waits for it (at most one refresh) and copies
///   the rectangles that changed into the buffer that was on screen, so only dirty
///   rectangles are ever drawn.
/// - A driver without page flips gets the frame copied into the scanned-out buffer instead,
///   with `drmModeDirtyFB` for drivers that need it (``Mode/copying``).
/// - Closing (deinit) puts back the CRTC as it was (the console, or what ran before) and frees
///   the buffers.
///
/// Nothing allocates per frame.
public final class DRMFramebuffer: Framebuffer {
    /// How frames reach the screen.
    public enum Mode: Sendable, Hashable {
        /// Two buffers, flipped on vertical blank.
        case pageFlipping
        /// One buffer scanned out; dirty rectangles copied into it from the other.
        case copying
    }

    /// The card.
    public let path: String
    /// The connector, mode and CRTC in use.
    public let output: DRMOutput
    public let geometry: FramebufferGeometry
    /// How frames reach the screen (flipping unless the driver refused a flip).
    public private(set) var mode: Mode = .pageFlipping
    /// Page flips completed.
    public private(set) var flipCount: UInt64 = 0
    /// The framebuffer object on screen (or being flipped to), as the CRTC names it.
    public var frontFramebufferID: UInt32 { buffers[mode == .copying ? 0 : front].framebufferID }
    /// The framebuffer object the CRTC scanned out before this display took it (0: none), put
    /// back on close.
    public var previousFramebufferID: UInt32 { savedCrtc?.pointee.buffer_id ?? 0 }
    /// Whether a flip is queued and not yet seen complete.
    public var isFlipPending: Bool { flipPending }
    /// When the last flip was queued (``present(_:)``, just before the request), on
    /// `CLOCK_MONOTONIC`.
    public private(set) var lastPresentTime: MonotonicInstant?
    /// The last completed flip as the kernel reported it: the vertical blank it happened in
    /// (the new frame's first scan-out line) and that blank's sequence number (0 where the
    /// driver counts none). The first changed pixel is on the glass from `time`.
    public private(set) var lastFlip: (sequence: UInt32, time: MonotonicInstant)?

    let fd: Int32
    /// Whether the display is on (``setDisplayPower(on:)``); while off, frames are kept but
    /// not flipped.
    public internal(set) var isDisplayOn = true
    /// Whether this process is DRM master (it gave it up for a VT switch away).
    public internal(set) var isMaster = true
    /// The primary plane's rotation as set by ``rotateInHardware(_:)`` and as it was before,
    /// put back on close.
    var planeRotation: (plane: UInt32, property: UInt32, value: UInt64, original: UInt64)?
    private var buffers: [DumbBuffer] = []
    /// The buffer on screen (or being flipped to).
    private var front = 0
    private var flipPending = false
    private var released = false
    private let flipDone = UnsafeMutablePointer<panel_drm_flip>.allocate(capacity: 1)
    private var pendingRegion: DirtyRegion
    private let savedCrtc: UnsafeMutablePointer<drmModeCrtc>?

    private struct DumbBuffer {
        var handle: UInt32
        var framebufferID: UInt32
        var pitch: Int
        var size: Int
        var mapping: UnsafeMutableRawPointer
    }

    /// Opens the card, picks its output and sets the mode.
    /// - Parameters:
    ///   - path: `/dev/dri/cardN`.
    ///   - connector: a connector's name (`HDMI-A-1`, `DSI-1`); nil: the first connected.
    ///   - mode: "800x480" or "800x480@60"; nil: the connector's preferred mode.
    ///   - format: `.xrgb8888` (default) or `.rgb565`.
    /// - Throws: ``DRMError`` naming the cause and the fix.
    public init(path: String, connector: String? = nil, mode wantedMode: String? = nil, format: PixelFormat = .xrgb8888) throws(DRMError) {
        self.path = path
        let fourcc: UInt32
        switch format {
        case .xrgb8888: fourcc = panel_drm_format_xrgb8888
        case .rgb565: fourcc = panel_drm_format_rgb565
        default: throw .unsupportedFormat(path: path, format: "\(format)")
        }
        let fd = try DRMCards.open(path)
        var capability: UInt64 = 0
        guard drmGetCap(fd, panel_drm_cap_dumb_buffer, &capability) == 0, capability != 0 else {
            Syscall.close(fd)
            throw .noDumbBuffers(path: path)
        }
        let output: DRMOutput
        do {
            output = try DRMOutput.choose(fd: fd, path: path, connector: connector, mode: wantedMode)
        } catch {
            Syscall.close(fd)
            throw error
        }
        var made: [DumbBuffer] = []
        do {
            for _ in 0 ..< 2 {
                made.append(
                    try Self.makeBuffer(fd: fd, path: path, width: output.mode.width, height: output.mode.height, format: format, fourcc: fourcc))
            }
        } catch {
            Self.free(made, fd: fd)
            Syscall.close(fd)
            throw error
        }
        self.fd = fd
        self.output = output
        buffers = made
        let width = output.mode.width
        let height = output.mode.height
        savedCrtc = drmModeGetCrtc(fd, output.crtc)
        pendingRegion = DirtyRegion(bounds: PixelRect(x: 0, y: 0, width: width, height: height))
        flipDone.pointee = panel_drm_flip()
        geometry = FramebufferGeometry(width: width, height: height, strideBytes: buffers[0].pitch, format: format)
        // Both start black; the first frame draws everything.
        for buffer in buffers { memset(buffer.mapping, 0, buffer.size) }
        var connectorID = output.connector.id
        var modeInfo = output.mode.raw
        let result = drmModeSetCrtc(fd, output.crtc, buffers[0].framebufferID, 0, 0, &connectorID, 1, &modeInfo)
        if result != 0 {
            let code = result < -1 ? -result : errno  // libdrm: -1 and errno, or -errno
            release()
            if code == EACCES || code == EPERM { throw .notMaster(path: path) }
            throw .systemCallFailed(path: path, call: "drmModeSetCrtc", errno: code)
        }
    }

    deinit {
        waitForFlip()
        restorePlaneRotation()
        if !released, let savedCrtc {
            var connectorID = output.connector.id
            if savedCrtc.pointee.mode_valid != 0 && savedCrtc.pointee.buffer_id != 0 {
                var mode = savedCrtc.pointee.mode
                _ = drmModeSetCrtc(fd, savedCrtc.pointee.crtc_id, savedCrtc.pointee.buffer_id, savedCrtc.pointee.x, savedCrtc.pointee.y, &connectorID, 1, &mode)
            }
        }
        release()
    }

    /// Frees the buffers, the saved CRTC and the descriptor (once).
    private func release() {
        guard !released else { return }
        released = true
        Self.free(buffers, fd: fd)
        buffers.removeAll()
        if let savedCrtc { drmModeFreeCrtc(savedCrtc) }
        flipDone.deallocate()
        Syscall.close(fd)
    }

    private static func free(_ buffers: [DumbBuffer], fd: Int32) {
        for buffer in buffers {
            Syscall.unmap(buffer.mapping, length: buffer.size)
            _ = drmModeRmFB(fd, buffer.framebufferID)
            panel_drm_destroy_dumb(fd, buffer.handle)
        }
    }

    private static func makeBuffer(fd: Int32, path: String, width: Int, height: Int, format: PixelFormat, fourcc: UInt32) throws(DRMError) -> DumbBuffer {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        let created = panel_drm_create_dumb(fd, UInt32(width), UInt32(height), UInt32(format.bytesPerPixel * 8), &handle, &pitch, &size)
        guard created == 0 else { throw .systemCallFailed(path: path, call: "DRM_IOCTL_MODE_CREATE_DUMB", errno: errno) }
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var framebufferID: UInt32 = 0
        let added = withUnsafeMutablePointer(to: &handles) { h in
            withUnsafeMutablePointer(to: &pitches) { p in
                withUnsafeMutablePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(width), UInt32(height), fourcc, UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self), UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self),
                        &framebufferID, 0)
                }
            }
        }
        guard added == 0 else {
            panel_drm_destroy_dumb(fd, handle)
            throw .systemCallFailed(path: path, call: "drmModeAddFB2", errno: errno)
        }
        var offset: UInt64 = 0
        let mapped = panel_drm_map_dumb(fd, handle, &offset)
        guard mapped == 0, case .success(let mapping) = Syscall.mapShared(fd, length: Int(size), offset: Int(offset)) else {
            _ = drmModeRmFB(fd, framebufferID)
            panel_drm_destroy_dumb(fd, handle)
            throw .systemCallFailed(path: path, call: "mmap of a dumb buffer", errno: errno)
        }
        return DumbBuffer(handle: handle, framebufferID: framebufferID, pitch: Int(pitch), size: Int(size), mapping: mapping)
    }

    private func pixels(_ index: Int) -> PixelBuffer {
        PixelBuffer(
            baseAddress: buffers[index].mapping, width: geometry.width, height: geometry.height, strideBytes: buffers[index].pitch,
            format: geometry.format)
    }

    /// Waits for the page flip in flight, if any.
    public func finishPresenting() { waitForFlip() }

    /// `N page flips on CONNECTOR MODE`.
    public var presentationSummary: String? { "\(flipCount) page flips on \(output.connector.name) \(output.mode)" }

    /// Waits for a queued flip (at most a refresh, or 100 ms for a driver that lost it), then
    /// brings the buffer that left the screen up to date with the one now on it. The next
    /// frame's drawing does this on its own; call it to count the last flip.
    public func waitForFlip() {
        guard flipPending else { return }
        let deadline = SystemClock().now + .milliseconds(100)
        while flipDone.pointee.done == 0 {
            let now = SystemClock().now
            guard now < deadline else { break }
            guard case .success(.readable) = waitUntilReadable(fd, interruptor: nil, timeout: deadline - now),
                panel_drm_handle_events(fd) == 0
            else { break }
        }
        completeFlip()
    }

    /// Reads the card's events without waiting (call it when ``eventDescriptor`` is
    /// readable): returns true when they completed the queued flip, whose vertical blank is
    /// then ``lastFlip``.
    @discardableResult
    public func handleFlipEvent() -> Bool {
        guard case .success(.readable) = waitUntilReadable(fd, interruptor: nil, timeout: .zero) else { return false }
        _ = panel_drm_handle_events(fd)
        guard flipPending, flipDone.pointee.done != 0 else { return false }
        completeFlip()
        return true
    }

    /// The card's file descriptor: readable when a page flip completed (for a run loop).
    public var eventDescriptor: Int32 { fd }

    /// The time between two vertical blanks of the mode in use (60 Hz when it says none).
    public var refreshPeriod: MonotonicDuration {
        .nanoseconds(1_000_000_000 / Int64(output.mode.refresh > 0 ? output.mode.refresh : 60))
    }

    /// Called with the vertical blank of each completed flip, however it was noticed (the
    /// run loop's event, or a frame waiting for the flip): what paces animation frames
    /// (DRMFramebuffer+Pacing.swift).
    public var onFlip: ((MonotonicInstant) -> Void)?

    private func completeFlip() {
        flipPending = false
        if flipDone.pointee.done != 0 {
            flipCount &+= 1
            let time = MonotonicInstant(nanoseconds: flipDone.pointee.microseconds &* 1000)
            lastFlip = (flipDone.pointee.sequence, time)
            onFlip?(time)
        }
        let onScreen = pixels(front)
        let back = pixels(1 - front)
        for rect in pendingRegion { back.copy(rect, from: onScreen) }
    }

    public func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        waitForFlip()
        return try body(pixels(1 - front))
    }

    public func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        waitForFlip()
        if mode == .copying { return try body(pixels(0)) }
        return try body(pixels(front))
    }

    public func present(_ region: DirtyRegion) throws(FramebufferError) {
        guard !region.isEmpty else { return }
        waitForFlip()
        if !isDisplayOn || !isMaster {
            // DPMS off, or another VT has the display: no flips (drivers refuse them). The frame goes into the buffer on
            // "screen" too, so both hold it and it shows when the display comes back.
            let onScreen = pixels(mode == .copying ? 0 : front)
            let drawn = pixels(mode == .copying ? 1 : 1 - front)
            for rect in region { onScreen.copy(rect, from: drawn) }
            return
        }
        if mode == .pageFlipping {
            let next = 1 - front
            flipDone.pointee.done = 0
            let queued = SystemClock().now
            let result = drmModePageFlip(fd, output.crtc, buffers[next].framebufferID, panel_drm_page_flip_event, flipDone)
            if result == 0 {
                lastPresentTime = queued
                front = next
                flipPending = true
                pendingRegion = region
                return
            }
            let code = result < -1 ? -result : errno
            guard code == EINVAL || code == ENOSYS || code == EOPNOTSUPP else {
                throw .systemCallFailed(path: path, call: "drmModePageFlip", errno: code)
            }
            // No flips here: scan out buffer 0 and copy into it from now on.
            mode = .copying
            if front != 0 {
                pixels(0).copy(geometry.bounds, from: pixels(1))
                front = 0
            }
            var connectorID = output.connector.id
            var modeInfo = output.mode.raw
            if drmModeSetCrtc(fd, output.crtc, buffers[0].framebufferID, 0, 0, &connectorID, 1, &modeInfo) != 0 {
                throw .systemCallFailed(path: path, call: "drmModeSetCrtc", errno: errno)
            }
        }
        // Copying: buffer 1 is drawn, buffer 0 is on screen.
        let screen = pixels(0)
        let drawn = pixels(1)
        for rect in region { screen.copy(rect, from: drawn) }
        _ = drmModeDirtyFB(fd, buffers[0].framebufferID, nil, 0)
    }
}
#endif
