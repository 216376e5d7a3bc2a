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
}

extension View: LayoutItem {
    var layoutParent: View? { superview }
    var layoutView: View? { self }
    var layoutContainer: View? { self }
    var layoutNode: LayoutNode? {
        get { autoLayout?.node }
        set { autoLayoutState.node = newValue }
    }
}
