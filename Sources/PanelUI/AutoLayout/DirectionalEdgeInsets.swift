/// Distances inside the edges of a rectangle, named by the reading direction: UIKit's
/// `NSDirectionalEdgeInsets`. Leading is the left edge under a left-to-right language and the
/// right one under a right-to-left language.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in points.
    public var top: Double
    /// The inset from the leading edge, in points.
    public var leading: Double
    /// The inset from the bottom edge, in points.
    public var bottom: Double
    /// The inset from the trailing edge, in points.
    public var trailing: Double

    /// Insets of the given sizes, by leading and trailing.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = DirectionalEdgeInsets()

    /// The same insets by left and right, for `direction`.
    public func resolved(for direction: UserInterfaceLayoutDirection) -> EdgeInsets {
        direction == .rightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}

extension EdgeInsets {
    /// The same insets by leading and trailing, for `direction`.
    public func directional(for direction: UserInterfaceLayoutDirection) -> DirectionalEdgeInsets {
        direction == .rightToLeft
            ? DirectionalEdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
            : DirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }
}

extension Rect {
    /// The rectangle with `insets` taken off its edges (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top, width: max(width - insets.left - insets.right, 0),
            height: max(height - insets.top - insets.bottom, 0))
    }
}
