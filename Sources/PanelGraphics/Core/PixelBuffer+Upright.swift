public import PanelCore

extension PixelBuffer {
    /// The inverse of ``copyRotated(_:from:rotation:)``: copies `rect` of `panel` (a buffer in
    /// the panel's native orientation, its UI turned by `rotation`) into this buffer (the UI's
    /// orientation, upright), so the result is what a person in front of the mounted panel sees.
    /// Pixels are converted when the formats differ (a 16-bit panel shown in a 32-bit window),
    /// with the same expansion PNG screenshots use. `panel` must be this buffer's size turned by
    /// `rotation`. Returns the rectangle written here.
    @discardableResult
    public func copyUpright(_ rect: PixelRect, from panel: PixelBuffer, rotation: Rotation) -> PixelRect {
        let area = rect.intersection(panel.bounds)
        guard !area.isEmpty else { return .zero }
        let converting = panel.format != format
        if rotation == .degrees0 && !converting {
            copy(area, from: panel)
            return area.intersection(bounds)
        }
        let quarterTurn = rotation == .degrees90 || rotation == .degrees270
        precondition(
            panel.width == (quarterTurn ? height : width) && panel.height == (quarterTurn ? width : height),
            "upright copy needs a panel of this buffer's size turned by \(rotation)")
        let ui = Self.upright(area, rotation: rotation, panelWidth: panel.width, panelHeight: panel.height).intersection(bounds)
        let maxX = panel.width - 1
        let maxY = panel.height - 1
        let bpp = format.bytesPerPixel
        let sourceBpp = panel.format.bytesPerPixel
        // Along a UI row the panel address moves by a fixed step (as in copyRotated), so each
        // row is one walk rather than a rotation switch per pixel.
        let step: Int
        switch rotation {
        case .degrees0: step = sourceBpp
        case .degrees90: step = panel.strideBytes  // py = ux
        case .degrees180: step = -sourceBpp  // px = maxX - ux
        case .degrees270: step = -panel.strideBytes  // py = maxY - ux
        }
        for uy in ui.y ..< ui.maxY {
            // UI pixel (ux, uy) ← panel pixel (px, py), as copyRotated maps them.
            let (px, py): (Int, Int) =
                switch rotation {
                case .degrees0: (ui.x, uy)
                case .degrees90: (maxX - uy, ui.x)
                case .degrees180: (maxX - ui.x, maxY - uy)
                case .degrees270: (uy, maxY - ui.x)
                }
            var src = panel.address(x: px, y: py)
            var dst = address(x: ui.x, y: uy)
            for _ in ui.x ..< ui.maxX {
                if converting {
                    let raw = sourceBpp == 4 ? src.loadUnaligned(as: UInt32.self) : UInt32(src.loadUnaligned(as: UInt16.self))
                    let word = format.encode(panel.format.decode(raw))
                    if bpp == 4 {
                        dst.storeBytes(of: word, as: UInt32.self)
                    } else {
                        dst.storeBytes(of: UInt16(truncatingIfNeeded: word), as: UInt16.self)
                    }
                } else if bpp == 4 {
                    dst.storeBytes(of: src.loadUnaligned(as: UInt32.self), as: UInt32.self)
                } else {
                    dst.storeBytes(of: src.loadUnaligned(as: UInt16.self), as: UInt16.self)
                }
                src += step
                dst += bpp
            }
        }
        return ui
    }

    /// Where a rectangle of a panel of the given native size lies in the UI turned by
    /// `rotation`: the inverse of ``rotated(_:rotation:panelWidth:panelHeight:)``.
    public static func upright(_ p: PixelRect, rotation: Rotation, panelWidth: Int, panelHeight: Int) -> PixelRect {
        switch rotation {
        case .degrees0: p
        case .degrees90: PixelRect(x: p.y, y: panelWidth - p.maxX, width: p.height, height: p.width)
        case .degrees180: PixelRect(x: panelWidth - p.maxX, y: panelHeight - p.maxY, width: p.width, height: p.height)
        case .degrees270: PixelRect(x: panelHeight - p.maxY, y: p.x, width: p.height, height: p.width)
        }
    }
}
