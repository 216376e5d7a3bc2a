// The display half of the composition root: a board's framebuffer.
public import PanelBoards
import PanelCore
public import PanelGraphics

#if os(Linux)
import PanelLinux
public import PanelPlatform
#endif

/// Makes the board's framebuffer: memory on the bench, `/dev/fbN` on a board (checked against
/// the board's panel size).
public func makeFramebuffer(for board: Board) throws(PanelKitError) -> any Framebuffer {
    switch board.display.device {
    case .memory:
        return MemoryFramebuffer(width: board.display.width, height: board.display.height, format: pixelFormat(board.display.format))
    case .framebuffer(let path):
        #if os(Linux)
        let framebuffer: LinuxFramebuffer
        do {
            framebuffer = try LinuxFramebuffer(path: path)
        } catch {
            throw PanelKitError(.display, "\(path)", error)
        }
        try checkSize(framebuffer.geometry, of: path, board: board, fix: "fbset, config.txt")
        return framebuffer
        #else
        throw PanelKitError(.display, "\(path): framebuffer devices need Linux")
        #endif
    case .drm(let named):
        #if os(Linux)
        guard let path = named ?? DRMCards.firstConnected() else {
            // No DRM card at all (an fbdev-only kernel): the framebuffer device, as before DRM.
            var fallback = board
            fallback.display.device = .framebuffer("/dev/fb0")
            fallback.display.connector = nil
            fallback.display.mode = nil
            return try makeFramebuffer(for: fallback)
        }
        let framebuffer: DRMFramebuffer
        do {
            framebuffer = try DRMFramebuffer(
                path: path, connector: board.display.connector, mode: board.display.mode, format: pixelFormat(board.display.format))
        } catch {
            throw PanelKitError(.display, error)
        }
        try checkSize(framebuffer.geometry, of: "\(path) (\(framebuffer.output.connector.name) \(framebuffer.output.mode))", board: board, fix: "display.mode")
        return framebuffer
        #else
        throw PanelKitError(.display, "DRM displays need Linux")
        #endif
    }
}

/// The device's size must be the board's panel size.
private func checkSize(_ g: FramebufferGeometry, of device: String, board: Board, fix: String) throws(PanelKitError) {
    if g.width != board.display.width || g.height != board.display.height {
        throw PanelKitError(
            .display,
            "\(board.path ?? board.name): display.width/height say \(board.display.width)×\(board.display.height) but \(device) is \(g.width)×\(g.height); fix the board file (or the video mode: \(fix))"
        )
    }
}

/// The pixel format a board file names.
/// The pixel format a board file names.
public func pixelFormat(_ name: Board.PixelFormatName) -> PixelFormat {
    switch name {
    case .rgb565: .rgb565
    case .bgr565: .bgr565
    case .xrgb8888: .xrgb8888
    case .argb8888: .argb8888
    case .xbgr8888: .xbgr8888
    case .abgr8888: .abgr8888
    }
}
