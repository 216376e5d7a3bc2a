/// A control whose parts are named one by one though they are not views of their own: a
/// segmented control's segments. A session script's `tap(label:at:)` finds a part by its
/// label, as XCUITest finds a segment by its title.
@MainActor
public protocol AccessibilityParts: View {
    /// Each part's label and frame, in the view's bounds coordinates.
    var accessibilityParts: [(label: String, frame: Rect)] { get }
}

extension SegmentedControl: AccessibilityParts {
    /// The segments by their titles.
    public var accessibilityParts: [(label: String, frame: Rect)] {
        (0 ..< numberOfSegments).compactMap { index in
            titleForSegment(at: index).map { ($0, frameForSegment(at: index)) }
        }
    }
}
