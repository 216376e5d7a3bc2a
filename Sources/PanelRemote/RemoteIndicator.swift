public import PanelGraphics

/// The "Remote session" badge drawn over everything, top right, while a viewer is connected:
/// the person in front of the panel knows that someone is watching. The display draws it after
/// every window, so no view of the app covers it, and an app has no handle to remove it.
public struct RemoteIndicator: Sendable {
    /// The badge's text.
    public static let text = "Remote session"
    /// The badge's area on a screen `width` pixels wide.
    public static func frame(screenWidth: Int, font: Font = .caption) -> PixelRect {
        let width = font.width(of: text) + 28
        let height = font.lineHeight + 10
        return PixelRect(x: max(screenWidth - width - 8, 0), y: 8, width: width, height: height)
    }

    /// Draws the badge into `canvas` (clipped by the caller to what is being redrawn).
    public static func draw(into canvas: inout Canvas, screenWidth: Int, font: Font = .caption) {
        let rect = frame(screenWidth: screenWidth, font: font)
        canvas.fillRoundedRect(rect, radius: Double(rect.height) / 2, color: Color(rgb: 0xC62828))
        let dot = PixelRect(x: rect.x + 9, y: rect.y + rect.height / 2 - 4, width: 8, height: 8)
        canvas.fillEllipse(in: dot, color: .white)
        _ = canvas.drawText(text, at: (rect.x + 22, rect.y + 5), font: font, color: .white)
    }
}
