/// An edge, centre or baseline of a view or guide, to constrain: UIKit's `NSLayoutAnchor`.
/// `Axis` keeps x and y apart: an x anchor relates only to x anchors. Leading and trailing
/// (which swap under a right-to-left language) do not relate to left and right either; that
/// is refused when the constraint is activated.
@MainActor
public struct LayoutAnchor<Axis: LayoutAnchorAxis> {
    let item: any LayoutItem
    let attribute: LayoutConstraint.Attribute

    init(_ item: any LayoutItem, _ attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<Axis>, constant: Double = 0) -> LayoutConstraint {
        make(item, attribute, .equal, anchor.item, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<Axis>, constant: Double = 0) -> LayoutConstraint {
        make(item, attribute, .greaterThanOrEqual, anchor.item, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<Axis>, constant: Double = 0) -> LayoutConstraint {
        make(item, attribute, .lessThanOrEqual, anchor.item, anchor.attribute, 1, constant)
    }
    /// `self == anchor + multiplier × the system spacing` (after it along x, below it along
    /// y: UIKit's `constraint(equalToSystemSpacingAfter:multiplier:)` and `…Below…`; the
    /// spacing is ``LayoutConstraint/systemSpacing``).
    public func constraint(equalToSystemSpacingFrom anchor: LayoutAnchor<Axis>, multiplier: Double = 1) -> LayoutConstraint {
        make(item, attribute, .equal, anchor.item, anchor.attribute, 1, LayoutConstraint.systemSpacing * multiplier)
    }
    /// `self >= anchor + multiplier × the system spacing`.
    public func constraint(greaterThanOrEqualToSystemSpacingFrom anchor: LayoutAnchor<Axis>, multiplier: Double = 1) -> LayoutConstraint {
        make(item, attribute, .greaterThanOrEqual, anchor.item, anchor.attribute, 1, LayoutConstraint.systemSpacing * multiplier)
    }
}

/// Which axis a ``LayoutAnchor`` lies on.
public protocol LayoutAnchorAxis {}
/// Left, right, leading, trailing and centre x.
public enum LayoutXAxis: LayoutAnchorAxis {}
/// Top, bottom, centre y and the baselines.
public enum LayoutYAxis: LayoutAnchorAxis {}

/// An edge or centre along x: UIKit's `NSLayoutXAxisAnchor`.
public typealias LayoutXAxisAnchor = LayoutAnchor<LayoutXAxis>
/// An edge, centre or baseline along y: UIKit's `NSLayoutYAxisAnchor`.
public typealias LayoutYAxisAnchor = LayoutAnchor<LayoutYAxis>

/// A width or height, to constrain: UIKit's `NSLayoutDimension`.
@MainActor
public struct LayoutDimension {
    let item: any LayoutItem
    let attribute: LayoutConstraint.Attribute

    init(_ item: any LayoutItem, _ attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == constant`.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        make(item, attribute, .equal, nil, .notAnAttribute, 1, constant)
    }
    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(item, attribute, .greaterThanOrEqual, nil, .notAnAttribute, 1, constant)
    }
    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(item, attribute, .lessThanOrEqual, nil, .notAnAttribute, 1, constant)
    }
    /// `self == multiplier × anchor + constant`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(item, attribute, .equal, anchor.item, anchor.attribute, multiplier, constant)
    }
    /// `self >= multiplier × anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(item, attribute, .greaterThanOrEqual, anchor.item, anchor.attribute, multiplier, constant)
    }
    /// `self <= multiplier × anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(item, attribute, .lessThanOrEqual, anchor.item, anchor.attribute, multiplier, constant)
    }
}

@MainActor
private func make(
    _ first: any LayoutItem, _ firstAttribute: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation,
    _ second: (any LayoutItem)?, _ secondAttribute: LayoutConstraint.Attribute, _ multiplier: Double, _ constant: Double
) -> LayoutConstraint {
    LayoutConstraint(
        item: first, attribute: firstAttribute, relatedBy: relation, toItem: second, attribute: secondAttribute, multiplier: multiplier,
        constant: constant)
}

extension LayoutConstraint {
    /// The standard gap between neighbouring views, in points (UIKit's system spacing is 8).
    public static let systemSpacing = 8.0
}
