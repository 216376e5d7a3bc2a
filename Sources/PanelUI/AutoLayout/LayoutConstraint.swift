internal import PanelLayout

/// A relation between two layout attributes that the layout keeps: UIKit's
/// `NSLayoutConstraint`.
///
/// It reads `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`,
/// where the items are views or ``LayoutGuide``s. Make one from the anchors
/// (`label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor)`) and
/// switch it on with ``isActive`` or ``activate(_:)``; the layout pass then moves the views.
///
/// Changing ``constant`` re-solves only what it touches (what an animation of a constraint
/// does), and inside `View.animate(withDuration:…)` a
/// ``View/layoutIfNeeded()`` animates the frames it moves.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible {
    /// What part of an item a constraint names: UIKit's `NSLayoutConstraint.Attribute`.
    public enum Attribute: Sendable, Hashable, CustomStringConvertible {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        /// The baseline of the first line of text (the top edge for a view without text).
        case firstBaseline
        /// The baseline of the last line of text (the bottom edge for a view without text).
        case lastBaseline
        /// No attribute: the second attribute of a constraint on a constant size.
        case notAnAttribute

        /// A one-line description, for messages and logs.
        public var description: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .firstBaseline: "firstBaseline"
            case .lastBaseline: "lastBaseline"
            case .notAnAttribute: "notAnAttribute"
            }
        }

        /// Which of the three kinds of anchor the attribute is.
        var axis: AnchorAxis {
            switch self {
            case .left, .right, .leading, .trailing, .centerX: .x
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: .y
            case .width, .height: .dimension
            case .notAnAttribute: .none
            }
        }

        var isDirectional: Bool { self == .leading || self == .trailing }
        var isAbsoluteX: Bool { self == .left || self == .right }
    }

    enum AnchorAxis { case x, y, dimension, none }

    /// How the two sides compare: UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Sendable, Hashable, CustomStringConvertible {
        case lessThanOrEqual, equal, greaterThanOrEqual

        /// A one-line description, for messages and logs.
        public var description: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    // The items, unowned and unchecked rather than weak: a weak reference gives a view a side
    // table, which slows every retain and release of it, in every pass. Each item keeps a list
    // of the constraints naming it and clears them as it goes (``itemIsGoing(_:)``), so these
    // read nil once it has, as weak references would.
    unowned(unsafe) var first: (any LayoutItem)?
    unowned(unsafe) var second: (any LayoutItem)?
    /// The first item: a ``View`` or a ``LayoutGuide`` (not kept alive by the constraint, as in UIKit).
    public var firstItem: AnyObject? { first }
    /// The second item, or nil for a constant size.
    public var secondItem: AnyObject? { second }
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The second item's attribute (``Attribute/notAnAttribute`` for a constant size).
    public let secondAttribute: Attribute
    /// How the two sides compare.
    public let relation: Relation
    /// What the second side is multiplied by.
    public let multiplier: Double
    /// A name that messages about the constraint show.
    public var identifier: String?

    /// The number added to the second side. Changing it on an active constraint re-solves
    /// incrementally; a NaN or infinite value is refused (reported, the old value kept).
    public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite else {
                UsageWarning.report("LayoutConstraint.constant", "\(self) was given \(constant); a constant must be a finite number, so it keeps \(oldValue)")
                constant = oldValue
                return
            }
            engine?.constantChanged(self)
        }
    }

    /// How much the constraint matters. Default ``LayoutPriority/required``. An active
    /// constraint cannot change between required and optional (UIKit traps; PanelKit reports it
    /// and keeps the old priority): deactivate it first.
    public var priority = LayoutPriority.required {
        didSet {
            guard priority != oldValue else { return }
            if isActive, priority.isRequired != oldValue.isRequired {
                UsageWarning.report(
                    "LayoutConstraint.priority",
                    "\(self) is active, so it cannot change between required and optional; deactivate it, change the priority, then activate it")
                priority = oldValue
                return
            }
            engine?.priorityChanged(self)
        }
    }

    /// The view the constraint is installed on while active: the items' nearest common
    /// ancestor.
    unowned(unsafe) var installedOn: View?
    /// Where it is in that view's installed list, for a removal without a search.
    var installedIndex = -1
    /// The window engine holding it, and its solver constraint (LayoutEngine.swift).
    weak var engine: LayoutEngine?
    var solverID: LayoutConstraintIDBox?
    /// Whether a problem with the constraint has been reported (each is reported once).
    var wasReported = false

    /// `item.attribute relation multiplier × toItem.attribute + constant` (UIKit's
    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`). Items are
    /// views or layout guides.
    public init(
        item: AnyObject, attribute: Attribute, relatedBy relation: Relation, toItem: AnyObject?, attribute secondAttribute: Attribute,
        multiplier: Double = 1, constant: Double = 0
    ) {
        first = item as? any LayoutItem
        second = toItem as? any LayoutItem
        firstAttribute = attribute
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.relation = relation
        self.multiplier = multiplier
        self.constant = constant
        first?.noteNamed(by: self)
        if second !== first { second?.noteNamed(by: self) }
    }

    isolated deinit {
        first?.forgetNamed(by: self)
        if second !== first { second?.forgetNamed(by: self) }
    }

    /// An item is being deinitialised: the constraint is deactivated and forgets it.
    func itemIsGoing(_ item: AnyObject) {
        isActive = false
        if first === item { first = nil }
        if second === item { second = nil }
    }

    /// Whether the layout keeps the constraint. Setting it true installs it on the items'
    /// nearest common ancestor; a constraint whose items have none (different windows, or not in
    /// one hierarchy), a NaN or infinite number, or an x attribute related to a y one is refused,
    /// reported once, and stays inactive.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { install() } else { uninstall() }
        }
    }

    /// Activates each constraint (UIKit's `NSLayoutConstraint.activate`).
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// Why the constraint cannot be made active, or nil.
    var problem: String? {
        guard first != nil else { return "its first item is gone" }
        if !multiplier.isFinite || !constant.isFinite {
            return "its multiplier (\(multiplier)) and constant (\(constant)) must be finite numbers"
        }
        if firstAttribute == .notAnAttribute { return "its first attribute is notAnAttribute" }
        if secondAttribute == .notAnAttribute {
            if second != nil || firstAttribute.axis != .dimension {
                return "only a width or a height can equal a constant; give a second item for a position"
            }
            return nil
        }
        guard second != nil else { return "its second item is gone" }
        if firstAttribute.axis != secondAttribute.axis, !(firstAttribute.axis == .dimension || secondAttribute.axis == .dimension) {
            return "an x position (\(firstAttribute)) cannot be related to a y position (\(secondAttribute)), nor the reverse"
        }
        if firstAttribute.axis == .dimension || secondAttribute.axis == .dimension, firstAttribute.axis != secondAttribute.axis {
            return "a size (width or height) can only be related to a size"
        }
        if (firstAttribute.isDirectional && secondAttribute.isAbsoluteX) || (firstAttribute.isAbsoluteX && secondAttribute.isDirectional) {
            return "a leading or trailing edge cannot be related to a left or right one (they swap under right-to-left languages)"
        }
        return nil
    }

    private func install() {
        guard installedOn == nil else { return }
        if let problem {
            LayoutEngine.reportOnce(&wasReported, "\(self) was not activated: \(problem)")
            return
        }
        guard let ancestor = commonAncestor() else {
            let windows = [first?.layoutView?.window, second?.layoutView?.window]
            let reason =
                windows[0] != nil && windows[1] != nil && windows[0] !== windows[1]
                ? "its items are in different windows; a constraint relates views of one window only"
                : "its items have no common ancestor; add both views to one hierarchy (addSubview) before activating it"
            LayoutEngine.reportOnce(&wasReported, "\(self) was not activated: \(reason)")
            return
        }
        installedOn = ancestor
        let state = ancestor.autoLayoutState
        installedIndex = state.installed.count
        state.installed.append(self)
        ancestor.window?.layoutEngine.add(self)
        first?.layoutView?.setNeedsLayout()
    }

    private func uninstall() {
        guard let ancestor = installedOn else { return }
        engine?.remove(self)
        let state = ancestor.autoLayoutState
        let last = state.installed.count - 1
        if installedIndex != last {
            state.installed[installedIndex] = state.installed[last]
            state.installed[installedIndex].installedIndex = installedIndex
        }
        state.installed.removeLast()
        installedIndex = -1
        installedOn = nil
        ancestor.setNeedsLayout()
    }

    /// The nearest view that is, or contains, both items' views.
    func commonAncestor() -> View? {
        guard let a = first?.layoutContainer else { return nil }
        guard let secondItem = second else { return a }
        guard let b = secondItem.layoutContainer else { return nil }
        var chain: [View] = []
        var view: View? = a
        while let current = view {
            chain.append(current)
            view = current.superview
        }
        view = b
        while let current = view {
            if chain.contains(where: { $0 === current }) { return current }
            view = current.superview
        }
        return nil
    }

    /// A one-line description, for messages and logs.
    public var description: String {
        var text = identifier.map { "\($0): " } ?? ""
        text += "\(LayoutEngine.name(of: first)).\(firstAttribute) \(relation) "
        if second == nil, secondAttribute == .notAnAttribute {
            text += "\(constant)"
        } else {
            if multiplier != 1 { text += "\(multiplier) × " }
            text += "\(LayoutEngine.name(of: second)).\(secondAttribute)"
            if constant != 0 { text += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        }
        if !priority.isRequired { text += " @\(priority)" }
        return text
    }
}

/// A solver constraint, boxed so a constraint can hold it optionally without knowing PanelLayout.
struct LayoutConstraintIDBox {
    var id: PanelLayout.LayoutConstraintID
    /// The part of the solver's constant that comes from the items (right-to-left mirroring,
    /// baselines): the solver's constant is this minus the constraint's constant.
    var base: Double
}
