/// Horizontal text alignment.
public enum TextAlignment: Sendable {
    case left, center, right
}

/// A read-only text view: UIKit's `UILabel`. ``isUserInteractionEnabled`` defaults to false, so
/// touches pass through to what is behind it. (Drawing comes with the renderer.)
@MainActor
open class Label: View {
    /// The text.
    open var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    /// The alignment. Default left.
    open var textAlignment = TextAlignment.left {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }
    /// The maximum number of lines; 0 means no limit. Default 1.
    open var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { setNeedsDisplay() } }
    }
    /// Whether the text is drawn in its enabled style. Default true.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }
    /// Whether the text is drawn in its highlighted style. Default false.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// Creates a label.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}

/// A view that shows an image: UIKit's `UIImageView`. ``isUserInteractionEnabled`` defaults to
/// false, so touches pass through to what is behind it (A8). The image property and drawing
/// come with the renderer.
@MainActor
open class ImageView: View {
    /// Whether the highlighted image is shown. Default false.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// Creates an image view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}
