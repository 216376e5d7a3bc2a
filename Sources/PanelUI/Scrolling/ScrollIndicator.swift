/// A scroll indicator: a thin rounded bar along the right (vertical) or bottom (horizontal)
/// edge whose length and place show the visible part of the content. Shown while the content
/// moves, faded out over 250 ms after it stops. Not touchable.
@MainActor
final class ScrollIndicator: View {
    /// The bar's thickness and its distance from the edge, in points.
    static let thickness = 3.0
    static let margin = 2.0
    /// How long the fade-out takes.
    static let fadeDuration = 250.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0x70)
        cornerRadius = Self.thickness / 2
        alpha = 0
    }
}

extension ScrollView {
    /// Places the indicators for the current offset (in content coordinates: on the visible
    /// edges).
    func updateIndicators() {
        let visible = bounds
        let inset = ScrollIndicator.margin
        let thickness = ScrollIndicator.thickness
        let contentHeight = max(contentSize.height + contentInset.top + contentInset.bottom, 1)
        let contentWidth = max(contentSize.width + contentInset.left + contentInset.right, 1)
        // Vertical: the bar's length is the visible fraction (at least 20 pt), its place the offset's.
        let trackHeight = max(visible.height - 2 * inset, 0)
        let barHeight = min(max(trackHeight * visible.height / contentHeight, 20), trackHeight)
        let verticalFraction = clampedFraction(contentOffset.y - minimumContentOffset.y, range: maximumContentOffset.y - minimumContentOffset.y)
        verticalIndicator.frame = Rect(
            x: visible.maxX - thickness - inset, y: visible.minY + inset + (trackHeight - barHeight) * verticalFraction,
            width: thickness, height: barHeight)
        verticalIndicator.isHidden = !showsVerticalScrollIndicator || !scrollsVertically
        let trackWidth = max(visible.width - 2 * inset - thickness, 0)
        let barWidth = min(max(trackWidth * visible.width / contentWidth, 20), trackWidth)
        let horizontalFraction = clampedFraction(contentOffset.x - minimumContentOffset.x, range: maximumContentOffset.x - minimumContentOffset.x)
        horizontalIndicator.frame = Rect(
            x: visible.minX + inset + (trackWidth - barWidth) * horizontalFraction, y: visible.maxY - thickness - inset,
            width: barWidth, height: thickness)
        horizontalIndicator.isHidden = !showsHorizontalScrollIndicator || !scrollsHorizontally
    }

    private func clampedFraction(_ value: Double, range: Double) -> Double {
        guard range > 0 else { return 0 }
        return min(max(value / range, 0), 1)
    }

    /// Shows the indicators at once (a drag or a glide began).
    func showIndicators() {
        fadeStart = nil
        stopFramesIfIdle()
        updateIndicators()
        verticalIndicator.alpha = 1
        horizontalIndicator.alpha = 1
    }

    /// Fades the indicators out over 250 ms.
    func fadeIndicators() {
        guard let application = window?.application else {
            verticalIndicator.alpha = 0
            horizontalIndicator.alpha = 0
            return
        }
        fadeStart = application.clock.now
        startFrames()
    }
}
