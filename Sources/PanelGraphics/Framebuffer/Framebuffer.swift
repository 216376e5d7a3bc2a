public import PanelCore

/// The size and memory layout of a framebuffer's visible screen.
public struct FramebufferGeometry: Hashable, Sendable, CustomStringConvertible {
    /// Visible pixels per row.
    public var width: Int
    /// Visible rows.
    public var height: Int
    /// Bytes from one row to the next (fbdev's `line_length`), at least `width × bytes per
    /// pixel`.
    public var strideBytes: Int
    /// How pixels are stored.
    public var format: PixelFormat

    /// Creates a geometry.
    public init(width: Int, height: Int, strideBytes: Int, format: PixelFormat) {
        self.width = width
        self.height = height
        self.strideBytes = strideBytes
        self.format = format
    }

    /// The visible screen as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// `width×height format, stride N B`.
    public var description: String { "\(width)×\(height) \(format), stride \(strideBytes) B" }
}

/// Where frames are shown: `/dev/fbN` (`LinuxFramebuffer` in PanelLinux) or memory
/// (``MemoryFramebuffer``).
///
/// Contract: a frame is drawn with ``withBackBuffer(_:)`` and made visible with
/// ``present(_:)``, which receives every rectangle that changed. After `present`, the back
/// buffer again holds exactly what is visible, so the next frame only redraws what changes.
///
/// Note for implementers: keep the back buffer's pixels valid across frames (with page
/// flipping, copy the presented rectangles into the new back page); never allocate in
/// `withBackBuffer` or `present`.
public protocol Framebuffer: AnyObject {
    /// The visible screen's geometry.
    var geometry: FramebufferGeometry { get }
    /// Calls `body` with the pixels of the next frame.
    func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R
    /// Shows what was drawn inside the region's rectangles.
    func present(_ region: DirtyRegion) throws(FramebufferError)
    /// Calls `body` with the pixels on screen now (for screenshots).
    func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R
    /// Turns the image by `rotation` in the display hardware, if it can (a DRM plane's
    /// rotation property): returns whether it did, and then the UI is drawn upright, unturned,
    /// into the buffers. Default: false (the UI turns it in software).
    func rotateInHardware(_ rotation: Rotation) -> Bool
    /// Waits until the last presented frame is on the screen (a page flip in flight), before the
    /// app stops. Default: nothing to wait for.
    func finishPresenting()
    /// How the frames reached the screen, for the app's stop line (`120 page flips on HDMI-A-1
    /// 800x480@60`); nil when there is nothing to say. Default nil.
    var presentationSummary: String? { get }
}

extension Framebuffer {
    /// Default: false; the UI is turned in software.
    public func rotateInHardware(_ rotation: Rotation) -> Bool { false }
    /// Default: nothing to wait for.
    public func finishPresenting() {}
    /// Default: nothing to say.
    public var presentationSummary: String? { nil }

    /// A PNG-ready copy of what the screen shows now.
    public func screenshot() -> Image {
        withFrontBuffer { Image($0) }
    }

    /// What the screen shows now, as a PNG file's bytes, encoded a row at a time from the
    /// front buffer (no whole-image copy).
    public func screenshotPNG() throws(ImageError) -> [UInt8] {
        try withFrontBuffer { (pixels) throws(ImageError) in try pixels.pngData() }
    }

    /// Writes what the screen shows now to a PNG file, a row at a time from the front buffer
    /// (no whole-image copy), replacing the file atomically.
    public func writeScreenshot(to path: String) throws(ImageError) {
        try withFrontBuffer { (pixels) throws(ImageError) in try pixels.writePNG(to: path) }
    }
}

/// Why a framebuffer cannot be opened or shown; each message says how to fix it.
public enum FramebufferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node does not exist.
    case deviceNotFound(path: String)
    /// The process may not open the device.
    case permissionDenied(path: String)
    /// The device's pixel format cannot be drawn.
    case unsupportedFormat(path: String, PixelFormatError)
    /// The device is not a packed-pixel, true-colour framebuffer.
    case unsupportedVisual(path: String, String)
    /// A system call failed.
    case systemCallFailed(path: String, call: String, errno: Int32)

    /// The device, what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .deviceNotFound(let path):
            "\(path) does not exist: no framebuffer driver is loaded (on a Pi, enable the display "
                + "overlay in /boot/firmware/config.txt, e.g. dtoverlay=vc4-kms-v3d; elsewhere load "
                + "the panel's fbdev/DRM driver), or choose another device in the board file"
        case .permissionDenied(let path):
            "permission denied opening \(path): add the user to the video group "
                + "(sudo usermod -aG video $USER, then log in again) or install PanelKit's udev rules"
        case .unsupportedFormat(let path, let error): "\(path): \(error)"
        case .unsupportedVisual(let path, let what):
            "\(path): \(what); PanelKit draws packed-pixel true-colour framebuffers"
        case .systemCallFailed(let path, let call, let errno):
            "\(path): \(call) failed with errno \(errno)"
        }
    }
}

/// A framebuffer in ordinary memory: for tests, screenshots, headless runs and the mock board.
/// One buffer serves as back and front; ``present(_:)`` counts frames and remembers the last
/// region.
public final class MemoryFramebuffer: Framebuffer {
    /// The pixels.
    public let bitmap: Bitmap
    /// Frames presented so far.
    public private(set) var presentedFrames = 0
    /// The region of the last ``present(_:)``.
    public private(set) var lastPresentedRegion: DirtyRegion

    /// A black framebuffer; `strideBytes` nil means rows are packed.
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888, strideBytes: Int? = nil) {
        bitmap = Bitmap(width: width, height: height, format: format, strideBytes: strideBytes)
        lastPresentedRegion = DirtyRegion(bounds: bitmap.pixels.bounds)
    }

    /// The bitmap's size, stride and format.
    public var geometry: FramebufferGeometry {
        let p = bitmap.pixels
        return FramebufferGeometry(width: p.width, height: p.height, strideBytes: p.strideBytes, format: p.format)
    }

    /// Calls `body` with the bitmap (one buffer: drawing is at once on screen).
    public func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try body(bitmap.pixels)
    }

    /// Counts the frame and remembers `region` (``presentedFrames``, ``lastPresentedRegion``).
    public func present(_ region: DirtyRegion) throws(FramebufferError) {
        presentedFrames += 1
        lastPresentedRegion = region
    }

    /// Calls `body` with the bitmap.
    public func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try body(bitmap.pixels)
    }
}
