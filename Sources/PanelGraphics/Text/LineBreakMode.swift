/// How text that does not fit wraps and where it is cut: UIKit's `NSLineBreakMode`.
///
/// Lines always wrap at word boundaries (or between any characters with ``byCharWrapping``);
/// the mode says what happens to the last line when text remains or it does not fit.
public enum LineBreakMode: Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries; the last line is cut at the edge, without an ellipsis.
    case byWordWrapping
    /// Wrap between any two characters; the last line is cut at the edge.
    case byCharWrapping
    /// Wrap at word boundaries; the last line is cut at the edge.
    case byClipping
    /// The last line shows its end, "…" standing for what is cut from its start.
    case byTruncatingHead
    /// The last line shows its start, then "…". UIKit's default for labels.
    case byTruncatingTail
    /// The last line shows its start and its end, "…" standing for the middle.
    case byTruncatingMiddle

    /// Whether the last line ends, starts or breaks with an ellipsis.
    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}
