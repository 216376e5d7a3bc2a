/// What a constraint can relate: a view or a layout guide.
@MainActor
protocol LayoutItem: AnyObject {
    /// The view whose coordinates the item's position is in: a view's superview, a guide's
    /// owning view.
    var layoutParent: View? { get }
    /// The view the item is, or belongs to.
    var layoutView: View? { get }
    /// The view a constraint on the item must be installed in or above: the view itself, or a
    /// guide's owning view.
    var layoutContainer: View? { get }
    /// The item's variables in its window's engine (LayoutEngine.swift), while it has them.
    var layoutNode: LayoutNode? { get set }
    /// Notes a constraint that names the item, to clear it when the item goes.
    func noteNamed(by constraint: LayoutConstraint)
    /// Forgets a constraint that is going.
    func forgetNamed(by constraint: LayoutConstraint)
}

/// A constraint that names an item, held without keeping it alive.
struct NamingConstraint {
    unowned(unsafe) let constraint: LayoutConstraint
}

extension View: LayoutItem {
    var layoutParent: View? { superview }
    var layoutView: View? { self }
    var layoutContainer: View? { self }
    var layoutNode: LayoutNode? {
        get { autoLayout?.node }
        set { autoLayoutState.node = newValue }
    }
    func noteNamed(by constraint: LayoutConstraint) { autoLayoutState.naming[ObjectIdentifier(constraint)] = NamingConstraint(constraint: constraint) }
    func forgetNamed(by constraint: LayoutConstraint) { autoLayout?.naming[ObjectIdentifier(constraint)] = nil }
}
