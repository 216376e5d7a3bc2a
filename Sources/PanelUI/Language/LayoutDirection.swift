public import PanelCore
import PanelGraphics

/// Which way a view's content runs: UIKit's `UIUserInterfaceLayoutDirection`. Under a
/// right-to-left language (``Application/language``: Arabic, Hebrew…) the app's is
/// ``rightToLeft`` and the built-in views mirror: stack views reverse, the back button and
/// the swipe back move to the right, sliders and progress fill from the right, lists put their
/// titles on the right and text aligns right.
public enum UserInterfaceLayoutDirection: Hashable, Sendable, CustomStringConvertible {
    case leftToRight
    case rightToLeft

    /// "left to right" or "right to left".
    public var description: String { self == .leftToRight ? "left to right" : "right to left" }
}

/// Whether a view mirrors under a right-to-left language: UIKit's `UISemanticContentAttribute`.
/// The first view from a view up to the root that says something other than ``unspecified``
/// decides for its subtree.
public enum SemanticContentAttribute: Hashable, Sendable {
    /// As the superview (at the root, the app's direction).
    case unspecified
    /// Media playback controls (play, fast-forward): never mirrored, as time runs left to right.
    case playback
    /// Controls for directions in space (arrow pads, a map's pan): never mirrored.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}

extension Application {
    /// The app's layout direction: right to left when its ``language`` is written so.
    public var userInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        language.isRightToLeft ? .rightToLeft : .leftToRight
    }
}

extension View {
    /// Whether this view and its subtree mirror under a right-to-left language. Default
    /// ``SemanticContentAttribute/unspecified``: as the superview. Set `.forceLeftToRight` (or
    /// `.playback`, `.spatial`) on a view that must not mirror: an image, a media bar, a map.
    public var semanticContentAttribute: SemanticContentAttribute {
        get { appearanceOverrides?.semanticContentAttribute ?? .unspecified }
        set {
            guard newValue != semanticContentAttribute else { return }
            overrideAppearance { $0.semanticContentAttribute = newValue }
            layoutDirectionDidChange()
        }
    }

    /// The direction this view lays out in: its own ``semanticContentAttribute``, else the
    /// nearest ancestor's, else the app's ``Application/userInterfaceLayoutDirection`` (left to
    /// right outside an app).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        while let current = view {
            switch current.appearanceOverrides?.semanticContentAttribute ?? .unspecified {
            case .unspecified: view = current.superview
            case .forceRightToLeft: return .rightToLeft
            case .playback, .spatial, .forceLeftToRight: return .leftToRight
            }
        }
        return window?.application?.userInterfaceLayoutDirection ?? .leftToRight
    }

    /// Whether the view lays out right to left now.
    var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// `rect`, given from the leading edge of this view's bounds, placed for the view's layout
    /// direction: as it is left to right, mirrored across the middle of the bounds right to
    /// left. Frame-based layouts place their subviews with it to mirror under Arabic or Hebrew.
    public func flippedForLayoutDirection(_ rect: Rect) -> Rect {
        isRightToLeft ? rect.mirrored(inWidth: bounds.width) : rect
    }

    /// A direction change below this view: everything lays out and draws again.
    func layoutDirectionDidChange() {
        // Leading and trailing constraints, and the margins, swap sides.
        window?.layoutEngineStorage?.directionChanged()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
        for subview in subviews { subview.layoutDirectionDidChange() }
    }

    /// `alignment` with `.natural` resolved by the view's direction, as UIKit's natural
    /// alignment follows the app's language.
    func resolvedAlignment(_ alignment: TextAlignment) -> TextAlignment {
        guard alignment == .natural else { return alignment }
        return isRightToLeft ? .right : .left
    }
}

extension Rect {
    /// The rect reflected across the vertical line through the middle of a box `width` wide.
    public func mirrored(inWidth width: Double) -> Rect {
        Rect(x: width - origin.x - size.width, y: origin.y, width: size.width, height: size.height)
    }
}
