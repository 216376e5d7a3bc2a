public import PanelGraphics

/// The user's text size, as iOS's Dynamic Type and the accessibility settings of every phone
/// offer it: 100 % to 200 %. The built-in views that show text (labels, buttons, text fields
/// and text views, segmented controls, and what is made of them: list rows and headers,
/// alerts, navigation bar titles and buttons) draw their fonts scaled by it, and report
/// intrinsic sizes to match, so stack views lay out again around the larger text. What draws
/// text into a fixed geometry keeps its size, as on a phone: the tab bar, badges, the on-screen
/// keyboard, and the scale labels of gauges and charts. A layout of fixed frames is the app's
/// to make room in (`Application/textSize` says how much).
///
/// With the built-in bitmap face the scaled size snaps to the nearest face (12, 16, 20, 24,
/// 32, 40 or 48 px: body text at 125 % is 20 px, at 200 % 32 px; a 32-px title at 150 % is
/// 48 px); with a TrueType family (a board's `fonts`) every size is exact.
extension Application {
    /// The text size, 1 (100 %) … 2 (200 %); set outside that it is held to it, and a NaN or
    /// an infinity reads as 1. A change lays out and redraws every window once.
    public var textSize: Double {
        get { appearanceState.textSize }
        set {
            let size = newValue.isFinite ? min(max(newValue, 1), 2) : 1
            guard size != appearanceState.textSize else { return }
            // Views hear it in traitCollectionDidChange, then measure and lay out again.
            changeAppearance(themeChanged: false) { $0.appearanceState.textSize = size }
            for window in windows { window.textSizeDidChange() }
        }
    }
}

/// Views that keep text laid out between changes, and lay it out again when the size changes.
@MainActor
protocol TextSizeObserving: AnyObject {
    func layOutTextAgain()
}

extension View {
    /// `font` at the app's text size (``Application/textSize``): the font itself at 100 % or
    /// outside an app.
    public func scaledFont(_ font: Font) -> Font {
        guard let scale = window?.application?.appearanceState.textSize, scale != 1 else { return font }
        return font.withSize(Double(font.size) * scale)
    }

    /// The text size changed: this view and everything in it measure, lay out and draw again.
    func textSizeDidChange() {
        (self as? TextSizeObserving)?.layOutTextAgain()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
        for subview in subviews { subview.textSizeDidChange() }
    }
}

extension TextView: TextSizeObserving {
    /// Its lines are broken again at the new size.
    func layOutTextAgain() { relayoutAll() }
}
