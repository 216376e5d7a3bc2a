/// A rectangle that takes part in Auto Layout without being a view: UIKit's `UILayoutGuide`.
///
/// Add one to a view (``View/addLayoutGuide(_:)``) and constrain it like a view: to space
/// views out equally, or to centre a group. Its ``layoutFrame`` is in the owning view's
/// coordinates. Every view has two built in: ``View/safeAreaLayoutGuide`` and
/// ``View/layoutMarginsGuide``.
@MainActor
public final class LayoutGuide: LayoutItem, @MainActor CustomStringConvertible {
    /// The view the guide belongs to (not kept alive by the guide, as in UIKit; nil once it
    /// has gone). Unowned and unchecked rather than weak, for the view's sake (see
    /// LayoutConstraint's items); the view clears it as it goes.
    public internal(set) unowned(unsafe) var owningView: View?
    /// A name that messages about the guide show.
    public var identifier = ""
    var layoutNode: LayoutNode?
    /// The constraints naming the guide.
    var naming: [ObjectIdentifier: NamingConstraint] = [:]
    /// What the guide follows, for the built-in ones.
    let role: Role

    enum Role { case free, safeArea, margins }

    /// A guide to add to a view with ``View/addLayoutGuide(_:)``.
    public convenience init() { self.init(role: .free) }

    init(role: Role) { self.role = role }

    isolated deinit {
        for entry in naming.values { entry.constraint.itemIsGoing(self) }
    }

    func noteNamed(by constraint: LayoutConstraint) { naming[ObjectIdentifier(constraint)] = NamingConstraint(constraint: constraint) }
    func forgetNamed(by constraint: LayoutConstraint) { naming[ObjectIdentifier(constraint)] = nil }

    var layoutParent: View? { owningView }
    var layoutView: View? { owningView }
    var layoutContainer: View? { owningView }

    /// The guide's rectangle in its owning view's coordinates, as the last layout pass solved it
    /// (zero before one).
    public var layoutFrame: Rect {
        guard let owningView else { return .zero }
        switch role {
        case .safeArea: return owningView.bounds.inset(by: owningView.safeAreaInsets)
        case .margins: return owningView.bounds.inset(by: owningView.layoutMargins)
        case .free:
            guard let node = layoutNode, let engine = node.engine else { return .zero }
            return engine.frame(of: node)
        }
    }

    /// The leading edge (the right one under a right-to-left language).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge (the left one under a right-to-left language).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge, whatever the language.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge, whatever the language.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }

    /// A one-line description, for messages and logs.
    public var description: String {
        switch role {
        case .safeArea: "\(LayoutEngine.name(of: owningView)).safeAreaLayoutGuide"
        case .margins: "\(LayoutEngine.name(of: owningView)).layoutMarginsGuide"
        case .free: identifier.isEmpty ? "LayoutGuide(\(LayoutEngine.name(of: owningView)))" : identifier
        }
    }
}
