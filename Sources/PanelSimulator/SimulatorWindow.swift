#if Simulator
// Compiled only with the Simulator trait: a plain `swift build` of the package (a board
// without SDL) builds this module empty.
import CSDL2
import PanelCore
import PanelGraphics
import PanelPlatform

/// The SDL side of the simulator: one window whose surface shows the UI upright, blitted from
/// PanelKit's XRGB8888 bitmap scaled to the window (letterboxed when the window's shape
/// differs) with nearest-neighbour sampling, so that at 1× the window shows exactly the pixels
/// PanelKit drew. A frame updates only its dirty rectangles (`SDL_UpdateWindowSurfaceRects`):
/// on X11 a one-button redraw sends the button, not the screen.
final class SimulatorWindow {
    let window: OpaquePointer
    /// The UI's size in points (the bitmap's size in pixels).
    let uiWidth: Int
    let uiHeight: Int
    /// Window pixels per UI point, and where the UI's top-left corner is in the window.
    private(set) var scale = 1.0
    private(set) var originX = 0.0
    private(set) var originY = 0.0
    /// Set when the window was made smaller than asked so it fits the desktop.
    let fitNote: String?
    /// The upright bitmap as an SDL surface (its pixels are not copied).
    private var source: UnsafeMutablePointer<SDL_Surface>?
    /// The rectangles of one update, preallocated (a dirty region has at most 16).
    private let updates = UnsafeMutableBufferPointer<SDL_Rect>.allocate(capacity: 32)

    /// Opens the window. SDL's video subsystem must be initialised.
    init(configuration: SimulatorConfiguration) throws(PanelKitError) {
        let ui = configuration.uiSize
        uiWidth = Int(ui.width)
        uiHeight = Int(ui.height)
        var requested = Double(configuration.preferredScale)
        var note: String?
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fit = min(Double(usable.w) / Double(uiWidth), Double(usable.h) / Double(uiHeight))
            if fit < requested {
                let asked = requested
                requested = max(fit, 0.1)
                note =
                    "the \(uiWidth)×\(uiHeight) screen at \(Int(asked))× does not fit the desktop (\(usable.w)×\(usable.h)): shown at \(Int((requested * 100).rounded(.down))) % (resize the window to change it; nothing is cropped)"
            }
        }
        fitNote = note
        let width = Int32(max((Double(uiWidth) * requested).rounded(.down), 1))
        let height = Int32(max((Double(uiHeight) * requested).rounded(.down), 1))
        // The window's own framebuffer (X11: shared memory), not a GL texture standing in for
        // it: no GL driver loads, no render threads start, and updates are plain copies.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED (a macro Swift cannot import)
        guard
            let window = SDL_CreateWindow(
                configuration.title, centered, centered, width, height, SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue)
        else {
            throw PanelKitError(.display, "SDL could not open a \(width)×\(height) window: \(Self.lastError())")
        }
        self.window = window
        // Typed characters arrive as SDL_TEXTINPUT (the desktop's layout and input method);
        // SDL 2 starts text input when it opens video on a desktop, and the platform turns it
        // on and off with the app's text fields (SimulatorPlatform.syncTextInput).
        layout()
    }

    /// Shows `pixels` (the upright XRGB8888 bitmap, which outlives the window) from now on.
    func attach(_ pixels: PixelBuffer) throws(PanelKitError) {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                pixels.baseAddress, Int32(pixels.width), Int32(pixels.height), 32, Int32(pixels.strideBytes), SDL_PIXELFORMAT_XRGB8888.rawValue)
        else {
            throw PanelKitError(.display, "SDL could not wrap the \(pixels.width)×\(pixels.height) screen: \(Self.lastError())")
        }
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
        source = surface
    }

    /// Closes the window.
    func close() {
        if let source { SDL_FreeSurface(source) }
        source = nil
        SDL_DestroyWindow(window)
        updates.deallocate()
    }

    /// SDL's id of the window (events name it).
    var windowID: UInt32 { SDL_GetWindowID(window) }

    /// Shows the UI rectangles `rects` of the attached bitmap. At a fractional scale (a window
    /// fitted to a small desktop or resized) the whole screen is shown, so no seam can appear.
    func show(_ rects: some Sequence<PixelRect>) {
        guard let source, let surface = SDL_GetWindowSurface(window) else { return }
        guard scale == scale.rounded() else { return refresh() }
        var count = 0
        for rect in rects where count < updates.count {
            var from = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
            updates[count] = target(of: rect)
            blit(source, &from, surface, &updates[count])
            count += 1
        }
        if count > 0 { SDL_UpdateWindowSurfaceRects(window, updates.baseAddress, Int32(count)) }
    }

    /// Shows the whole screen again (the window was exposed or resized): the letterbox, then
    /// every pixel.
    func refresh() {
        layout()
        guard let source, let surface = SDL_GetWindowSurface(window) else { return }
        SDL_FillRect(surface, nil, 0x0020_2020)
        var from = SDL_Rect(x: 0, y: 0, w: Int32(uiWidth), h: Int32(uiHeight))
        var to = target(of: PixelRect(x: 0, y: 0, width: uiWidth, height: uiHeight))
        blit(source, &from, surface, &to)
        SDL_UpdateWindowSurface(window)
    }

    /// Where a UI rectangle lands in the window.
    private func target(of rect: PixelRect) -> SDL_Rect {
        let x0 = (originX + Double(rect.x) * scale).rounded(.down)
        let y0 = (originY + Double(rect.y) * scale).rounded(.down)
        let x1 = (originX + Double(rect.maxX) * scale).rounded(.down)
        let y1 = (originY + Double(rect.maxY) * scale).rounded(.down)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(max(x1 - x0, 1)), h: Int32(max(y1 - y0, 1)))
    }

    /// A 1× copy, or a nearest-neighbour scaled one.
    private func blit(_ from: UnsafeMutablePointer<SDL_Surface>, _ fromRect: inout SDL_Rect, _ to: UnsafeMutablePointer<SDL_Surface>, _ toRect: inout SDL_Rect)
    {
        if scale == 1 {
            SDL_UpperBlit(from, &fromRect, to, &toRect)
        } else {
            SDL_UpperBlitScaled(from, &fromRect, to, &toRect)
        }
    }

    /// Recomputes the scale and the letterbox after the window changed size.
    func layout() {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        guard w > 0, h > 0 else { return }
        let s = min(Double(w) / Double(uiWidth), Double(h) / Double(uiHeight))
        // A whole multiple keeps every pixel square and sharp; below 1× any factor must do.
        scale = s >= 1 ? s.rounded(.down) : s
        originX = ((Double(w) - Double(uiWidth) * scale) / 2).rounded(.down)
        originY = ((Double(h) - Double(uiHeight) * scale) / 2).rounded(.down)
    }

    /// The UI point under a window pixel (unclamped: a drag may leave the window).
    func uiPoint(windowX: Int32, windowY: Int32) -> Point {
        Point(x: (Double(windowX) - originX) / scale, y: (Double(windowY) - originY) / scale)
    }

    /// SDL's last error message.
    static func lastError() -> String {
        guard let message = SDL_GetError() else { return "unknown error" }
        let text = String(cString: message)
        return text.isEmpty ? "unknown error" : text
    }
}
#endif
