import PanelCore
import PanelUI

/// A page of the demo whose subviews are placed by frames written left to right: each layout
/// pass puts them back at those frames, mirrored across the page under a right-to-left language
/// (`View.flippedForLayoutDirection(_:)`), so the page mirrors when the app switches to Arabic.
@MainActor
class LeadingFramesView: View {
    private var leadingFrames: [(view: View, frame: Rect)] = []

    /// Remembers the frames `views` have now, as their left-to-right places.
    func recordLeadingFrames(_ views: [View]) {
        for view in views { leadingFrames.append((view, view.frame)) }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        for (view, frame) in leadingFrames { view.frame = flippedForLayoutDirection(frame) }
    }
}
